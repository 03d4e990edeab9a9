/**
 * `vpnsite dev`: the content's problems in the browser. Whenever a file under the content directory changes, the
 * content is checked again; its errors show in Vite's error overlay, one `file:line:col severity /pointer message`
 * line each, over whatever page is open, and a page opened meanwhile gets them too. Once the content is valid again
 * (and on every valid edit), the page reloads with it.
 */
import { watch } from 'node:fs';
import type { ErrorPayload, Plugin } from 'vite';
import { formatProblem, loadContent } from '../../services/content/index.ts';
import { buildJob } from '../../site/lib/build-job.ts';

/** The overlay's payload for a content directory, or undefined when it has no errors. */
export function contentErrors(dataDir: string): ErrorPayload | undefined {
  const errors = loadContent(dataDir).problems.filter((p) => p.severity === 'error');
  if (!errors.length) return undefined;
  const message = `The content has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map(formatProblem).join('\n')}`;
  return { type: 'error', err: { message, stack: '', plugin: 'vpnsite content', id: dataDir } };
}

/** The Vite plugin: active under `vpnsite dev` only (its job names a content directory to watch). */
export function contentOverlay(): Plugin {
  return {
    name: 'vpnsite-content-overlay',
    apply: 'serve',
    configureServer(server) {
      const job = buildJob();
      if (!job?.dev) return;
      let shown = contentErrors(job.dataDir);
      let timer: NodeJS.Timeout | undefined;
      const watcher = watch(job.dataDir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          shown = contentErrors(job.dataDir);
          server.ws.send(shown ?? { type: 'full-reload' });
        }, 150);
      });
      server.httpServer?.once('close', () => watcher.close());
      server.ws.on('connection', () => {
        if (shown) server.ws.send(shown);
      });
    },
  };
}
