import { route, type RouteConfig } from '@react-router/dev/routes';
import type { RouteKind } from '../services/content/index.ts';
import { buildRoutes } from './lib/route-table.ts';

/** The module that renders each kind of route. Every content route is registered by its exact path. */
const MODULES: Record<Exclude<RouteKind, 'not-found'>, string> = {
  home: 'routes/home.tsx',
  reviews: 'routes/reviews.tsx',
  review: 'routes/review.tsx',
  deals: 'routes/deals.tsx',
  streaming: 'routes/streaming.tsx',
  gaming: 'routes/gaming.tsx',
  guide: 'routes/guide.tsx',
  page: 'routes/page.tsx',
  article: 'routes/article.tsx',
};

const content = buildRoutes()
  .filter((r) => r.kind !== 'not-found')
  .map((r) => route(r.path, MODULES[r.kind as Exclude<RouteKind, 'not-found'>], { id: `${r.kind}:${r.path}` }));

// `*` has no loader: with ssr:false it would have nothing to prerender. /404 is prerendered through it.
export default [...content, route('*', 'routes/not-found.tsx')] satisfies RouteConfig;
