/**
 * How a page becomes HTML. With ssr:false this runs only at build time, once per prerendered page (React Router's
 * prerender and scripts/build/render-worker.mjs), so it waits for the whole page, loader data included, and hands
 * it over as one buffer.
 *
 * React Router's default streams instead: it flushes the shell, then the loader data's script boundaries as they
 * resolve, which leaves hidden `<div>`s, `<template>` markers and React's `$RC`/`$RV` reveal scripts in every
 * page, and it pipes the page through a PassThrough into a web ReadableStream that the prerender reads back. None
 * of that serves a file written once.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/** How long a page may take before its render is aborted (React Router's default allows 5 s to stream). */
export const streamTimeout = 10_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext): Promise<Response> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => abort(new Error(`rendering ${request.url} took longer than ${streamTimeout} ms`)), streamTimeout);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        headers.set('Content-Type', 'text/html');
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              resolve(new Response(Buffer.concat(chunks), { status: failed ? 500 : status, headers }));
              done();
            },
          }),
        );
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        // An error inside a boundary still renders (its fallback); the page must not be published as a success.
        failed = true;
        console.error(error);
      },
    });
  });
}
