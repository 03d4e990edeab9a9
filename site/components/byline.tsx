import { Icon } from './icon';

export interface AuthorCard {
  id: string;
  name: string;
  role: string;
  bio: string;
}

/** "By Daniel Okafor, Lead Security Reviewer · Updated January 2025": who stands behind the page, and when. */
export function Byline({
  author,
  by,
  updated,
  updatedLabel,
  className = '',
}: {
  author?: AuthorCard;
  by: string;
  updated: string;
  updatedLabel: string;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${className}`} data-testid="byline">
      {author && (
        <>
          <span>
            {by}{' '}
            <span className="font-semibold" data-testid="author">
              {author.name}
            </span>
            , {author.role}
          </span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <span className="inline-flex items-center gap-1">
        <Icon name="calendar" size={16} />
        <time dateTime={updated}>{updatedLabel}</time>
      </span>
    </p>
  );
}

/** The author's short bio at the end of the page. */
export function AuthorBio({ author, heading }: { author: AuthorCard; heading: string }) {
  return (
    <aside className="mt-12 rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="about-author" data-testid="author-bio">
      <h2 id="about-author" className="text-lg font-bold">
        {heading.replace('{name}', author.name)}
      </h2>
      <p className="mt-1 text-sm font-medium text-slate-600">{author.role}</p>
      <p className="mt-3 leading-7 text-slate-700">{author.bio}</p>
    </aside>
  );
}
