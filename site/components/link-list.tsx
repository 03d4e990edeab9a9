import { SiteLink } from './site-link';

/** One link of a LinkList: where it goes and what it says. */
export interface ListedLink {
  to: string;
  text: string;
}

/**
 * A list of plain links, one an item: the comparisons a review links to, the pairs on the comparison index, the
 * search page's directory, the footer's columns. The list's layout is the caller's; the links look alike.
 */
export function LinkList({
  links,
  className,
  testId,
  linkClassName = 'text-blue-700 hover:underline',
}: {
  links: readonly ListedLink[];
  className: string;
  testId?: string;
  linkClassName?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {links.map((l) => (
        <li key={l.to}>
          <SiteLink to={l.to} className={linkClassName}>
            {l.text}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
