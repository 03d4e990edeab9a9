import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './site/lib/route-table.ts';

/**
 * Static site: every route is prerendered at build time (ssr: false). `vpnsite build` points the build at a
 * temporary directory through VPNSITE_BUILD_DIR and swaps it into place only when everything succeeded.
 * Besides every content page, the list holds the not-found pages (`/404`, and `/articles/404` and
 * `/vpn-reviews/404` rendered through their parameterised routes; scripts/build/publish.ts moves them into place).
 */
export default {
  appDirectory: 'site',
  ssr: false,
  buildDirectory: process.env.VPNSITE_BUILD_DIR ?? 'build',
  prerender: {
    paths: prerenderPaths,
    concurrency: Number(process.env.VPNSITE_PRERENDER_CONCURRENCY ?? 4),
  },
  // Every flag of what React Router 8 makes the default, taken now (https://reactrouter.com/upgrading/future), so
  // that `react-router dev` and `build` start without a warning for each. Loaders read their page from `url`, which
  // passThroughRequests keeps free of the `.data` suffix that `request.url` now carries.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
