/**
 * Content for route loaders (build time only: loaders never ship to the browser). The content is loaded and
 * validated once per build; `vpnsite dev` sets VPNSITE_LIVE_CONTENT=1 so an edited YAML file shows on reload.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, loadContent, type Content, type RouteEntry } from '../../services/content/index.ts';
import { listYamlFiles } from '../../services/content/source.ts';
import { dataDir } from './route-table.ts';

let cache: { content: Content; routes: RouteEntry[]; byPath: Map<string, RouteEntry>; stamp: string } | undefined;

function stamp(dir: string): string {
  if (process.env.VPNSITE_LIVE_CONTENT !== '1') return 'static';
  return listYamlFiles(dir).map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}`).join('|');
}

/** The validated content; throws with every error listed when the content is invalid. */
export function getContent(): { content: Content; routes: RouteEntry[]; byPath: ReadonlyMap<string, RouteEntry> } {
  const dir = dataDir();
  const now = stamp(dir);
  if (!cache || cache.stamp !== now) {
    const result = loadContent(dir);
    if (!result.content) {
      const errors = result.problems.filter((p) => p.severity === 'error').map(formatProblem);
      throw new Error(`content has ${errors.length} error(s):\n${errors.join('\n')}`);
    }
    const content = result.content;
    // --site-url overrides site.yaml's origin for canonical links and the sitemap.
    if (process.env.VPNSITE_SITE_URL) content.site = { ...content.site, url: process.env.VPNSITE_SITE_URL.replace(/\/$/, '') };
    // Every prerendered page looks its route up: a map keeps that constant-time however many pages there are.
    cache = { content, routes: result.routes, byPath: new Map(result.routes.map((r) => [r.path, r])), stamp: now };
  }
  return cache;
}

/** The route entry for a request, so a loader knows which content it renders. */
export function routeFor(request: Request): RouteEntry {
  const path = new URL(request.url).pathname.replace(/(.)\/$/, '$1');
  const entry = getContent().byPath.get(path);
  if (!entry) throw new Response('Not Found', { status: 404 });
  return entry;
}

export { today } from '../../services/content/index.ts';
