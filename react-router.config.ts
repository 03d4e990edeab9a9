import type { Config } from '@react-router/dev/config';
import { buildRoutes } from './site/lib/route-table.ts';

/**
 * Static site: every route is prerendered at build time (ssr: false). `vpnsite build` points the build at a
 * temporary directory through VPNSITE_BUILD_DIR and swaps it into place only when everything succeeded.
 */
export default {
  appDirectory: 'site',
  ssr: false,
  buildDirectory: process.env.VPNSITE_BUILD_DIR ?? 'build',
  prerender: {
    paths: () => buildRoutes().map((r) => r.path),
    concurrency: Number(process.env.VPNSITE_PRERENDER_CONCURRENCY ?? 4),
  },
} satisfies Config;
