/**
 * `vpnsite links check` against real HTTP servers on loopback, never the internet: an affiliate network
 * (127.0.0.1), the provider's own site (127.0.0.2) and somewhere else (127.0.0.3). Six merchants: one that redirects
 * twice and keeps the parameters, one that drops the sub-ID, one that ends on another domain, a 404, a loop and one
 * that never answers. Then the service's scheduled check, read back with `vpnsite links report` and GET /api/links.
 */
import '../helpers/compiled-schemas.ts';
import { readdirSync, readFileSync, writeFileSync, cpSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { MARKER, type LinkResult } from '../../services/links/health.ts';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { createPgDatabase } from '../helpers/service.ts';
import { freePort } from '../../scripts/lib/throwaway-postgres.ts';

let network: string;
let site: string;
let elsewhere: string;
const servers: Server[] = [];
const listen = async (host: string, handle: (path: string, res: import('node:http').ServerResponse) => void) => {
  const port = await freePort();
  const server = createServer((req, res) => handle(req.url ?? '/', res));
  await new Promise<void>((r) => server.listen(port, host, r));
  servers.push(server);
  return `http://${host}:${port}`;
};
const redirect = (res: import('node:http').ServerResponse, to: string) => res.writeHead(302, { location: to }).end();

beforeAll(async () => {
  site = await listen('127.0.0.2', (path, res) => {
    if (path === '/' || path.startsWith('/landing')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>VPN</h1>');
    if (path === '/ios') return redirect(res, `${elsewhere}/store`);
    if (path === '/loop-a') return redirect(res, '/loop-b');
    if (path === '/loop-b') return redirect(res, '/loop-a');
    if (path === '/hang') return; // never answers
    res.writeHead(404).end('not found');
  });
  elsewhere = await listen('127.0.0.3', (_path, res) => res.writeHead(200).end('another shop'));
  network = await listen('127.0.0.1', (path, res) => {
    const u = new URL(path, 'http://x');
    if (u.pathname === '/aff') return redirect(res, `/track${u.search}`);
    if (u.pathname === '/track') return redirect(res, `${site}/landing?aff_sub=${u.searchParams.get('aff_sub')}`);
    // Drops the sub-ID on its own domain: the network never sees the click id.
    if (u.pathname === '/drop') return redirect(res, `/track2?aff_id=${u.searchParams.get('aff_id')}`);
    if (u.pathname === '/track2') return redirect(res, `${site}/landing`);
    res.writeHead(404).end();
  });
});
afterAll(() => {
  for (const s of servers) s.closeAllConnections(), s.close();
});

/** The real content with every outbound link on loopback; NordVPN has the six merchants (the hanging one optional). */
function loopbackContent(opts: { hang: boolean }): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'vpnsite-links-')), 'data');
  cpSync('data', dir, { recursive: true });
  for (const f of readdirSync(join(dir, 'providers'))) {
    const file = join(dir, 'providers', f);
    const slug = f.replace('.yaml', '');
    let links = `links:\n  website: "${site}/"\n`;
    let affiliate = `affiliate: "${network}/aff?offer_id=1&aff_id=7&aff_sub=none"\n`;
    if (slug === 'nordvpn') {
      affiliate = `affiliate: "${network}/aff?offer_id=15&aff_id=41352"\nsubid: "${network}/aff?offer_id=15&aff_id=41352&aff_sub={click_id}"\n`;
      links += `  promo: "${network}/drop?aff_id=41352&aff_sub={click_id}"\n  ios: "${site}/ios"\n  android: "${site}/missing"\n  router: "${site}/loop-a"\n`;
      if (opts.hang) links += `  macos: "${site}/hang"\n`;
    }
    if (slug === 'cyberghost') links += `  ios: "${site}/ios"\n`;
    const text = readFileSync(file, 'utf8')
      .replace(/^affiliate: .*\n(subid: .*\n)?/m, affiliate)
      .replace(/^links:\n( {2}.*\n)+/m, links);
    writeFileSync(file, text);
  }
  return dir;
}

/** `vpnsite links check`, in-process unless `process` says to start one as an owner would. */
const check = async (args: string[], how: 'in-process' | 'process' = 'in-process') => {
  const r = how === 'process' ? await vpnsiteAsync(['links', 'check', ...args], {}) : await vpnsiteInProcess(['links', 'check', ...args]);
  return { ...r, json: () => JSON.parse(r.stdout) as LinkResult[] };
};

