/** Paths of pages that components link to by name: a module with no imports, so the browser's bundle can take it. */

/** How providers are tested and scored, from data/methodology.yaml. */
export const METHOD_PATH = '/how-we-test';

/** The table of every reviewed provider; each pair's page is under it. */
export const COMPARE_PATH = '/compare';

/** The site search's results page (site/routes/search.tsx). */
export const SEARCH_PATH = '/search';
