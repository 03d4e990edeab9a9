/** The route table: every page the site builds, derived from content. One source for the router, the prerender list, link checks and the sitemap. */
import { COMPARE_PATH, METHOD_PATH, SEARCH_PATH } from './paths.ts';
import { comparePairs, pairText } from './pairs.ts';
import { FORM_RESULTS, type Meta, type RouteContent } from './route-content.ts';
import { hasArticleCards, hasContactForm } from './route-stubs.ts';

export type RouteKind =
  | 'home'
  | 'reviews'
  | 'review'
  | 'deals'
  | 'streaming'
  | 'gaming'
  | 'guide'
  | 'page'
  | 'article'
  | 'form-result'
  | 'stats'
  | 'method'
  | 'compare-index'
  | 'compare'
  | 'search'
  | 'not-found';

export interface RouteEntry {
  path: string;
  kind: RouteKind;
  /** The content slug for kinds that have one. */
  slug?: string;
  /** Data-relative file the page is mostly made from. */
  source: string;
  /** The content's own last-updated date (YYYY-MM-DD), for the sitemap and freshness checks. */
  updated?: string;
  title: string;
  description: string;
  /** A page that search engines must not index, left out of the sitemap. */
  noindex?: boolean;
  /** The articles index's page number, from 2: the index shows ARTICLES_PER_PAGE articles a page. */
  pageNumber?: number;
}

/** How many article cards one page of the articles index shows: at 10,000 articles, one page of all would be ~170 KB gzip. */
export const ARTICLES_PER_PAGE = 48;

export const NOT_FOUND_PATH = '/404';

/** The owner's dashboard. */
export const STATS_PATH = '/stats';

export { COMPARE_PATH, METHOD_PATH, SEARCH_PATH } from './paths.ts';

export { comparePairs, pairRedirects, pairText, ranked, type ComparePair } from './pairs.ts';

export { FORM_RESULTS, type Meta, type RouteContent } from './route-content.ts';

/**
 * The kinds that grow with the content, each registered with the router as one parameterised route
 * (`/vpn-reviews/:slug`) rather than one route per page: with ssr:false the whole route manifest ships to every
 * page, so per-page routes made every page's JavaScript and every route match grow with the number of pages.
 */
export const PARAMETERISED = { review: '/vpn-reviews', article: '/articles', compare: COMPARE_PATH } as const satisfies Partial<
  Record<RouteKind, string>
>;

/** The slug no page may take: `<prefix>/404` is the not-found page for unknown slugs under that prefix. */
export const RESERVED_SLUG = '404';

/** The not-found pages: `/404` for any unknown path, and one under each parameterised prefix (see site/routes.ts). */
export const NOT_FOUND_PATHS: readonly string[] = [
  NOT_FOUND_PATH,
  ...Object.values(PARAMETERISED).map((prefix) => `${prefix}/${RESERVED_SLUG}`),
];

/** The route of a file's page: its path, kind and file, with the page's date, title and description. */
const pageRoute = (kind: RouteKind, path: string, source: string, page: { updated: string; meta: Meta }, slug?: string): RouteEntry => ({
  path,
  kind,
  ...(slug === undefined ? {} : { slug }),
  source,
  updated: page.updated,
  title: page.meta.title,
  description: page.meta.description,
});

