/** Clients that never finish: 408s with a readable {error}, and a shutdown that stalled clients cannot hold up. */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, stop } from '../helpers/serve-process.ts';
import { startService, type RunningService } from '../helpers/service.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

/** Opens a connection and writes `text`; resolves with everything the server sends until it closes. */
function rawExchange(url: string, text: string): { socket: Socket; answer: Promise<string> } {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.write(text);
  const answer = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
  return { socket, answer };
}

const HALF_BODY =
  'POST /api/contact-form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":"Slow';

describe('request timeouts', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService('pglite', { HEADERS_TIMEOUT_MS: '500', BODY_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '3000' });
  });
  afterAll(() => svc.close());

  it('answers a body that stops arriving with 408 and a JSON {error}, and closes the connection', async () => {
    const { answer } = rawExchange(svc.url, HALF_BODY);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/connection: close/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'The request body stopped arriving for 0.5 s. Please try again.',
    });
  });

  it('answers headers that never finish with 408 and a JSON {error}', async () => {
    const { answer } = rawExchange(svc.url, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'The request took too long to arrive. Please try again.',
    });
  });
});

describe('SIGTERM with stalled clients', () => {
  it("exits 0 at its shutdown deadline, not the stalled bodies' own timeouts, while 50 clients hold half-sent bodies", async () => {
    // Long request and body timeouts: only the shutdown itself may end these clients.
    const svc = await spawnServe(
      {
        DATABASE_URL: '',
        PGLITE_DIR: freshPgliteDir(),
        SHUTDOWN_TIMEOUT_MS: '3000',
        BODY_TIMEOUT_MS: '600000',
        REQUEST_TIMEOUT_MS: '600000',
        HEADERS_TIMEOUT_MS: '600000',
      },
      '/healthz/db',
    );
    const clients = Array.from({ length: 50 }, () => rawExchange(svc.url, HALF_BODY));
    // Every stalled request has reached the service (its connection is open and its headers were read).
    expect((await fetch(`${svc.url}/go/nordvpn`, { redirect: 'manual' })).status).toBe(302);
    try {
      const { code, ms } = await stop(svc);
      // The shutdown's own deadline (3 s and a second to spare) ended the stalled clients, not their 600 s timeouts:
      // the bound leaves a slow or busy machine room for the exit itself, and is far below what waiting would take.
      expect(ms, svc.output()).toBeLessThan(60_000);
      expect(code, svc.output()).toBe(0);
      expect(svc.output()).toContain('every click was written');
    } finally {
      for (const c of clients) c.socket.destroy();
      if (svc.child.exitCode === null) svc.child.kill('SIGKILL');
    }
  });
});
