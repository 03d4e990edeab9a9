/**
 * `vpnsite dev` beside a running `vpnsite serve` (as `npm start` runs it) on one data directory, one embedded database
 * and one click journal: dev finds the service through their locks and says so in one line, opening neither; /go/
 * through dev is the service's redirect, recorded in the service's database; a form posted through dev as a browser
 * posts it is stored once and answered with the site's page; the health check is the service's; unknown paths are
 * 404, never the 404 page with a 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { copyOfData } from '../helpers/cli.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

describe('vpnsite dev beside vpnsite serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-dev-serve-'));
  // One database directory for both, as when an editor runs `vpnsite dev` on the machine `npm start` runs on.
  const env = {
    DATABASE_URL: '',
    PGLITE_DIR: freshPgliteDir(),
    CLICK_JOURNAL_DIR: join(dir, 'clicks.journal'),
    LOG_LEVEL: 'warn',
    VPNSITE_TODAY: '2026-11-21',
  };
  let data: string;
  let svc: ServeProcess;
  let dev: ChildProcess;
  let devUrl: string;
  let devOut = '';

  beforeAll(async () => {
    data = copyOfData();
    svc = await spawnServe({ ...env, VPNSITE_DATA_DIR: data }, '/healthz/db');
    const port = await freePort();
    devUrl = `http://127.0.0.1:${port}`;
    dev = spawn(process.execPath, [resolve('scripts/vpnsite.js'), 'dev', '--data', data, '--port', String(port)], {
      env: { ...process.env, ...env, MAIL_DIR: join(dir, 'mail') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout!.on('data', (d: Buffer) => (devOut += d));
    dev.stderr!.on('data', (d: Buffer) => (devOut += d));
    for (
      const until = Date.now() + 240_000;
      (await fetch(`${devUrl}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) !== 200;
    ) {
      if (Date.now() > until || dev.exitCode !== null) throw new Error(`vpnsite dev did not answer /healthz:\n${devOut}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 600_000);

  afterAll(async () => {
    if (dev && dev.exitCode === null) {
      const exited = new Promise((r) => dev.once('exit', r));
      dev.kill('SIGTERM');
      await exited;
    }
    if (svc && svc.child.exitCode === null) await stop(svc);
  });

  it('passes /go/ to the running service, which redirects and records the click', async () => {
    expect(devOut.split('\n').filter((l) => l.includes('[service]'))).toEqual([
      expect.stringMatching(new RegExp(`go to .* at ${svc.url.replace(/[.]/g, '\\.')}, which holds ${env.PGLITE_DIR}`)),
    ]);
    const go = await fetch(`${devUrl}/go/nordvpn?from=%2F&placement=dev-beside-serve`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
    });
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toMatch(/^https:\/\/go\.nordvpn\.net\//);
    // The service owns the database; the command asks it, and finds the click dev passed on.
    const count = async () =>
      JSON.parse(
        (await vpnsiteAsync(['db', 'query', "SELECT count(*)::int AS n FROM clicks WHERE placement = 'dev-beside-serve'"], env)).stdout,
      ) as { n: number }[];
    await expect.poll(count, { timeout: 60_000 }).toEqual([{ n: 1 }]);
    const health = await fetch(`${devUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ db: 'up' });
  });

  it('passes a form posted as a browser posts it to the service, which stores it once and sends the browser to its page', async () => {
    const body = new URLSearchParams({
      name: 'Dev Tester',
      email: 'dev@example.com',
      subject: '',
      message: 'Posted through dev',
      website: '',
    });
    const res = await fetch(`${devUrl}/api/contact-form`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: devUrl },
      body,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact-us/sent');
    const stored = await vpnsiteAsync(
      ['db', 'query', "SELECT count(*)::int AS n FROM contact_messages WHERE email = 'dev@example.com'"],
      env,
    );
    expect(JSON.parse(stored.stdout)).toEqual([{ n: 1 }]);
    // The page it leads to is the site's, rendered by dev.
    const page = await fetch(`${devUrl}/contact-us/sent`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers unknown paths 404, a provider it does not know included', async () => {
    for (const path of ['/no-such-page', '/vpn-reviews/no-such-vpn', '/go/no-such-vpn']) {
      const res = await fetch(`${devUrl}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
    }
  });
});
