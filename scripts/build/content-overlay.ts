/**
 * `vpnsite dev`: the content's problems in the browser. Whenever a file under the content directory changes, the
 * content is checked again; its errors show in Vite's error overlay, one `file:line:col severity /pointer message`
 * line each, over whatever page is open, and a page opened meanwhile gets them too. Once the content is valid again
 * (and on every valid edit), the page reloads with it. The content's permanent redirects (a head-to-head page asked
 * for in the other order, or one of a provider that has shut down) answer as `vpnsite serve` answers them from the
 * build's `_redirects`.
 */
import { watch } from 'node:fs';
import type { ErrorPayload, Plugin } from 'vite';
import { formatProblem, loadContent, pairRedirects } from '../../services/content/index.ts';
import { buildJob } from '../../site/lib/build-job.ts';

/** The overlay's payload (undefined when the content has no errors), and the content's redirects by path. */
export function contentState(dataDir: string): { errors: ErrorPayload | undefined; redirects: Map<string, string> } {
  const loaded = loadContent(dataDir);
  const { comparison, providers } = loaded.content ?? {};
  const redirects = new Map(comparison && providers ? pairRedirects(providers, comparison.pairs.limit) : []);
  const errors = loaded.problems.filter((p) => p.severity === 'error');
  if (!errors.length) return { errors: undefined, redirects };
  const message = `The content has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map(formatProblem).join('\n')}`;
  return { errors: { type: 'error', err: { message, stack: '', plugin: 'vpnsite content', id: dataDir } }, redirects };
}

/** The Vite plugin: active under `vpnsite dev` only (its job names a content directory to watch). */
export function contentOverlay(): Plugin {
  return {
    name: 'vpnsite-content-overlay',
    apply: 'serve',
    configureServer(server) {
      const job = buildJob();
      if (!job?.dev) return;
      let state = contentState(job.dataDir);
      let timer: NodeJS.Timeout | undefined;
      const watcher = watch(job.dataDir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          // Content with errors keeps the last redirects: its pages are not shown meanwhile.
          const next = contentState(job.dataDir);
          state = { errors: next.errors, redirects: next.errors ? state.redirects : next.redirects };
          server.ws.send(state.errors ?? { type: 'full-reload' });
        }, 150);
      });
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const to = state.redirects.get(url.pathname.replace(/(.)\/$/, '$1'));
        if (!to || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        res.writeHead(301, { location: `${to}${url.search}` }).end();
      });
      server.httpServer?.once('close', () => watcher.close());
      server.ws.on('connection', () => {
        if (state.errors) server.ws.send(state.errors);
      });
    },
  };
}
