import type { Config } from '@react-router/dev/config';
import { buildJob } from './site/lib/build-job.ts';
import { prerenderPaths } from './site/lib/route-table.ts';

/**
 * Static site: every route is prerendered at build time (ssr: false). `vpnsite build` points the build at a
 * temporary directory (its job file, site/lib/build-job.ts) and swaps it into place only when everything succeeded.
 * The not-found pages (`/404`, and `/articles/404` and `/vpn-reviews/404` rendered through their parameterised
 * routes) are prerendered too; build/publish.ts moves them into place.
 */
export default {
  appDirectory: 'site',
  ssr: false,
  // Only React Router's own commands use this default: `vpnsite build` names a temporary directory. Not `build`
  // (that is the pipeline's folder), and not under .react-router/: there, `vpnsite dev` stopped following content
  // edits made after the first ones (tests/integration/dev-watch.test.ts).
  buildDirectory: buildJob()?.buildDirectory ?? '.react-router-build',
  prerender: { paths: prerenderPaths, concurrency: 4 },
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
