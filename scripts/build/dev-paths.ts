/**
 * `vpnsite dev` answers what `vpnsite serve` answers: an unknown page is a 404 (with the site's not-found page, as
 * serve sends it), never a 200; and when no service runs beside the dev server, its paths (/go/, /api/, /healthz)
 * are a 503 that says why, not the not-found page rendered by the router.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NOT_FOUND_PATH, NOT_FOUND_PATHS, PARAMETERISED, RESERVED_SLUG } from '../../services/content/index.ts';
import type { BuildJob } from '../../site/lib/build-job.ts';

/** The service's own paths, which the dev server passes on to it (vite.config.ts). */
export const SERVICE_PREFIXES = ['/go/', '/api/', '/healthz', '/newsletter/confirm'] as const;

const isServicePath = (path: string, method: string | undefined) =>
  SERVICE_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p) || (path === '/newsletter/unsubscribe' && method === 'POST');

/** A request for a page, as opposed to a module, an asset or one of the dev server's own paths. */
const isPageRequest = (path: string) => !/^\/(@|__|node_modules\/)/.test(path) && !/\.[^/]*$/.test(path);

/** The not-found page for a path: the one under its parameterised prefix (see static-site.ts), else /404. */
function notFoundFor(path: string): string {
  const prefix = Object.values(PARAMETERISED).find((p) => new RegExp(`^${p}/[^/]+/?$`).test(path));
  return prefix ? `${prefix}/${RESERVED_SLUG}` : NOT_FOUND_PATH;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a browser gets for a service path while no service runs beside the dev server. */
const offPage = (why: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not available in vpnsite dev</title><h1>Not available in vpnsite dev</h1><p>${escapeHtml(why)}</p><p><a href="/">Back to the home page</a></p></html>\n`;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function devPaths(dev: NonNullable<BuildJob['dev']>, pages: () => ReadonlySet<string>): Middleware {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (isServicePath(path, req.method)) {
      if (dev.serviceUrl) return next();
      const why = `${path} is off in vpnsite dev: ${dev.serviceOff ?? 'no service runs beside it'}`;
      // A browser following a deal button or posting a form without JavaScript is shown a page; the site's own
      // scripts, which ask for JSON, get the error they show.
      if (/\btext\/html\b/.test(req.headers.accept ?? '')) {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(offPage(why));
        return;
      }
      res
        .writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        .end(JSON.stringify({ error: why }));
      return;
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPageRequest(path)) return next();
    const page = path.replace(/(.)\/$/, '$1');
    if (pages().has(page) || NOT_FOUND_PATHS.includes(page)) return next();
    // The not-found page, rendered for its own path and sent as a 404.
    req.url = `${notFoundFor(page)}${url.search}`;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((_status: number, ...rest: unknown[]) => writeHead(404, ...rest)) as typeof res.writeHead;
    res.statusCode = 404;
    next();
  };
}
