/**
 * Failover from a broken affiliate link, through the real service on PostgreSQL and on the embedded database:
 * NordVPN's affiliate network is a loopback server that can be switched to answering 500; `vpnsite links check
 * --save` stores what it finds, and /go/ follows the latest stored result (read from memory, not per request).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { createPgDatabase } from '../helpers/service.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

let merchant: Server;
let base: string;
let broken = false;

beforeAll(async () => {
  const port = await freePort();
  // The network redirects to the provider's landing page, or fails with a 500 while `broken`.
  merchant = createServer((req, res) => {
    const u = new URL(req.url ?? '/', base);
    if (u.pathname === '/aff')
      return broken
        ? res.writeHead(500).end('down')
        : res.writeHead(302, { location: `${base}/landing?aff_sub=${u.searchParams.get('aff_sub')}` }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>landing</h1>');
  });
  await new Promise<void>((r) => merchant.listen(port, '127.0.0.1', r));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  merchant.closeAllConnections();
  merchant.close();
});

describe.each(['pg', 'pglite'] as const)('failover on %s', (kind) => {
  let svc: ServeProcess;
  let env: Record<string, string>;
  const go = async () => {
    const res = await fetch(`${svc.url}/go/nordvpn?from=/`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131 Safari/537.36' },
    });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  };
  const check = async () => {
    const r = await vpnsiteAsync(['links', 'check', '--provider', 'nordvpn', '--save', '--timeout', '5', '--format', 'json'], env);
    expect(r.status, r.stderr).toBeLessThan(2);
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vpnsite-failover-'));
    const data = join(dir, 'data');
    cpSync('data', data, { recursive: true });
    const file = join(data, 'providers', 'nordvpn.yaml');
    const yaml = readFileSync(file, 'utf8')
      .replace(/^affiliate: .*$/m, `affiliate: "${base}/aff?aff_id=7&aff_sub={click_id}"\nfallback: "${base}/landing?from=fallback"`)
      .replace(/^links:\n( {2}.*\n)+/m, `links:\n  website: "${base}/"\n`);
    writeFileSync(file, yaml);
    env = {
      ...(kind === 'pg'
        ? { DATABASE_URL: await createPgDatabase(inject('databaseUrl')), PGLITE_DIR: '' }
        : { DATABASE_URL: '', PGLITE_DIR: freshPgliteDir() }),
      VPNSITE_DATA_DIR: data,
      LINK_FAILOVER_REFRESH_MS: '200',
      LOG_FORMAT: 'json',
      STATS_TOKEN: 'a-stats-token-for-the-failover-test',
    };
    svc = await spawnServe(env, '/healthz/db');
  });
  afterAll(async () => {
    if (svc) await stop(svc);
  });

  it('sends clicks to the fallback while the latest check finds the affiliate link broken, and back once it works', async () => {
    expect(await go()).toMatch(new RegExp(`^${base}/aff\\?aff_id=7&aff_sub=\\d+$`));
    broken = true;
    await check();
    await expect.poll(go, { timeout: 20_000 }).toBe(`${base}/landing?from=fallback`);
    const report = await vpnsiteAsync(['links', 'report'], env);
    expect(report.stdout).toMatch(/nordvpn +affiliate +FAILOVER +500/);
    expect(report.stderr).toContain('failing over: /go/ sends nordvpn');
    const api = (await (await fetch(`${svc.url}/api/links`, { headers: { authorization: `Bearer ${env.STATS_TOKEN}` } })).json()) as {
      link: string;
      failover?: boolean;
    }[];
    expect(api.find((r) => r.link === 'affiliate')).toMatchObject({ ok: false, status: 500, failover: true });
    // The click records where it really went.
    await expect
      .poll(
        async () =>
          JSON.parse(
            (await vpnsiteInProcess(['db', 'query', "SELECT destination, paid FROM clicks WHERE destination = 'fallback' LIMIT 1"], env))
              .stdout,
          ),
        { timeout: 20_000 },
      )
      .toEqual([{ destination: 'fallback', paid: false }]);
    broken = false;
    await check();
    await expect.poll(go, { timeout: 20_000 }).toMatch(new RegExp(`^${base}/aff\\?aff_id=7&aff_sub=\\d+$`));
    // Each switch is logged once, however many clicks and refreshes came between.
    const lines = svc
      .output()
      .split('\n')
      .filter((l) => l.includes('failover'));
    expect(lines.filter((l) => l.includes('"msg":"failover: ')).length).toBe(1);
    expect(lines.filter((l) => l.includes('"msg":"failover ended')).length).toBe(1);
  });
});
