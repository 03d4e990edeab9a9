// @ts-check
/**
 * The caches of `vpnsite validate` and `vpnsite build`, as linters and bundlers keep theirs: the compiled schemas,
 * the rendered pages with their gzip sizes, and the CLI's compiled bundles. An entry
 * is named by a key (a hash of what it was made from), so a stale entry is never read; written whole or not at all
 * (write-file-atomic: a temporary file renamed into place), so a reader never sees half of one; and swept once
 * unused. A cache is only ever an optimisation: what cannot be read is made again, what cannot be written is made
 * again next time. Plain JavaScript, so that scripts/vpnsite.js can use it before any TypeScript runs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import writeFileAtomic from 'write-file-atomic';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** How long an entry nothing uses stays: the caches of scratch builds and data directories in temporary directories. */
export const STALE_MS = 14 * 24 * 3600 * 1000;

/**
 * A path in the cache (node_modules/.cache/vpnsite, or VPNSITE_CACHE_DIR); undefined with VPNSITE_CACHE=0.
 * @param {string[]} parts
 */
export function cachePath(...parts) {
  if (process.env.VPNSITE_CACHE === '0') return undefined;
  return join(process.env.VPNSITE_CACHE_DIR || join(ROOT, 'node_modules', '.cache', 'vpnsite'), ...parts);
}

/**
 * A key for what an entry is made from: a hash of the parts, in order.
 * @param {(string | Buffer)[]} parts
 */
export function cacheKey(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The entry's text; undefined when there is none or it cannot be read.
 * @param {string | undefined} path
 */
export function readEntry(path) {
  try {
    return path === undefined ? undefined : readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Writes a cache entry whole, with its directory: a new file renamed into place, never a write into the file there
 * (a rendered page and its cached copy may be one file, a hard link, and the page must stay). Without fsync: an
 * entry lost in a crash is only made again. False when it could not.
 * @param {string | undefined} path
 * @param {string | Uint8Array} data
 */
export function writeEntry(path, data) {
  try {
    if (path === undefined) return false;
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic.sync(path, typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      fsync: false,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Marks an entry as used now, so that a sweep by age spares it.
 * @param {string} path
 */
export function touch(path) {
  const now = new Date();
  try {
    utimesSync(path, now, now);
  } catch {
    // Gone already.
  }
}

/**
 * Removes the entries of `dir` that `match` (all without it) and `keep` does not name, once unused for `ageMs`.
 * @param {string} dir
 * @param {{ match?: RegExp; keep?: Iterable<string>; ageMs: number }} opts
 */
export function sweep(dir, { match, keep = [], ageMs }) {
  const kept = new Set(keep);
  let names = /** @type {string[]} */ ([]);
  try {
    names = readdirSync(dir);
  } catch {
    // No such directory: nothing to sweep.
  }
  for (const name of names) {
    if (kept.has(name) || (match && !match.test(name))) continue;
    try {
      if (ageMs === 0 || Date.now() - statSync(join(dir, name)).mtimeMs > ageMs) rmSync(join(dir, name), { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another run.
    }
  }
}
