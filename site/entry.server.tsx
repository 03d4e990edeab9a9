/**
 * The server entry, used only to prerender pages (the site is built with `ssr: false`) and by `vpnsite dev`.
 *
 * React Router's default entry streams a page as it renders: React writes 4 KB chunks into a Node PassThrough,
 * which is turned into a web ReadableStream for the Response. A prerendered page is always read whole, after all of
 * it is ready, so here React writes into a Writable that keeps its chunks, and the Response gets the page as one
 * buffer. The HTML is the same to the byte; the stream plumbing was a tenth of a render thread's time.
 */
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { ContentError } from './lib/content.server';

/** How long a page may take to render before React gives up on what is still pending. */
export const streamTimeout = 5_000;

/** A Writable that keeps what React writes and hands it over whole at the end. */
function pageSink(done: (page: Uint8Array<ArrayBuffer>) => void): Writable {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return new Writable({
    write(chunk: Uint8Array, _encoding, next) {
      // React hands over each 4 KB view once and never writes into it again.
      chunks.push(chunk);
      size += chunk.byteLength;
      next();
    },
    final(next) {
      // A Buffer made by Buffer.concat lies in an ArrayBuffer, never a SharedArrayBuffer.
      done(Buffer.concat(chunks, size) as Uint8Array<ArrayBuffer>);
      next();
    },
  });
}

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') return Promise.resolve(new Response(null, { status, headers }));
  return new Promise((resolve, reject) => {
    let ready = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const rendering = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React moves a finished boundary bigger than this out of place, hidden until a script swaps it in; a page is
      // written only once all of it is ready, so every boundary stays where it stands and the page reads without
      // JavaScript (the contact form and the not-found page load their code on demand in the browser).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        ready = true;
        headers.set('Content-Type', 'text/html');
        rendering.pipe(
          pageSink((page) => {
            clearTimeout(timeout);
            resolve(new Response(page, { status, headers }));
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        // The page is still written, with what its error boundary shows, and its status says it failed, which
        // stops the build. Errors before the page was ready reach React Router, which logs them.
        status = 500;
        if (ready) console.error(error);
      },
    });
    // Abort what is still pending after the timeout, leaving React a second to write its fallbacks.
    timeout = setTimeout(() => rendering.abort(), streamTimeout + 1000);
  });
}

/**
 * Errors of loaders and rendering, logged as React Router does, except invalid content: `vpnsite dev` prints each
 * content problem once, and a stack trace on every request would bury them.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (error instanceof ContentError || request.signal.aborted) return;
  console.error(error);
}
