/**
 * What the editor calls each kind of content in its list. The kinds themselves come from the content library; one
 * it has no name for here is listed under a name made from its own.
 */
const LABELS: Record<string, string> = {
  provider: 'Providers',
  'test-run': 'Test runs',
  tests: 'Test runs',
  testRun: 'Test runs',
  run: 'Test runs',
  article: 'Articles',
  guide: 'Guides',
  deals: 'Deals',
  page: 'Pages',
  site: 'Site settings',
  reviews: 'Reviews listing',
  gaming: 'Gaming page',
  streaming: 'Streaming page',
  methodology: 'Methodology',
  authors: 'Authors',
  comparison: 'Comparison',
  pair: 'Head-to-head pages',
};

/** "Test runs" for a kind named test-run, testRun or test_run: its words, capitalised once. */
export function kindLabel(kind: string): string {
  if (LABELS[kind]) return LABELS[kind];
  const words = kind
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The order the list shows kinds in: what writers edit most first, then the rest in the content library's order. */
const FIRST = ['provider', 'test-run', 'tests', 'testRun', 'run', 'article', 'guide', 'deals', 'page', 'site'];

export const kindRank = (kind: string, libraryIndex: number) => {
  const i = FIRST.indexOf(kind);
  return i === -1 ? FIRST.length + libraryIndex : i;
};
