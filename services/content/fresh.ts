/**
 * The content as it is on disk now, loaded once per change for the whole process. Under `vpnsite dev` the dev
 * server's plugin, its route config and its page loaders each run in a module graph of their own, and each loaded
 * and validated the whole content after every save: three loads where one will do, most of the time before a new
 * page could be served. The cache hangs off globalThis so that all of them share it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadContent, type LoadOptions, type LoadResult } from './index.ts';
import { LOGO_DIR } from './logos.ts';
import { listYamlFiles } from './source.ts';

/** Every content file and logo with its size and modification time: it changes whenever any of them does. */
export function contentStamp(dir: string): string {
  const logos = existsSync(join(dir, LOGO_DIR)) ? readdirSync(join(dir, LOGO_DIR)).map((f) => join(LOGO_DIR, f)) : [];
  return [...listYamlFiles(dir), ...logos]
    .map((f) => {
      try {
        const s = statSync(join(dir, f));
        return `${f}:${s.mtimeMs}:${s.size}`;
      } catch {
        // Gone between the listing and now: the next look sees the change.
        return `${f}:gone`;
      }
    })
    .join('|');
}

const KEY = Symbol.for('vpnsite.fresh-content');
interface Shared {
  cache: Map<string, { stamp: string; result: LoadResult }>;
  /**
   * The loadContent of the first module graph to load: every graph loads through it, since each graph compiles
   * the schemas again on its first load (seconds), and one that had never loaded would do so after a save.
   */
  load: typeof loadContent;
}
const shared = ((globalThis as Record<symbol, Shared | undefined>)[KEY] ??= { cache: new Map(), load: loadContent });
const { cache } = shared;

/** loadContent, again only when a file under dir changed since the last call with the same options. */
export function loadFreshContent(dir: string, opts: Pick<LoadOptions, 'preview' | 'today' | 'now'> = {}): LoadResult {
  if (!existsSync(dir)) return loadContent(dir, opts);
  const key = `${resolve(dir)}\0${opts.preview ? 1 : 0}\0${opts.today ?? ''}\0${opts.now ?? ''}`;
  const stamp = contentStamp(dir);
  const hit = cache.get(key);
  if (hit?.stamp === stamp) return hit.result;
  const result = shared.load(dir, opts);
  cache.set(key, { stamp, result });
  return result;
}
