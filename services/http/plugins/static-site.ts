/** Serves the prerendered site: pages revalidated, hashed assets cached for a year, unknown paths get 404.html. */
import { existsSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SCHEDULE_FILE } from '../../content/publishing.ts';
import { contentSecurityPolicy, inlineScriptHashes } from '../csp.ts';
import { SITE_PAGES_FILE, withSuggestions, type SitePage } from '../closest-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** What the service reads of a build once, rather than on every request; read again when a new build is swapped in. */
interface BuildState {
  redirects: Map<string, { to: string; status: number }>;
  notFound: (url: string) => string;
  /** The not-found pages' text and policies, read on first use. */
  pages: Map<string, { body: string; policy: string }>;
  /** The pages the not-found page suggests from (a site built before the list existed suggests none), read on first use. */
  sitePages: () => SitePage[];
}

function readBuild(distDir: string): BuildState {
  if (!existsSync(join(distDir, '404.html'))) {
    throw new Error(`${distDir} has no 404.html: run \`vpnsite build\` first`);
  }
  let named: SitePage[] | undefined;
  const listed = join(distDir, SITE_PAGES_FILE);
  const sitePages = () => (named ??= existsSync(listed) ? (JSON.parse(readFileSync(listed, 'utf8')) as SitePage[]) : []);
  return { redirects: readRedirects(distDir), notFound: notFoundPages(distDir), pages: new Map(), sitePages };
}

/**
 * Each page's own policy (its inline scripts' hashes, no 'unsafe-inline'), taken from the file being sent and kept
 * while the file is the same one. A build swapped in replaces the files at once, before the service hears of it, so a
 * policy read from the build's manifest would for a moment be the old page's, and block the new page's scripts.
 */
function pagePolicies(): (path: string, stat: Stats) => string {
  const policies = new Map<string, { ino: number; mtimeMs: number; size: number; policy: string }>();
  return (path, stat) => {
    const known = policies.get(path);
    if (known && known.ino === stat.ino && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.policy;
    const policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(path, 'utf8')));
    policies.set(path, { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, policy });
    return policy;
  };
}

/** Filled in by the plugin: reads the built site again, after a new build was swapped into its directory. */
export interface SiteControl {
  reload?: () => void;
}

async function serveSite(app: FastifyInstance, opts: { distDir: string; control?: SiteControl }): Promise<void> {
  let build = readBuild(opts.distDir);
  const policyOf = pagePolicies();
  // Files are opened by path on each request, so a build swapped into distDir is served at once; what was read of
  // the old one is read again here (a scheduled build, or one run by hand, then calls it).
  if (opts.control) {
    opts.control.reload = () => {
      build = readBuild(opts.distDir);
    };
  }
  const assets = join(opts.distDir, 'assets') + sep;
  // @fastify/static hands setHeaders the raw response, whose headers the reply's own (helmet's default CSP among
  // them) would override. So setHeaders only notes the file, and an onSend hook sets the headers on the reply.
  const servedFile = Symbol('served file');
  type Noted = { [servedFile]?: { path: string; stat: Stats } };
  app.addHook('onRequest', async (request, reply) => {
    const { redirects } = build;
    if (!redirects.size || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const q = request.url.indexOf('?');
    const path = (q === -1 ? request.url : request.url.slice(0, q)).replace(/(.)\/$/, '$1');
    const hit = redirects.get(path);
    if (!hit) return;
    // The query goes along: a shared link's tracking or state survives the move.
    return reply
      .code(hit.status)
      .header('Location', hit.to + (q === -1 ? '' : request.url.slice(q)))
      .header('Cache-Control', 'public, max-age=86400')
      .send();
  });
  // The search index's chunks come gzipped by Pagefind, which unpacks them in script. @fastify/compress passes
  // compressed bytes through but still labels them with the encoding it chose (br), which the browser then fails to
  // decode; its own request header to leave a response alone keeps them as they are.
  app.addHook('onRequest', async (request) => {
    if (PRECOMPRESSED.test(request.url)) request.headers['x-no-compression'] = '1';
  });
  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: ['index.html'],
    cacheControl: false,
    allowedPath: (pathName: string) => !isPrivatePath(pathName),
    // Dotfiles in the build are for the build and the service (the CSP manifest): never served, as if absent.
    dotfiles: 'ignore',
    setHeaders: (res: unknown, path: string, stat: Stats) => void ((res as Noted)[servedFile] = { path, stat }),
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const served = (reply.raw as Noted)[servedFile];
    if (served === undefined) return payload;
    const { path, stat } = served;
    // Vite puts a content hash in every file name under assets/, so those never change.
    reply.header('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    if (path.endsWith('.html')) reply.header('Content-Security-Policy', policyOf(path, stat));
    // React Router's prerendered loader data for client-side navigation.
    if (path.endsWith('.data')) reply.header('Content-Type', 'text/x-script; charset=utf-8');
    return payload;
  });
  // Read once a build, like the policies: the handler also answers for /go/, whose context has no reply.sendFile.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ error: 'Not found' });
    const { notFound, pages, sitePages } = build;
    const file = notFound(request.url);
    let page = pages.get(file);
    if (!page) {
      const path = join(opts.distDir, file);
      const body = readFileSync(path, 'utf8');
      page = { body, policy: contentSecurityPolicy(inlineScriptHashes(body)) };
      pages.set(file, page);
    }
    return reply
      .code(404)
      .header('Cache-Control', REVALIDATE)
      .header('Content-Security-Policy', page.policy)
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(withSuggestions(page.body, request.url, sitePages()));
  });
}

