/**
 * The money loop through a real `vpnsite serve`, on PostgreSQL and on the embedded database: page-view beacons
 * classified like clicks, postbacks authenticated by token or HMAC, idempotent on (network, txid) with reversals
 * and unmatched click ids, a network's CSV import, and `vpnsite stats` / GET /api/stats exact against hand counts,
 * mixed currencies included.
 */
import '../helpers/compiled-schemas.ts';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { createPgDatabase, DB_KINDS } from '../helpers/service.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const TOKEN = 'stats-token-for-the-revenue-test';
const IMPACT = 'impact-secret-0123456789';
const CJ = 'cj-secret-abcdefghijklmnop';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36';
const TODAY = new Date().toISOString().slice(0, 10);

describe.each(DB_KINDS)('revenue on %s', (kind) => {
  let svc: ServeProcess;
  let env: Record<string, string>;
  const clickIds: number[] = [];
  // The commands' logic in-process; `conversions import` once as a real process, as an owner runs it.
  const cli = async (...args: string[]) => vpnsiteInProcess(args, env);
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${svc.url}/api/pv`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP, origin: svc.url, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const postback = (params: Record<string, string>, how: 'query' | 'body' = 'query') => {
    const qs = new URLSearchParams(params).toString();
    return how === 'query'
      ? fetch(`${svc.url}/api/conversions?${qs}`, { method: 'POST' })
      : fetch(`${svc.url}/api/conversions`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: qs });
  };
  const stats = async (...by: string[]) => {
    const r = await cli('stats', ...by.flatMap((b) => ['--by', b]), '--format', 'json');
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { rows: Record<string, unknown>[]; total: Record<string, unknown>; unmatched: { conversions: number } };
  };

  beforeAll(async () => {
    const _dir = mkdtempSync(join(tmpdir(), 'vpnsite-revenue-'));
    env = {
      ...(kind === 'pg'
        ? { DATABASE_URL: await createPgDatabase(inject('databaseUrl')), PGLITE_DIR: '' }
        : { DATABASE_URL: '', PGLITE_DIR: freshPgliteDir() }),
      STATS_TOKEN: TOKEN,
      POSTBACK_SECRETS: `impact:${IMPACT},cj:${CJ}`,
      TRUST_PROXY: 'true',
      VPNSITE_TODAY: TODAY,
    };
    svc = await spawnServe(env, '/healthz/db');
    // Three people click: two on NordVPN from /vpn-deals, one on Surfshark from the home page.
    for (const [ip, path] of [
      ['198.51.100.1', '/go/nordvpn?from=/vpn-deals'],
      ['198.51.100.2', '/go/nordvpn?from=/vpn-deals'],
      ['198.51.100.3', '/go/surfshark?from=/'],
    ] as const) {
      expect(
        (await fetch(`${svc.url}${path}`, { redirect: 'manual', headers: { 'user-agent': DESKTOP, 'x-forwarded-for': ip } })).status,
      ).toBe(302);
    }
    // The batch is written within a moment; the ids are read back once all three are in.
    for (let ids: { id: number }[] = []; clickIds.length === 0; ) {
      ids = JSON.parse((await cli('db', 'query', 'SELECT id::int AS id FROM clicks ORDER BY id')).stdout);
      if (ids.length === 3) clickIds.push(...ids.map((r) => r.id));
    }
  });
  afterAll(async () => {
    if (svc) await stop(svc);
  });

  it('counts a page view from a beacon, and not those of bots, prefetches, unknown paths or notrack', async () => {
    expect((await beacon({ path: '/vpn-deals', referrer: 'https://www.google.com/' })).status).toBe(204);
    expect((await beacon({ path: '/vpn-deals', referrer: '' }, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(204);
    expect((await beacon({ path: '/', referrer: '' })).status).toBe(204);
    // Answered alike, not counted:
    expect((await beacon({ path: '/vpn-deals' }, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(204);
    expect((await beacon({ path: '/vpn-deals' }, { 'sec-purpose': 'prefetch' })).status).toBe(204);
    expect((await beacon({ path: '/no-such-page' })).status).toBe(204);
    expect((await beacon({ path: '/vpn-deals', notrack: true })).status).toBe(204);
    // Refused with a reason:
    expect((await beacon('{"path":')).status).toBe(400);
    expect((await beacon({ path: 7 })).status).toBe(400);
    await expect.poll(async () => JSON.parse((await cli('db', 'query', 'SELECT count(*)::int AS n FROM page_views')).stdout)[0].n).toBe(3);
    const raw = JSON.parse(
      (await cli('db', 'query', 'SELECT path, referrer, length(visitor_hash)::int AS hash FROM page_views ORDER BY id')).stdout,
    );
    expect(raw).toEqual([
      { path: '/vpn-deals', referrer: 'https://www.google.com/', hash: 64 },
      { path: '/vpn-deals', referrer: null, hash: 64 },
      { path: '/', referrer: null, hash: 64 },
    ]);
  });

  it('authenticates postbacks by token or HMAC, is idempotent, applies reversals and keeps unmatched click ids', async () => {
    const [a, b, c] = clickIds as [number, number, number];
    const sale = { network: 'impact', click_id: String(a), txid: 'T1', amount: '40.00', currency: 'usd', status: 'pending' };
    expect(await (await postback({ ...sale, token: IMPACT })).json()).toEqual({ ok: true, outcome: 'added', matched: true });
    // A replay changes nothing; the approval replaces the pending status.
    expect(await (await postback({ ...sale, token: IMPACT })).json()).toEqual({ ok: true, outcome: 'unchanged', matched: true });
    expect(await (await postback({ ...sale, status: 'approved', token: IMPACT })).json()).toEqual({
      ok: true,
      outcome: 'updated',
      matched: true,
    });
    // HMAC-SHA256 of the query string without sig, as cj signs; and of a form body.
    const second = new URLSearchParams({
      network: 'cj',
      click_id: String(b),
      txid: 'C9',
      amount: '19.5',
      currency: 'EUR',
      status: 'approved',
    }).toString();
    const sig = createHmac('sha256', CJ).update(second).digest('hex');
    expect((await fetch(`${svc.url}/api/conversions?${second}&sig=${sig}`)).status).toBe(200);
    const third = new URLSearchParams({
      network: 'impact',
      click_id: String(c),
      txid: 'T2',
      amount: '12.25',
      currency: 'USD',
      status: 'approved',
    }).toString();
    expect(
      (
        await fetch(`${svc.url}/api/conversions`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `${third}&sig=${createHmac('sha256', IMPACT).update(third).digest('hex')}`,
        })
      ).status,
    ).toBe(200);
    // Wrong secret, another network's secret, a signature over other parameters, no network: 401, nothing stored.
    expect((await postback({ ...sale, txid: 'X1', token: 'not-the-secret-at-all' })).status).toBe(401);
    expect((await postback({ ...sale, txid: 'X2', token: CJ })).status).toBe(401);
    expect((await fetch(`${svc.url}/api/conversions?${second.replace('19.5', '1950')}&sig=${sig}`)).status).toBe(401);
    expect((await postback({ txid: 'X3', amount: '1', currency: 'USD', status: 'approved', token: IMPACT })).status).toBe(401);
    // Bad fields: 400 with what is wrong.
    const bad = await postback({ ...sale, txid: 'X4', amount: 'ten', token: IMPACT });
    expect([bad.status, (await bad.json()).error]).toEqual([
      400,
      'amount must be a decimal number with a dot and at most 4 decimal places, such as 12.50 (found "ten")',
    ]);
    // A click id nobody knows: stored, reported unmatched.
    expect(
      await (
        await postback(
          { network: 'impact', click_id: '999999999', txid: 'T3', amount: '7.00', currency: 'USD', status: 'approved', token: IMPACT },
          'body',
        )
      ).json(),
    ).toEqual({ ok: true, outcome: 'added', matched: false });
    // A reversal takes the revenue out.
    const t4 = (status: string) =>
      postback({ network: 'impact', click_id: String(a), txid: 'T4', amount: '5.00', currency: 'USD', status, token: IMPACT });
    await t4('approved');
    expect(await (await t4('reversed')).json()).toMatchObject({ outcome: 'updated' });
    expect(JSON.parse((await cli('db', 'query', "SELECT count(*)::int AS n FROM conversions WHERE txid LIKE 'X%'")).stdout)[0].n).toBe(0);
  });

  it("imports a network's CSV with the same rules, and says what it added, updated and could not match", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vpnsite-csv-')), 'report.csv');
    writeFileSync(
      file,
      `Order ID,Sub ID,Sale Amount,Currency,Status\nT1,${clickIds[0]},40.00,USD,approved\nP7,${clickIds[1]},"1,000.00",USD,Pending\nP8,424242,3.00,GBP,approved\nP9,${clickIds[2]},abc,USD,approved\n`,
    );
    const r = await vpnsiteAsync(
      [
        'conversions',
        'import',
        file,
        '--network',
        'impact',
        '--map',
        'Order ID=txid',
        '--map',
        'Sub ID=click_id',
        '--map',
        'Sale Amount=amount',
      ],
      env,
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      '4 rows from impact: 2 added, 0 updated, 1 unchanged, 1 refused\n1 not matched to a click (stored, reported as unmatched): P8 (click id 424242)\n',
    );
    expect(r.stderr).toBe(
      'refused line 5: amount must be a decimal number with a dot and at most 4 decimal places, such as 12.50 (found "abc")\n',
    );
    const usage = await cli('conversions', 'import', file, '--network', 'impact', '--map', 'Order ID=order');
    expect(usage.status).toBe(2);
  });

  it('reports views, clicks, CTR, conversions, revenue per currency and EPC exactly, by page and by provider', async () => {
    const byPage = await stats('page');
    // Hand counts: /vpn-deals 2 views, 2 clicks (a, b); / 1 view, 1 click (c).
    // Conversions not reversed: a → T1 40 USD, P7 1000 USD; b → C9 19.5 EUR; c → T2 12.25 USD.
    expect(byPage.rows).toEqual([
      {
        page: '/',
        views: 1,
        clicks: 1,
        clickers: 1,
        ctr: 1,
        conversions: 1,
        revenue: { USD: '12.2500' },
        epc: { USD: '12.2500' },
        conversion_rate: 1,
      },
      {
        page: '/vpn-deals',
        views: 2,
        clicks: 2,
        clickers: 2,
        ctr: 1,
        conversions: 3,
        revenue: { EUR: '19.5000', USD: '1040.0000' },
        epc: { EUR: '9.7500', USD: '520.0000' },
        conversion_rate: 1.5,
      },
    ]);
    // The total has the unmatched ones (T3 7 USD, P8 3 GBP) too.
    expect(byPage.total).toMatchObject({
      views: 3,
      clicks: 3,
      clickers: 3,
      conversions: 6,
      revenue: { EUR: '19.5000', GBP: '3.0000', USD: '1059.2500' },
    });
    expect(byPage.unmatched).toEqual({ conversions: 2, revenue: { GBP: '3.0000', USD: '7.0000' } });
    // The same once the rollups hold every day (until now the days were stale, read from the raw rows).
    expect((await cli('db', 'refresh-rollup')).status).toBe(0);
    expect(
      JSON.parse(
        (
          await cli(
            'db',
            'query',
            'SELECT (SELECT count(*) FROM page_view_rollup_stale)::int + (SELECT count(*) FROM click_rollup_stale)::int AS stale',
          )
        ).stdout,
      )[0].stale,
    ).toBe(0);
    expect(await stats('page')).toEqual(byPage);
    const byProvider = await stats('provider');
    expect(byProvider.rows.map((r) => [r.provider, r.views, r.ctr, r.revenue])).toEqual([
      ['nordvpn', null, null, { EUR: '19.5000', USD: '1040.0000' }],
      ['surfshark', null, null, { USD: '12.2500' }],
    ]);
    // The same over HTTP, with the stats token; CSV has a column per currency.
    const api = await fetch(`${svc.url}/api/stats?by=page`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect((await api.json()).rows).toEqual(byPage.rows);
    const csv = await (
      await fetch(`${svc.url}/api/stats?by=provider&format=csv`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(csv.split('\r\n')[0]).toBe(
      'provider,views,clicks,clickers,ctr,conversions,conversion_rate,revenue_EUR,epc_EUR,revenue_GBP,epc_GBP,revenue_USD,epc_USD',
    );
    expect((await fetch(`${svc.url}/api/stats`)).status).toBe(401);
    // The analysts' views give the same figures.
    const viewSums = JSON.parse(
      (
        await cli(
          'db',
          'query',
          'SELECT currency, sum(revenue)::numeric(16,4)::text AS revenue FROM conversion_daily GROUP BY currency ORDER BY currency',
        )
      ).stdout,
    );
    expect(Object.fromEntries(viewSums.map((r: { currency: string; revenue: string }) => [r.currency, r.revenue]))).toEqual(
      byPage.total.revenue,
    );
    expect(JSON.parse((await cli('db', 'query', 'SELECT path, views::int AS views FROM page_view_daily ORDER BY path')).stdout)).toEqual([
      { path: '/', views: 1 },
      { path: '/vpn-deals', views: 2 },
    ]);
    const table = (await cli('stats', '--by', 'provider')).stdout;
    expect(table).toMatch(/^nordvpn +2 +2 +3 +150\.00% +19\.50 +9\.75 +1040\.00 +520\.00$/m);
  });
});
