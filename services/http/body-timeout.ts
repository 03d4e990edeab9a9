/** A request body that stops arriving part-way is answered 408 after a pause of bodyTimeoutMs, not waited on. */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Adds the timeout to every request with a body in this context. */
export function bodyTimeout(app: FastifyInstance, bodyTimeoutMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const h = request.headers;
    if (h['content-length'] === undefined && h['transfer-encoding'] === undefined) return payload;
    // The parser reads from a pass-through, so watching the data costs the parser nothing and misses no chunk.
    const through = new PassThrough();
    const timer = setTimeout(() => {
      if (through.destroyed) return;
      const err = Object.assign(new Error(`The request body stopped arriving for ${bodyTimeoutMs / 1000} s. Please try again.`), {
        statusCode: 408,
      });
      // Only the parser's stream: destroying the request would close the socket before the 408 is written.
      payload.unpipe(through);
      through.destroy(err);
    }, bodyTimeoutMs);
    payload.on('data', () => timer.refresh());
    payload.on('end', () => clearTimeout(timer));
    payload.on('close', () => clearTimeout(timer));
    through.on('close', () => clearTimeout(timer));
    // An answer sent before the body was read (413, 415) ends the wait too.
    reply.raw.once('close', () => clearTimeout(timer));
    // Fastify listens while it reads the body; nothing else needs to hear of an error after that.
    through.on('error', () => {});
    payload.on('error', (err) => through.destroy(err));
    payload.pipe(through);
    return through;
  });
}
