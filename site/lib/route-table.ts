/** The route table as the router and the prerender list see it, read once per process. */
import { loadContent, NOT_FOUND_PATHS, PARAMETERISED, type RouteEntry } from '../../services/content/index.ts';
import { readSnapshotRoutes, snapshotDir } from '../../services/content/snapshot.ts';

/** The data directory: VPNSITE_DATA_DIR, or data/ in the working directory. */
export const dataDir = () => process.env.VPNSITE_DATA_DIR ?? 'data';

let cached: RouteEntry[] | undefined;

/**
 * Every route the content defines: from the snapshot `vpnsite build` wrote, or else from the content directory.
 * Content with errors still yields the routes of its valid files.
 */
export function buildRoutes(): RouteEntry[] {
  const snapshot = snapshotDir();
  cached ??= snapshot ? readSnapshotRoutes(snapshot) : loadContent(dataDir()).routes;
  return cached;
}

/** Whether the route is one of the many pages under a parameterised prefix (reviews, articles). */
export const isParameterisedPage = (r: RouteEntry) => r.kind in PARAMETERISED;

/**
 * The paths React Router prerenders: every page and the not-found pages. When `vpnsite build` renders the
 * reviews and articles itself, in parallel (VPNSITE_KEEP_SERVER_BUILD, scripts/build/render-pages.ts), React Router
 * renders the rest: one process, on one core, renders a page at a time.
 */
export function prerenderPaths(): string[] {
  const mine = process.env.VPNSITE_KEEP_SERVER_BUILD ? (r: RouteEntry) => !isParameterisedPage(r) : () => true;
  return [...buildRoutes().filter((r) => r.kind !== 'not-found' && mine(r)).map((r) => r.path), ...NOT_FOUND_PATHS];
}
