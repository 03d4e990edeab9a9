import { route, type RouteConfig } from '@react-router/dev/routes';
import { PARAMETERISED, type RouteKind } from '../services/content/index.ts';
import { buildRoutes } from './lib/route-table.ts';

type PageKind = Exclude<RouteKind, 'not-found'>;

/** The module that renders each kind of route. */
const MODULES: Record<PageKind, string> = {
  home: 'routes/home.tsx',
  reviews: 'routes/reviews.tsx',
  review: 'routes/review.tsx',
  deals: 'routes/deals.tsx',
  streaming: 'routes/streaming.tsx',
  gaming: 'routes/gaming.tsx',
  guide: 'routes/guide.tsx',
  page: 'routes/page.tsx',
  article: 'routes/article.tsx',
  'form-result': 'routes/form-result.tsx',
  stats: 'routes/stats.tsx',
  method: 'routes/how-we-test.tsx',
  'compare-index': 'routes/compare-index.tsx',
  compare: 'routes/compare.tsx',
  search: 'routes/search.tsx',
};

const isParameterised = (kind: RouteKind): kind is keyof typeof PARAMETERISED => kind in PARAMETERISED;

// Reviews and articles grow with the content: one `<prefix>/:slug` route each, so the manifest every page ships
// (ssr:false) stays the same size however many there are. The few single pages, guides and company pages keep
// exact paths. The prerender list (react-router.config.ts) still names every page.
const table = buildRoutes();
const exact = table
  .filter((r) => r.kind !== 'not-found' && !isParameterised(r.kind) && r.pageNumber === undefined)
  .map((r) => route(r.path, MODULES[r.kind as PageKind], { id: `${r.kind}:${r.path}` }));
// The articles index's further pages, one route for all of them, for the same reason.
const indexPages = [...new Set(table.filter((r) => r.pageNumber !== undefined).map((r) => r.slug!))].map((slug) =>
  route(`${slug}/page/:n`, 'routes/page.tsx', { id: `page:/${slug}/page` }),
);
const parameterised = Object.entries(PARAMETERISED).map(([kind, prefix]) =>
  route(`${prefix}/:slug`, MODULES[kind as PageKind], { id: kind }),
);

// `*` has no loader: with ssr:false it would have nothing to prerender. /404 is prerendered through it.
export default [...exact, ...indexPages, ...parameterised, route('*', 'routes/not-found.tsx')] satisfies RouteConfig;