/** Every route, home first. Pages exist only for content that exists: there are no placeholder pages. */
export function routeTable(content: RouteContent): RouteEntry[] {
  const { site } = content;
  const routes: RouteEntry[] = [pageRoute('home', '/', 'site.yaml', site.home)];
  if (content.reviews) routes.push(pageRoute('reviews', '/vpn-reviews', 'reviews.yaml', content.reviews));
  for (const p of content.providers)
    if (p.review) routes.push(pageRoute('review', `/vpn-reviews/${p.slug}`, `providers/${p.slug}.yaml`, p.review, p.slug));
  const single = [
    ['deals', '/vpn-deals', content.deals],
    ['streaming', '/vpn-streaming', content.streaming],
    ['gaming', '/vpn-gaming', content.gaming],
  ] as const;
  for (const [kind, path, page] of single) {
    if (page) routes.push(pageRoute(kind, path, `${kind}.yaml`, page));
  }
  if (content.methodology) routes.push(pageRoute('method', METHOD_PATH, 'methodology.yaml', content.methodology));
  if (content.comparison) {
    const c = content.comparison;
    routes.push(pageRoute('compare-index', COMPARE_PATH, 'comparison.yaml', c));
    const bySlug = new Map(content.providers.map((p) => [p.slug, p]));
    const own = new Map((content.pairs ?? []).map((p) => [p.slug, p]));
    for (const pair of comparePairs(content.providers, c.pairs?.limit)) {
      const a = bySlug.get(pair.a)!;
      const b = bySlug.get(pair.b)!;
      const file = own.get(pair.slug);
      // The page changes when either review, the shared words or the pair's own file does.
      const updated = [c.updated, a.review?.updated, b.review?.updated, file?.updated]
        .filter((d): d is string => !!d)
        .sort()
        .at(-1);
      routes.push({
        path: `${COMPARE_PATH}/${pair.slug}`,
        kind: 'compare',
        slug: pair.slug,
        source: file ? `compare/${pair.slug}.yaml` : 'comparison.yaml',
        updated,
        title: pairText(c.pair?.metaTitle ?? '', a.name, b.name),
        description: pairText(c.pair?.description ?? '', a.name, b.name),
      });
    }
  }
  for (const g of content.guides) {
    routes.push(pageRoute('guide', `/${g.slug}`, `guides/${g.slug}.yaml`, g, g.slug));
  }
  const indexPages = Math.max(1, Math.ceil(content.articles.length / ARTICLES_PER_PAGE));
  for (const p of content.pages) {
    routes.push(pageRoute('page', `/${p.slug}`, `pages/${p.slug}.yaml`, p, p.slug));
    // An articles index that holds more than one page of cards goes on at /<slug>/page/2 and so on.
    if (!hasArticleCards(p)) continue;
    for (let n = 2; n <= indexPages; n++) {
      routes.push({
        path: `/${p.slug}/page/${n}`,
        kind: 'page',
        slug: p.slug,
        source: `pages/${p.slug}.yaml`,
        updated: p.updated,
        title: `${p.meta.title} (page ${n})`,
        description: p.meta.description,
        pageNumber: n,
      });
    }
  }
  for (const a of content.articles) {
    routes.push(pageRoute('article', `/articles/${a.slug}`, `articles/${a.slug}.yaml`, a, a.slug));
  }
  // The form result pages: the newsletter's always (its form is in every footer), the contact form's when a page has it.
  const forms = content.pages.some(hasContactForm) ? (['newsletter', 'contact'] as const) : (['newsletter'] as const);
  for (const form of forms) {
    for (const [outcome, path] of Object.entries(FORM_RESULTS[form])) {
      // A site.yaml with a mistake in its form results still has their pages, untitled, so links to them resolve.
      const { title = '', text } =
        (site.formResults?.[form] as Record<string, { title?: string; text?: string }> | undefined)?.[outcome] ?? {};
      routes.push({ path, kind: 'form-result', source: 'site.yaml', title, description: text ?? title, noindex: true });
    }
  }
  // The owner's dashboard: a shell that reads /api/stats with the stats token; never indexed, not in the sitemap.
  routes.push({
    path: STATS_PATH,
    kind: 'stats',
    source: 'site.yaml',
    title: 'Stats',
    description: 'Views, clicks, conversions and earnings of the site, for its owner.',
    noindex: true,
  });
  // The site search's results: a static page that searches in the browser; never indexed, not in the sitemap.
  routes.push({
    path: SEARCH_PATH,
    kind: 'search',
    source: 'site.yaml',
    title: 'Search',
    description: 'Search every review, comparison, guide and article.',
    noindex: true,
  });
  routes.push({
    path: NOT_FOUND_PATH,
    kind: 'not-found',
    source: 'site.yaml',
    title: site.notFound.meta.title,
    description: site.notFound.meta.description,
  });
  return routes;
}

/** A path without its query string, fragment and trailing slash. */
export const normalizePath = (href: string) => href.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');

/** Looks a path up in the table, ignoring a query string, a fragment and a trailing slash. */
export function findRoute(routes: RouteEntry[], href: string): RouteEntry | undefined {
  const path = normalizePath(href);
  return routes.find((r) => r.path === path);
}

/** The table by path, for callers that look up many paths (a linear find per lookup is quadratic over a site). */
export function routesByPath(routes: readonly RouteEntry[]): Map<string, RouteEntry> {
  return new Map(routes.map((r) => [r.path, r]));
}
