/**
 * The site search's index, written by Pagefind into `pagefind/` of the built site: a static index in chunks that the
 * browser fetches only when someone searches, so no server is needed and no page loads any of it up front.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import type { Content, RouteEntry, RouteKind } from '../../services/content/index.ts';
import { FIGURE_SELECTORS, indexedExtra } from './search-weights.ts';
import { SITE_PAGES_FILE, type SitePage } from '../../services/http/closest-pages.ts';

/** Where the index lives in the built site, and the module the pages import from there on first use. */
export const SEARCH_DIR = 'pagefind';

/** What a result says it is; every other page of the index is a "Page". */
const TYPES: Partial<Record<RouteKind, string>> = {
  review: 'Review',
  article: 'Article',
  guide: 'Guide',
  compare: 'Comparison',
  'compare-index': 'Comparison',
  reviews: 'Best of',
  streaming: 'Best of',
  gaming: 'Best of',
  deals: 'Deals',
};

/**
 * The pages search finds: those in the sitemap, without the articles index's further pages (each only lists what
 * the articles themselves say). Pages kept out of search engines (the dashboard, the forms' and the newsletter's
 * pages, the not-found page) are kept out of the site's own search too.
 */
export const searchable = (routes: readonly RouteEntry[]) =>
  routes.filter((r) => r.kind !== 'not-found' && !r.noindex && r.pageNumber === undefined);

/** The built file of a route. */
const fileOf = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

// Pagefind's bundle carries its own ready-made interfaces; the site draws its own results and uses none of them.
const UNUSED = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
];

/** The end of an element whose text is laid out apart from the next one's. */
const CELL_END = /<\/(?:dt|dd|td|th|li)>/g;

/** Pages handed to Pagefind at once. */
const BATCH = 32;

/** A result's type: a review of a service that has shut down is an archive, and says so, wherever it is listed. */
const typeOf = (route: RouteEntry, main: string) =>
  route.kind === 'review' && main.includes('data-archived-review') ? 'Archived review' : (TYPES[route.kind] ?? 'Page');

/**
 * One page as the indexer gets it: its <main> alone, which is all the indexer reads of it (the whole page, with its
 * inline stylesheet and loader data, ~140 KB, made Pagefind's process spend ~2.4 times as long receiving and parsing
 * it, for the same records). The page's type goes to the indexer only: the page as shipped does not carry it.
 */
async function indexedPage(dir: string, route: RouteEntry, content: Content): Promise<{ url: string; content: string }> {
  const html = await readFile(join(dir, fileOf(route.path)), 'utf8');
  const main = /<main\b[^>]*>[\s\S]*<\/main>/.exec(html)?.[0];
  if (!main) throw new Error(`search index: ${route.path} has no <main>`);
  // A space after each term, definition and cell: the stat strips' `<dt>Servers:</dt><dd>5,400+</dd>` has no space
  // between its elements, and Pagefind joined them into one word ("Servers:5,400+Countries:162") in the results.
  const marked = main
    .replace(CELL_END, '$& ')
    .replace(
      /<main\b[^>]*>/,
      (open) => `${open}<span hidden data-pagefind-meta="type:${typeOf(route, main)}"></span>${indexedExtra(route, content)}`,
    );
  return { url: route.path, content: `<html lang="en"><body>${marked}</body></html>` };
}

/**
 * Indexes the searchable pages of the built site in `dir` (only their <main>: the header, menu and footer are the same
 * on every page) and writes the index into it. Each page's type goes into its record from the route table; a review's
 * rating comes from the page itself (`data-pagefind-meta` on the figure it shows); search-weights.ts adds what makes
 * a page rank for what it answers.
 */
export async function writeSearchIndex(dir: string, routes: readonly RouteEntry[], content: Content): Promise<number> {
  const { index, errors } = await pagefind.createIndex({
    rootSelector: 'main',
    excludeSelectors: ['svg', 'img', 'nav[aria-label="Breadcrumb"]', ...FIGURE_SELECTORS],
    forceLanguage: 'en',
  });
  try {
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    const pages = searchable(routes);
    // Pages go to Pagefind's process 32 at a time: one at a time, each waited on its answer before the next was sent.
    // Sent in the routes' order, so that the index comes out the same from one build to the next.
    for (let i = 0; i < pages.length; i += BATCH) {
      const batch = await Promise.all(pages.slice(i, i + BATCH).map((route) => indexedPage(dir, route, content)));
      const added = await Promise.all(batch.map((page) => index.addHTMLFile(page)));
      const failed = added.findIndex((a) => a.errors.length);
      if (failed >= 0) throw new Error(`search index: ${batch[failed]!.url}: ${added[failed]!.errors.join('; ')}`);
    }
    const written = await index.writeFiles({ outputPath: join(dir, SEARCH_DIR) });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    await Promise.all(UNUSED.map((f) => rm(join(dir, SEARCH_DIR, f), { force: true })));
    // The same pages by name, for the not-found page's closest matches (a few KB, fetched only there).
    const named: SitePage[] = pages.map((r) => ({ path: r.path, title: r.title.split(' | ')[0]! }));
    await writeFile(join(dir, SITE_PAGES_FILE), JSON.stringify(named));
    return pages.length;
  } finally {
    await pagefind.close();
  }
}
