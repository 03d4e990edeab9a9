/**
 * What keeps the editor safe on a machine where other pages are open: it answers only its own pages (a request
 * another site's page makes, by its Origin or Sec-Fetch-Site, is refused, and so is a Host name that is not this
 * machine's, which is how a DNS-rebinding page would reach it), and it reads and writes only content files inside the
 * data directory, whatever path a request names.
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { kindOf } from '../../services/content/schemas/index.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Why a request is refused for where it comes from, or undefined when it is the editor's own page asking. */
export function foreignRequest(
  headers: Record<string, string | string[] | undefined>,
  listenHost: string,
  method = 'GET',
): string | undefined {
  const host = String(headers.host ?? '');
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  // Listening on every interface (--host 0.0.0.0) is asking to be reached by any of this machine's names.
  const anyName = listenHost === '0.0.0.0' || listenHost === '::';
  if (!anyName && !LOOPBACK_NAMES.has(hostname) && hostname !== listenHost.toLowerCase()) return `the editor does not answer to ${host}`;
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) return `requests from ${origin} are refused`;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'requests from another site are refused';
  // A change needs a page of the editor's own origin to have asked: browsers send Origin with every such request.
  if (method !== 'GET' && method !== 'HEAD' && origin === undefined) return 'a change must come from the editor page (no Origin header)';
  return undefined;
}

/** Thrown for a path the editor will not read or write. */
export class PathRefused extends Error {}

/**
 * The absolute path of a content file named by its data-relative path: refused when it leaves the data directory
 * (`..`, an absolute path, a link that leads out) or is no content file (no kind lives there).
 */
export function contentPath(dataDir: string, rel: unknown): { rel: string; abs: string } {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0')) throw new PathRefused('name a content file');
  const clean = normalize(rel).split(sep).join('/');
  if (isAbsolute(rel) || clean.startsWith('../') || clean === '..') throw new PathRefused(`${rel} is outside the data directory`);
  if (!/\.ya?ml$/.test(clean) || !kindOf(clean)) throw new PathRefused(`${rel} is no content file: no kind of content lives there`);
  const abs = join(dataDir, clean);
  const root = realpathSync(dataDir);
  // A link inside the data directory that leads out of it is outside it too.
  const parent = join(abs, '..');
  const real = existsSync(abs)
    ? realpathSync(abs)
    : existsSync(parent)
      ? join(realpathSync(parent), clean.split('/').at(-1)!)
      : join(root, clean);
  const inside = relative(root, real);
  if (inside.startsWith('..') || isAbsolute(inside)) throw new PathRefused(`${rel} leads outside the data directory`);
  return { rel: clean, abs };
}