/**
 * Which not-found page answers a path. `articles/404.html` answers `/articles/<one segment>`: the browser's router
 * matches `/articles/:slug` there, and that page was prerendered through the same route, so it hydrates as is.
 * Any other unknown path gets `404.html`, prerendered through the `*` route that the router matches there.
 */
export function notFoundPages(distDir: string): (url: string) => string {
  const prefixes = new Set(
    readdirSync(distDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(distDir, e.name, '404.html')))
      .map((e) => e.name),
  );
  return (url) => {
    const m = /^\/([^/?#]+)\/[^/?#]+\/?(?:[?#]|$)/.exec(url);
    return m && prefixes.has(m[1]!) ? `${m[1]}/404.html` : '404.html';
  };
}

/** The redirects the build writes for static hosts (Netlify and Cloudflare Pages read it by this name). */
export const REDIRECTS_FILE = '_redirects';

/**
 * True for a path that names a file the build wrote for itself, the service or a static host rather than for
 * visitors: any dotfile or dot-directory (the CSP manifest), the redirects file, and the schedule (which names
 * pages not yet published). Checked on every spelling that
 * reaches the same file: percent-encoded, with doubled or back slashes, with `.` or `..` segments, or a trailing slash.
 */
export function isPrivatePath(pathName: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  const segments: string[] = [];
  for (const s of decoded.split(/[/\\]+/)) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  return segments.some((s) => s.startsWith('.') || s.toLowerCase() === REDIRECTS_FILE || s.toLowerCase() === SCHEDULE_FILE);
}

/**
 * The build's `_redirects` as a map from path to target and status. Only exact paths are written there (each
 * head-to-head page's other order); a line with a wildcard or a placeholder, which only a host would understand, is
 * skipped.
 */
export function readRedirects(distDir: string): Map<string, { to: string; status: number }> {
  const file = join(distDir, REDIRECTS_FILE);
  const map = new Map<string, { to: string; status: number }>();
  if (!existsSync(file)) return map;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to, status = '301'] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || /[*:]/.test(from)) continue;
    map.set(from, { to, status: Number.parseInt(status, 10) || 301 });
  }
  return map;
}

/** Not encapsulated: the not-found page (and reply.sendFile) serve unknown /go/ slugs and every other route too. */
/** The search index's files that Pagefind writes gzipped (scripts/build/search-index.ts). */
const PRECOMPRESSED = /^\/pagefind\/[^?]*\.(?:pagefind|pf_meta|pf_index|pf_fragment|pf_filter)(?:\?|$)/;

export const staticSite = fp(serveSite, { name: 'static-site' });
