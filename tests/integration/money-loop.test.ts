/**
 * The money loop closes, and cannot be gamed, through a real `vpnsite serve` on PostgreSQL and on the embedded
 * database: a click's sub-ID reaches the network and its postback lands on the page of the click; a signed postback
 * cannot be rewritten by its body, a reversal cannot be undone by a replay, malformed amounts and control characters
 * are refused; no secret or token reaches the log; page views are budgeted per visitor and only counted from the
 * site's own pages; and /go/ takes a slug in another case.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { createPgDatabase } from '../helpers/service.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const IMPACT = 'impact-secret-for-the-money-loop';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36';
const NEWSLETTER_TOKEN = 'c.1.feedfacefeedface.1999999999.0123456789abcdef';

describe.each(['pg', 'pglite'] as const)('the money loop on %s', (kind) => {
  let svc: ServeProcess;
  let env: Record<string, string>;
  // The commands' logic in this process, on today's clicks; the stats table runs once as a real process.
  const cli = (...args: string[]) => vpnsiteInProcess(args, { VPNSITE_TODAY: new Date().toISOString().slice(0, 10), ...env });
  const sql = async (q: string) => JSON.parse((await cli('db', 'query', q)).stdout) as Record<string, unknown>[];
  const signed = (params: Record<string, string>) => {
    const qs = new URLSearchParams({ network: 'impact', ...params }).toString();
    return `${qs}&sig=${createHmac('sha256', IMPACT).update(qs).digest('hex')}`;
  };
  const postback = (query: string, body?: string) =>
    fetch(`${svc.url}/api/conversions?${query}`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
    });
  const click = async (path: string, ip: string) => {
    const res = await fetch(`${svc.url}${path}`, { redirect: 'manual', headers: { 'user-agent': DESKTOP, 'x-forwarded-for': ip } });
    expect(res.status, path).toBe(302);
    return res.headers.get('location')!;
  };

  beforeAll(async () => {
    const _dir = mkdtempSync(join(tmpdir(), 'vpnsite-money-'));
    env = {
      ...(kind === 'pg'
        ? { DATABASE_URL: await createPgDatabase(inject('databaseUrl')), PGLITE_DIR: '' }
        : { DATABASE_URL: '', PGLITE_DIR: freshPgliteDir() }),
      POSTBACK_SECRETS: `impact:${IMPACT}`,
      TRUST_PROXY: 'true',
      PAGE_VIEW_BUDGET_PER_MINUTE: '30',
      LOG_FORMAT: 'json',
    };
    svc = await spawnServe(env, '/healthz/db');
  });
  afterAll(async () => {
    if (svc) await stop(svc);
  });

  it('puts the click id in the sub-ID, and a postback with it lands on the page of the click', async () => {
    const location = await click('/go/nordvpn?from=/vpn-deals&placement=deal-card', '198.51.100.1');
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe('https://go.nordvpn.net/aff_c');
    const clickId = url.searchParams.get('aff_sub')!;
    expect(clickId).toMatch(/^\d+$/);
    // A named link goes through the affiliate link (deepLink: url), with its own page and the sub-ID.
    const windows = new URL(await click('/go/nordvpn/windows?from=/windows-setup-guide&placement=guide-windows', '198.51.100.2'));
    expect([windows.host, windows.searchParams.get('url'), windows.searchParams.get('aff_sub')]).toEqual([
      'go.nordvpn.net',
      'https://nordvpn.com/download/windows/',
      expect.stringMatching(/^\d+$/),
    ]);
    await expect
      .poll(async () => (await sql(`SELECT count(*)::int AS n FROM clicks WHERE id = ${clickId}`))[0]!.n, { timeout: 20_000 })
      .toBe(1);
    const res = await postback(signed({ click_id: clickId, txid: 'SALE-1', amount: '40.00', currency: 'USD', status: 'approved' }));
    expect(await res.json()).toEqual({ ok: true, outcome: 'added', matched: true });
    const byPage = JSON.parse((await cli('stats', '--by', 'page', '--format', 'json')).stdout) as {
      rows: { page: string; conversions: number; revenue: Record<string, string> }[];
    };
    expect(byPage.rows.find((r) => r.page === '/vpn-deals')).toMatchObject({ conversions: 1, revenue: { USD: '40.0000' } });
    const table = (await vpnsiteAsync(['stats', '--by', 'page'], env)).stdout;
    expect(table).toMatch(/^TOTAL +/m);
    expect((await cli('stats')).stdout).toMatch(/^TOTAL +/m);
    expect(await sql(`SELECT paid FROM clicks ORDER BY id`)).toEqual([{ paid: true }, { paid: true }]);
  });

  it('refuses a signed postback whose body adds or changes a field', async () => {
    const query = signed({ click_id: '1', txid: 'SALE-2', amount: '10.00', currency: 'USD', status: 'pending' });
    for (const body of ['amount=99999.99', 'txid=FORGED', 'status=approved']) {
      const res = await postback(query, body);
      expect(res.status, body).toBe(401);
    }
    // Repeating a field inside the signed part is ambiguous too.
    expect((await postback(`${signed({ txid: 'SALE-3', amount: '1.00', currency: 'USD', status: 'approved' })}&amount=5000`)).status).toBe(
      400,
    );
    expect(await sql("SELECT count(*)::int AS n FROM conversions WHERE txid IN ('SALE-2', 'SALE-3', 'FORGED')")).toEqual([{ n: 0 }]);
  });

  it("keeps a reversal against a replayed approval, and takes a newer report by the network's timestamp", async () => {
    const approve = signed({ txid: 'SALE-4', amount: '25.00', currency: 'USD', status: 'approved', ts: '1767225600' });
    expect((await postback(approve)).status).toBe(200);
    expect(
      await (await postback(signed({ txid: 'SALE-4', amount: '25.00', currency: 'USD', status: 'reversed', ts: '1767312000' }))).json(),
    ).toMatchObject({ outcome: 'updated' });
    expect(await (await postback(approve)).json()).toMatchObject({ outcome: 'unchanged' });
    // Without a timestamp, an approval is no newer than the reversal either.
    expect(await (await postback(signed({ txid: 'SALE-4', amount: '25.00', currency: 'USD', status: 'approved' }))).json()).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await sql("SELECT status FROM conversions WHERE txid = 'SALE-4'")).toEqual([{ status: 'reversed' }]);
    // The network's own later report wins.
    expect(
      await (await postback(signed({ txid: 'SALE-4', amount: '25.00', currency: 'USD', status: 'approved', ts: '1767398400' }))).json(),
    ).toMatchObject({ outcome: 'updated' });
    expect(await sql("SELECT status FROM conversions WHERE txid = 'SALE-4'")).toEqual([{ status: 'approved' }]);
  });

  it('refuses amounts with a comma or too many places, and control characters in any field', async () => {
    for (const amount of ['12,50', '1,250.00', '12.50001', '1e3', ' ']) {
      const res = await postback(signed({ txid: `A-${amount}`, amount, currency: 'USD', status: 'approved' }));
      expect(res.status, amount).toBe(400);
    }
    for (const field of ['txid', 'click_id', 'currency']) {
      const res = await postback(signed({ txid: 'NUL-1', amount: '1.00', currency: 'USD', status: 'approved', [field]: `x\u0000y` }));
      expect(res.status, field).toBe(400);
      expect((await res.json()).error).toContain('control character');
    }
    expect((await postback(signed({ txid: 'CR-1\r\nX', amount: '1.00', currency: 'USD', status: 'approved' }))).status).toBe(400);
    expect(await sql("SELECT count(*)::int AS n FROM conversions WHERE txid LIKE 'A-%' OR txid LIKE 'NUL%' OR txid LIKE 'CR%'")).toEqual([
      { n: 0 },
    ]);
  });

  it('takes /go/ slugs in another case and with a trailing slash, and still 404s an unknown one', async () => {
    const canonical = new URL(await click('/go/nordvpn?notrack=1', '198.51.100.3'));
    for (const path of ['/go/NordVPN?notrack=1', '/go/NORDVPN/?notrack=1', '/go/nordvpn/?notrack=1']) {
      expect(new URL(await click(path, '198.51.100.3')).href, path).toBe(canonical.href);
    }
    expect(await click('/go/NordVPN/Windows?notrack=1', '198.51.100.3')).toContain('download%2Fwindows');
    expect((await fetch(`${svc.url}/go/NoSuchVPN`, { redirect: 'manual' })).status).toBe(404);
  });

  it("counts a visitor's beacons up to the budget, stores the next ones flagged up to the hard limit and drops the rest, and counts no other site's beacon or the dashboard", async () => {
    const beacon = (path: string, headers: Record<string, string>) =>
      fetch(`${svc.url}/api/pv`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': DESKTOP,
          origin: svc.url,
          'x-forwarded-for': '203.0.113.7',
          ...headers,
        },
        body: JSON.stringify({ path, referrer: '' }),
      });
    for (let i = 0; i < 500; i++) expect((await beacon('/vpn-deals', {})).status).toBe(204);
    // Another visitor: from another site's page, or viewing pages that are never counted.
    const other = { 'x-forwarded-for': '203.0.113.8' };
    await beacon('/vpn-deals', { ...other, origin: 'https://evil.example' });
    await beacon('/vpn-deals', { ...other, origin: '', referer: 'https://evil.example/page' });
    for (const path of ['/stats', '/newsletter/subscribed', '/contact-us/sent', '/404']) await beacon(path, other);
    await beacon('/vpn-deals', { ...other, 'sec-purpose': 'prefetch' });
    // The budget is 30 a minute; past twice that from one address, beacons are not stored at all.
    await expect.poll(async () => (await sql('SELECT count(*)::int AS n FROM page_views'))[0]!.n, { timeout: 20_000 }).toBe(60);
    expect(await sql('SELECT over_budget, count(*)::int AS n FROM page_views GROUP BY 1 ORDER BY 1')).toEqual([
      { over_budget: false, n: 30 },
      { over_budget: true, n: 30 },
    ]);
    const stats = JSON.parse((await cli('stats', '--by', 'page', '--format', 'json')).stdout) as {
      rows: { page: string; views: number | null }[];
    };
    expect(stats.rows.find((r) => r.page === '/vpn-deals')?.views).toBe(30);
    expect(await sql('SELECT path, views::int AS views FROM page_view_daily')).toEqual([{ path: '/vpn-deals', views: 30 }]);
  });

  it('writes no secret, signature or token to the log', async () => {
    // Requests carrying each kind: a postback by token, a signed one, a newsletter link, the stats API.
    await postback(
      new URLSearchParams({
        network: 'impact',
        txid: 'LOG-1',
        amount: '1.00',
        currency: 'USD',
        status: 'pending',
        token: IMPACT,
      }).toString(),
    );
    const sig = signed({ txid: 'LOG-2', amount: '1.00', currency: 'USD', status: 'pending' });
    await postback(sig);
    await postback(`${sig}&txid=x`);
    await fetch(`${svc.url}/newsletter/confirm?token=${NEWSLETTER_TOKEN}`, { redirect: 'manual' });
    await fetch(`${svc.url}/newsletter/unsubscribe?token=${NEWSLETTER_TOKEN}`, { method: 'POST' });
    await fetch(`${svc.url}/api/conversions?network=impact&TOKEN=${IMPACT}x&txid=1`);
    // The service's lines reach this process through a pipe, after the answers: its line for the last request ends them.
    await expect.poll(() => svc.output(), { timeout: 30_000 }).toContain('TOKEN=[redacted]&txid=1');
    const log = svc.output();
    expect(log).toContain('/api/conversions?network=impact');
    expect(log).toContain('token=[redacted]');
    for (const secret of [IMPACT, NEWSLETTER_TOKEN, sig.split('sig=')[1]!]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/[?&](token|sig)=(?!\[redacted\])/i);
  });
});
