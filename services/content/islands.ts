/**
 * The site's islands: the parts of a built page that load script, each when a visitor reaches it (docs/islands.md).
 * Each is a file under site/islands/, and site.yaml's budgets give each a size.
 */
export const ISLANDS = ['newsletter', 'contact', 'search', 'search-page', 'compare', 'stats'] as const;
export type IslandName = (typeof ISLANDS)[number];
