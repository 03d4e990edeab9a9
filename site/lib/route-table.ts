/** The route table as the router and the prerender list see it, read from the content directory once per process. */
import { loadContent, type RouteEntry } from '../../services/content/index.ts';

/** The data directory: VPNSITE_DATA_DIR, or data/ in the working directory. */
export const dataDir = () => process.env.VPNSITE_DATA_DIR ?? 'data';

let cached: RouteEntry[] | undefined;

/** Every route the content defines. Content with errors still yields the routes of its valid files. */
export function buildRoutes(): RouteEntry[] {
  cached ??= loadContent(dataDir()).routes;
  return cached;
}
