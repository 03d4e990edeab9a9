/**
 * A proxy in front of the served site that sends each HTML page in small pieces with a pause between them, as a
 * slow link does, so the browser gets a chance to paint a half-parsed page. Everything else passes through whole.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Trickle {
  /** The proxy's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** Starts the proxy for `target`; pages go out `chunk` bytes at a time, `gapMs` apart. */
export async function startTrickle(target: string, { chunk = 2048, gapMs = 10 } = {}): Promise<Trickle> {
  const server = createServer(async (req, res) => {
    // A page's own posts (the page-view beacon) pass through with their body and type.
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const type = req.headers['content-type'];
    // fetch() undoes any compression, so the pieces are pieces of the HTML itself.
    const upstream = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      redirect: 'manual',
      body,
      headers: type ? { 'content-type': type } : {},
    }).catch((e: Error) => e);
    // Say so at once when the site is unreachable, rather than leave the browser waiting for its timeout.
    if (upstream instanceof Error)
      return void res.writeHead(502, { 'content-type': 'text/plain' }).end(`trickle proxy: ${upstream.message}`);
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([k]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k)),
    );
    res.writeHead(upstream.status, headers);
    const answer = Buffer.from(await upstream.arrayBuffer());
    if (!(upstream.headers.get('content-type') ?? '').startsWith('text/html')) return void res.end(answer);
    for (let at = 0; at < answer.length; at += chunk) {
      res.write(answer.subarray(at, at + chunk));
      await new Promise((r) => setTimeout(r, gapMs));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
