import { SiteLink } from './site-link';
import type { SearchHit } from '../lib/search';

/** One result: its title as the link, what kind of page it is, the provider's rating on a review, and the passage that matched. */
export function SearchResult({ hit, compact = false }: { hit: SearchHit; compact?: boolean }) {
  return (
    <li className={compact ? 'px-3 py-2' : 'py-4'} data-testid="search-result">
      <div className="flex flex-wrap items-center gap-2">
        <SiteLink
          to={hit.url}
          className={`font-semibold text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 ${compact ? '' : 'text-lg'}`}
        >
          {hit.title}
        </SiteLink>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="search-result-type">
          {hit.type}
        </span>
        {hit.rating && (
          <span className="text-xs font-semibold text-amber-800" data-testid="search-result-rating">
            ★ {hit.rating}/5
          </span>
        )}
      </div>
      {/* Pagefind's excerpt: the page's own text, escaped, with the matched words in <mark>. */}
      <p
        className={`mt-1 text-slate-700 [&_mark]:bg-amber-100 [&_mark]:text-slate-900 ${compact ? 'line-clamp-2 text-xs' : 'text-sm leading-6'}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: Pagefind escapes the page text and adds only <mark> around the match
        dangerouslySetInnerHTML={{ __html: hit.excerpt }}
      />
    </li>
  );
}