describe('vpnsite links check', () => {
  let data: string;
  beforeAll(() => void (data = loopbackContent({ hang: true })));

  it("reports each of a provider's links: kept, dropped sub-ID, another domain, 404, loop and no answer", async () => {
    // Five seconds for the link that never answers: the others, on loopback, must finish within it on a busy machine.
    const r = await check(['--data', data, '--provider', 'nordvpn', '--format', 'json', '--timeout', '5'], 'process');
    expect(r.status, r.stderr).toBe(1);
    const by = Object.fromEntries(r.json().map((x) => [x.link, x]));
    expect(Object.keys(by).sort()).toEqual(['affiliate', 'android', 'ios', 'macos', 'promo', 'router', 'website']);
    expect(by.affiliate).toMatchObject({
      provider: 'nordvpn',
      ok: true,
      status: 200,
      problems: [],
      url: `${network}/aff?offer_id=15&aff_id=41352&aff_sub=${MARKER}`,
      finalUrl: `${site}/landing?aff_sub=${MARKER}`,
    });
    expect(by.affiliate!.hops.map((h) => h.status)).toEqual([302, 302, 200]);
    expect(by.website).toMatchObject({ ok: true, status: 200, problems: [] });
    expect(by.promo).toMatchObject({
      ok: true,
      status: 200,
      problems: [`the sub-ID (click id) was dropped by ${network}/track2?aff_id=41352`],
    });
    expect(by.ios).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: `${elsewhere}/store`,
      problems: ["ends on 127.0.0.3, which is not one of the provider's domains (127.0.0.2, 127.0.0.1)"],
    });
    expect(by.android).toMatchObject({ ok: false, status: 404, problems: [`answers 404 at ${site}/missing`] });
    expect(by.router).toMatchObject({ ok: false, status: 302, problems: [`redirect loop: ${site}/loop-a again after 2 hops`] });
    expect(by.macos).toMatchObject({ ok: false, status: null, finalUrl: null, problems: [`no answer within 5 s from ${site}/hang`] });
  });

  it('exits 0 when every link works, and 1 under --strict when one has a problem', async () => {
    // Every link here answers on loopback; the generous timeout keeps a busy machine from turning one into "no answer".
    const patient = ['--timeout', '120'];
    const fine = await check(['--data', data, '--provider', 'surfshark', ...patient]);
    expect(fine.status, fine.stderr).toBe(0);
    expect(fine.stdout).toMatch(/^provider +link +result/);
    expect(fine.stderr).toContain('2 links: 2 ok, 0 with problems, 0 broken');
    expect((await check(['--data', data, '--provider', 'cyberghost', ...patient])).status).toBe(0);
    const strict = await check(['--data', data, '--provider', 'cyberghost', '--strict', '--format', 'json', ...patient]);
    expect(strict.status).toBe(1);
    expect(
      strict
        .json()
        .filter((x) => x.problems.length)
        .map((x) => x.link),
    ).toEqual(['ios']);
  });

  it('exits 2 on a usage error', async () => {
    for (const args of [
      ['--provider', 'nordpvn'],
      ['--format', 'xml'],
      ['--timeout', 'soon'],
    ]) {
      const r = await check(['--data', data, ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^error: /);
    }
  });
});

describe('the scheduled link check', () => {
  let svc: ServeProcess | undefined;
  afterEach(async () => {
    if (svc) await stop(svc);
  });

  it('runs in the service, and analysts read it with vpnsite links report and GET /api/links', async () => {
    const token = 'a-stats-token-for-the-link-test';
    const env = {
      DATABASE_URL: await createPgDatabase(inject('databaseUrl')),
      VPNSITE_DATA_DIR: loopbackContent({ hang: false }),
      LINK_CHECK_INTERVAL_HOURS: '24',
      STATS_TOKEN: token,
    };
    svc = await spawnServe(env, '/healthz/db');
    const api = () => fetch(`${svc!.url}/api/links`, { headers: { authorization: `Bearer ${token}` } });
    await expect.poll(async () => ((await (await api()).json()) as unknown[]).length, { timeout: 60_000 }).toBeGreaterThan(10);
    const latest = (await (await api()).json()) as (LinkResult & { checkedAt: string })[];
    expect(latest.find((l) => l.provider === 'nordvpn' && l.link === 'promo')).toMatchObject({
      ok: true,
      problems: [expect.stringContaining('sub-ID (click id) was dropped')],
      checkedAt: expect.any(String),
    });
    expect(latest.find((l) => l.provider === 'nordvpn' && l.link === 'android')).toMatchObject({ ok: false, status: 404 });
    expect((await fetch(`${svc.url}/api/links`)).status).toBe(401);
    const report = await vpnsiteAsync(['links', 'report', '--format', 'json'], env);
    expect(JSON.parse(report.stdout)).toEqual(latest);
    expect((await vpnsiteAsync(['links', 'report'], env)).stdout).toMatch(/nordvpn +android +BROKEN +404/);
  });
});
