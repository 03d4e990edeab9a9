/** Shapes the prerendered output for static hosting and swaps it into place in one rename. */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NOT_FOUND_PATHS } from '../content/routes.ts';

/**
 * 404.html at the root (what static hosts and `vpnsite serve` answer unknown paths with), and articles/404.html and
 * vpn-reviews/404.html for unknown slugs under those prefixes (services/http/plugins/static-site.ts); no SPA fallback.
 */
export async function shapeOutput(clientDir: string): Promise<void> {
  for (const path of NOT_FOUND_PATHS) {
    const dir = join(clientDir, ...path.split('/'));
    await rename(join(dir, 'index.html'), `${dir}.html`);
    await rm(dir, { recursive: true, force: true });
  }
  await rm(join(clientDir, '__spa-fallback.html'), { force: true });
  await rm(join(clientDir, '.vite'), { recursive: true, force: true });
}

/** Replaces `out` with `ready` so that `out` is always either the old site or the new one, never half of each. */
export async function swapInto(ready: string, out: string): Promise<void> {
  const old = `${out}.old-${process.pid}`;
  const hadOld = existsSync(out);
  if (hadOld) await rename(out, old);
  try {
    await rename(ready, out);
  } catch (err) {
    if (hadOld) await rename(old, out);
    throw err;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/** Moves a finished build to `to`, copying when the two are on different file systems. */
export async function stage(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true });
  }
}

/** Every file below dir, as paths relative to it. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out;
}

/** Total size in bytes of the given files. */
export async function totalBytes(dir: string, files: string[]): Promise<number> {
  let total = 0;
  for (const f of files) total += (await stat(join(dir, f))).size;
  return total;
}

export async function ensureParent(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}
