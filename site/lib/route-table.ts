/** The route table as the router and the prerender list see it, read once per process. */
import { loadContent, type RouteEntry } from '../../services/content/index.ts';
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
