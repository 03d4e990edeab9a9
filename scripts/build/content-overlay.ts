/**
 * `vpnsite dev`: the content's problems in the browser, and new content at once. Whenever anything under the
 * content directory changes (scripts/build/watch-content.ts: renames and new files too), the content is checked
 * again; its errors show in Vite's error overlay, one `file:line:col severity /pointer message` line each, over
 * whatever page is open, and a page opened meanwhile gets them too. Once the content is valid again (and on every
 * valid edit), the page reloads with it. The content's permanent redirects (a head-to-head page asked for in the
 * other order, or one of a provider that has shut down) answer as `vpnsite serve` answers them from the build's
 * `_redirects`.
 *
 * A page that did not exist when the dev server started (a new review, article or guide) is served at once: the
 * server build, which carries the list of pages React Router agrees to render, is made again from the content, and
 * a new page that needs a route of its own (a guide, at /<slug>) restarts the dev server with the new route table.
 */
import type { ErrorPayload, Plugin, ViteDevServer } from 'vite';
import { formatProblem, pairRedirects, PARAMETERISED, type RouteEntry } from '../../services/content/index.ts';
import { loadFreshContent } from '../../services/content/fresh.ts';
import { buildJob } from '../../site/lib/build-job.ts';
import { watchContent } from './watch-content.ts';
import { devPaths } from './dev-paths.ts';

export interface ContentState {
  /** The overlay's payload; undefined when the content has no errors. */
  errors: ErrorPayload | undefined;
  /** The content's permanent redirects, by path. */
  redirects: Map<string, string>;
  /** Every page's path (content with errors still has the pages of its valid files). */
  pages: Set<string>;
  /** The paths that need a route of their own in the route config, sorted: a change means a new route table. */
  routed: string;
}

const ownRoute = (r: RouteEntry) => !(r.kind in PARAMETERISED) && r.pageNumber === undefined;

/** The content's state as the dev server shows it: what `vpnsite validate` would report, and its pages. */
export function contentState(dataDir: string): ContentState {
  const loaded = loadFreshContent(dataDir, { preview: true });
  const { comparison, providers } = loaded.content ?? {};
  const redirects = new Map(comparison && providers ? pairRedirects(providers, comparison.pairs.limit) : []);
  const pages = new Set(loaded.routes.map((r) => r.path));
  const routed = loaded.routes
    .filter(ownRoute)
    .map((r) => r.path)
    .sort()
    .join('\n');
  const errors = loaded.problems.filter((p) => p.severity === 'error');
  if (!errors.length) return { errors: undefined, redirects, pages, routed };
  const message = `The content has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map(formatProblem).join('\n')}`;
  return { errors: { type: 'error', err: { message, stack: '', plugin: 'vpnsite content', id: dataDir } }, redirects, pages, routed };
}

const SERVER_BUILD = '\0virtual:react-router/server-build';

/** Makes React Router build its server build again on the next request: its list of pages comes from the content. */
function refreshServerBuild(server: ViteDevServer): void {
  for (const env of Object.values(server.environments)) {
    const mod = env.moduleGraph.getModuleById(SERVER_BUILD);
    if (mod) env.moduleGraph.invalidateModule(mod);
    const runner = (env as { runner?: { evaluatedModules?: { getModuleById(id: string): unknown; invalidateModule(m: unknown): void } } })
      .runner;
    const evaluated = runner?.evaluatedModules?.getModuleById(SERVER_BUILD);
    if (evaluated) runner!.evaluatedModules!.invalidateModule(evaluated);
  }
}

/** The Vite plugin: active under `vpnsite dev` only (its job names a content directory to watch). */
export function contentOverlay(): Plugin {
  return {
    name: 'vpnsite-content-overlay',
    apply: 'serve',
    async configureServer(server) {
      const job = buildJob();
      if (!job?.dev) return;
      let state = contentState(job.dataDir);
      const stopWatching = await watchContent(job.dataDir, () => {
        const next = contentState(job.dataDir);
        // Content with errors keeps the last redirects: its pages are not shown meanwhile.
        const routedChanged = next.routed !== state.routed;
        state = { ...next, redirects: next.errors ? state.redirects : next.redirects };
        refreshServerBuild(server);
        if (routedChanged) {
          // The browser reconnects to the restarted server and reloads.
          void server.restart();
          return;
        }
        server.ws.send(state.errors ?? { type: 'full-reload' });
      });
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const to = state.redirects.get(url.pathname.replace(/(.)\/$/, '$1'));
        if (!to || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        res.writeHead(301, { location: `${to}${url.search}` }).end();
      });
      server.middlewares.use(devPaths(job.dev, () => state.pages));
      server.httpServer?.once('close', () => void stopWatching());
      server.ws.on('connection', () => {
        if (state.errors) server.ws.send(state.errors);
      });
    },
  };
}
