/** The route table as the router and the prerender list see it, read once per process. */
import { loadContent, NOT_FOUND_PATHS, PARAMETERISED, type RouteEntry } from '../../services/content/index.ts';
import { loadFreshContent } from '../../services/content/fresh.ts';
import { buildJob, readSnapshotRoutes } from './build-job.ts';

/** The content directory: the job's, or data/ in the working directory. */
export const dataDir = () => buildJob()?.dataDir ?? 'data';

let cached: RouteEntry[] | undefined;

/**
 * Every route the content defines: from the snapshot `vpnsite build` wrote, or else from the content directory.
 * Content with errors still yields the routes of its valid files.
 */
export function buildRoutes(): RouteEntry[] {
  const job = buildJob();
  // `vpnsite dev` asks again whenever the content changed (scripts/build/content-overlay.ts): a new page is served at once.
  if (job?.dev) return loadFreshContent(dataDir(), { preview: true }).routes;
  cached ??= job?.snapshot ? readSnapshotRoutes(job.snapshot) : loadContent(dataDir()).routes;
  return cached;
}

/** Whether the route is one of the many pages under a parameterised prefix (reviews, articles). */
export const isParameterisedPage = (r: RouteEntry) => r.kind in PARAMETERISED;

/**
 * The paths React Router prerenders itself: every page and the not-found pages or, when `vpnsite build` renders the
 * reviews and articles on every core (scripts/build/react-router.ts), the rest. React Router insists on
 * prerendering each route with a loader at least once under ssr:false; the not-found pages under the two prefixes
 * go through the review and article routes.
 */
export function prerenderPaths(): string[] {
  const mine = buildJob()?.render ? (r: RouteEntry) => !isParameterisedPage(r) : () => true;
  return [
    ...buildRoutes()
      .filter((r) => r.kind !== 'not-found' && mine(r))
      .map((r) => r.path),
    ...NOT_FOUND_PATHS,
  ];
}
