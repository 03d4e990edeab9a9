/**
 * `vpnsite dev` with no service beside it: its service paths answer 503 with the reason, as a page to a browser (a
 * deal button followed, a form posted without JavaScript) and as JSON to the site's own scripts; never raw JSON in a
 * browser's window.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPaths } from '../../scripts/build/dev-paths.ts';

describe('dev paths with the service off', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const middleware = devPaths({ serviceOff: 'var/pglite is in use by <another process>' }, () => new Set(['/']));
    server = createServer((req, res) => middleware(req, res, () => res.end('next')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('shows a browser a page that says why', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const [path, init] of [
      ['/go/nordvpn', { headers: browser }],
      [
        '/api/contact-form',
        { method: 'POST', headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=a' },
      ],
    ] as const) {
      const res = await fetch(`${url}${path}`, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain(`${path} is off in vpnsite dev: var/pglite is in use by &#60;another process&#62;`);
      expect(page).toContain('<a href="/">');
    }
  });

  it('gives the site’s scripts JSON', async () => {
    const res = await fetch(`${url}/api/newsletter-subscribe`, {
      method: 'POST',
      headers: { accept: '*/*', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: '/api/newsletter-subscribe is off in vpnsite dev: var/pglite is in use by <another process>',
    });
  });
});
