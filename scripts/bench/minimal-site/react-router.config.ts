import type { Config } from '@react-router/dev/config';

/**
 * The render floor's site (scripts/bench/render-floor.ts): React Router in the same mode as the real site. React
 * Router prerenders the home page and /p/0 (with ssr:false a route with a loader must be prerendered at least once);
 * the other pages under /p/ are rendered by the real site's render workers.
 */
export default {
  appDirectory: 'app',
  ssr: false,
  buildDirectory: process.env.VPNSITE_BUILD_DIR ?? 'build',
  prerender: ['/', '/p/0'],
} satisfies Config;
