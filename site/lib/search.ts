/**
 * The site search in the browser: Pagefind's module and index (scripts/build/search-index.ts), fetched from the built
 * site on first use only, so a page's first load carries none of it.
 */
import { SEARCH_PATH } from '../../services/content/paths.ts';

/** What one result shows. `excerpt` is Pagefind's HTML: the page's text, escaped, with each match in <mark>. */
export interface SearchHit {
  url: string;
  title: string;
  type: string;
  excerpt: string;
  rating?: string;
}

interface PagefindResult {
  data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string | undefined> }>;
}

interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** The module's address; a variable, so that the bundler leaves the import to the browser. */
const MODULE = '/pagefind/pagefind.js';

let loading: Promise<Pagefind> | undefined;

/** Loads the search once; a failed load (offline, no index built) is tried again on the next call. */
export function loadSearch(): Promise<Pagefind> {
  loading ??= (import(/* @vite-ignore */ MODULE) as Promise<Pagefind>).then(
    async (pagefind) => {
      await pagefind.options({ excerptLength: 22 });
      await pagefind.init();
      return pagefind;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The result's path as the site links it: Pagefind adds a final slash to a page's URL. */
const pathOf = (url: string) => url.replace(/(.)\/$/, '$1');

/** The first `limit` results for `query`, best first, with how many there are in all. */
export async function searchSite(query: string, limit: number): Promise<{ total: number; hits: SearchHit[] }> {
  const q = query.trim();
  if (!q) return { total: 0, hits: [] };
  const pagefind = await loadSearch();
  // null when a newer search started meanwhile (Pagefind's own debounce): nothing to show for this one.
  const found = await pagefind.search(q);
  if (!found) return { total: 0, hits: [] };
  const hits = await Promise.all(
    found.results.slice(0, limit).map(async (r) => {
      const d = await r.data();
      return { url: pathOf(d.url), title: d.meta.title ?? d.url, type: d.meta.type ?? 'Page', excerpt: d.excerpt, rating: d.meta.rating };
    }),
  );
  return { total: found.results.length, hits };
}

/** The results page's address for a query. */
export const searchHref = (query: string) => `${SEARCH_PATH}?q=${encodeURIComponent(query.trim())}`;
