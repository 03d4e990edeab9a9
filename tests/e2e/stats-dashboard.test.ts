/**
 * The owner's dashboard at /stats against a seeded database: it asks for the stats token once and keeps it for the
 * tab, shows the same figures as `vpnsite stats` for the same period, sorts its tables, downloads their CSV, passes
 * axe, works at 390 px, and stays out of search.
 */
import '../helpers/compiled-schemas.ts';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadContent } from '../../services/content/index.ts';
import { linksToCheck } from '../../services/links/health.ts';
import { useBrowser } from '../helpers/browser.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const browser = useBrowser();
const TOKEN = 'dashboard-token-for-e2e-0123';
const SECRET = 'impact-secret-for-e2e-0123';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36';
let svc: ServeProcess;
let env: Record<string, string>;

beforeAll(async () => {
  env = {
    DIST_DIR: inject('distDir'),
    DATABASE_URL: '',
    PGLITE_DIR: freshPgliteDir(),
    STATS_TOKEN: TOKEN,
    POSTBACK_SECRETS: `impact:${SECRET}`,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // A stored link check reaches /go/ and the dashboard within this time.
    LINK_FAILOVER_REFRESH_MS: '200',
    // Each opening of the dashboard makes six requests: the tests open it more often in a minute than a person would.
    STATS_RATE_LIMIT: '600',
  };
  svc = await spawnServe(env, '/healthz/db');
  const go = (path: string, ip: string) =>
    fetch(`${svc.url}${path}`, { redirect: 'manual', headers: { 'user-agent': UA, 'x-forwarded-for': ip } });
  for (let i = 0; i < 6; i++) await go('/go/nordvpn?from=/vpn-deals&placement=deal-card', `10.0.0.${i}`);
  for (let i = 0; i < 3; i++) await go('/go/surfshark?from=/&placement=hero-cta', `10.0.1.${i}`);
  for (let i = 0; i < 20; i++)
    await fetch(`${svc.url}/api/pv`, {
      method: 'POST',
      headers: { 'user-agent': UA, origin: svc.url, 'x-forwarded-for': `10.0.2.${i}` },
      body: JSON.stringify({ path: i < 15 ? '/vpn-deals' : '/', referrer: '' }),
    });
  let ids: { id: number }[] = [];
  while (ids.length < 9)
    ids = JSON.parse((await vpnsiteAsync(['db', 'query', 'SELECT id::int AS id FROM clicks ORDER BY id'], env)).stdout);
  for (const [n, [id, amount, currency]] of [
    [ids[0]!.id, '40.00', 'USD'],
    [ids[1]!.id, '35.50', 'USD'],
    [ids[7]!.id, '20.00', 'EUR'],
  ].entries()) {
    await fetch(
      `${svc.url}/api/conversions?network=impact&click_id=${id}&txid=T${n}&amount=${amount}&currency=${currency}&status=approved&token=${SECRET}`,
    );
  }
  while (JSON.parse((await vpnsiteAsync(['db', 'query', 'SELECT count(*)::int AS n FROM page_views'], env)).stdout)[0].n < 20);
});
afterAll(async () => {
  if (svc) await stop(svc);
});

async function openDashboard(width = 1280) {
  const tracked = await browser.open(`${svc.url}/stats`, { width });
  await tracked.page.getByLabel('Stats token').fill(TOKEN);
  await tracked.page.getByRole('button', { name: 'Show stats' }).click();
  await tracked.page.getByTestId('totals').waitFor();
  return tracked;
}

describe('the stats dashboard', () => {
  it("shows the CLI's figures for the same period, and keeps the token for the tab only", async () => {
    const cli = JSON.parse((await vpnsiteAsync(['stats', '--by', 'page', '--format', 'json'], env)).stdout);
    const { page } = await openDashboard();
    const text = async (id: string) => (await page.getByTestId(`total-${id}`).textContent())!.trim();
    expect(await text('views')).toBe(String(cli.total.views));
    expect(await text('clicks')).toBe(String(cli.total.clicks));
    expect(await text('conversions')).toBe(String(cli.total.conversions));
    expect(await text('revenue')).toBe('20.00 EUR · 75.50 USD');
    expect(cli.total.revenue).toEqual({ EUR: '20.0000', USD: '75.5000' });
    const rows = await page
      .getByTestId('table-page')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent!.trim())));
    expect(rows).toEqual(
      [...cli.rows]
        .sort((a, b) => b.clicks - a.clicks)
        .map((r) => [
          r.page,
          String(r.views),
          String(r.clicks),
          `${(r.ctr * 100).toFixed(2)}%`,
          String(r.conversions),
          Object.entries(r.revenue)
            .map(([c, a]) => `${Number(a).toFixed(2)} ${c}`)
            .join(' · '),
        ]),
    );
    expect(await page.evaluate(() => ({ session: sessionStorage.length, local: localStorage.length, cookies: document.cookie }))).toEqual({
      session: 1,
      local: 0,
      cookies: '',
    });
    // Opened again in the same tab: no token asked for.
    await page.reload();
    await page.getByTestId('totals').waitFor();
    expect(await page.getByLabel('Stats token').count()).toBe(0);
  });

  it('sorts a table by any column, says so with aria-sort, and downloads its CSV', async () => {
    const { page } = await openDashboard();
    const table = page.getByTestId('table-provider');
    const names = () => table.locator('tbody th').allTextContents();
    expect(await names()).toEqual(['nordvpn', 'surfshark']);
    await table.getByRole('button', { name: 'Provider' }).click();
    expect(await table.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
    await table.getByRole('button', { name: 'Provider' }).click();
    expect(await names()).toEqual(['surfshark', 'nordvpn']);
    expect(await table.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'By provider' }).getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    // The suite's browser is shared over a connection, so the file is copied here rather than read where it landed.
    const saved = join(mkdtempSync(join(tmpdir(), 'vpnsite-download-')), download.suggestedFilename());
    await download.saveAs(saved);
    const csv = readFileSync(saved, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'provider,views,clicks,clickers,ctr,conversions,conversion_rate,revenue_EUR,epc_EUR,revenue_USD,epc_USD',
    );
    expect(csv).toContain('"nordvpn",,6,6,,2,0.333333,0.0000,,75.5000,12.5833');
  });

  it('asks again for a token the service does not accept', async () => {
    const { page, errors } = await browser.open(`${svc.url}/stats`);
    await page.getByLabel('Stats token').fill('not-the-token');
    await page.getByRole('button', { name: 'Show stats' }).click();
    await expect(page.getByTestId('stats').getByRole('alert').textContent()).resolves.toContain('That token was not accepted');
    // One request found out, which the browser reports on the console; the rest were never sent.
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    expect(await page.getByLabel('Stats token').count()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('passes axe, fits 390 px, and is kept out of search and the sitemap', async () => {
    const { page } = await openDashboard(390);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8')).not.toContain('/stats');
  });

  // Last: from here on, /go/nordvpn fails over.
  it("warns that a broken affiliate link's clicks go to the fallback, once the latest check finds it broken", async () => {
    const before = await browser.open(`${svc.url}/stats`);
    await before.page.getByLabel('Stats token').fill(TOKEN);
    const read = before.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/links');
    await before.page.getByRole('button', { name: 'Show stats' }).click();
    await (await read).finished();
    await before.page.getByTestId('totals').waitFor();
    expect(await before.page.getByTestId('failover').count()).toBe(0);
    // A check stored for NordVPN's current affiliate link, as `links check --save` stores one that answers 500.
    const url = linksToCheck(loadContent('data').content!).find((l) => l.provider === 'nordvpn' && l.link === 'affiliate')!.url;
    const saved = await vpnsiteAsync(
      [
        'db',
        'query',
        `INSERT INTO link_checks (provider, link, url, final_url, status, ok, problems) VALUES ('nordvpn', 'affiliate', '${url}', '${url}', 500, false, ARRAY['answers 500'])`,
      ],
      env,
    );
    expect(saved.status, saved.stderr).toBe(0);
    const failingOver = async () =>
      (
        (await (await fetch(`${svc.url}/api/links`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { failover?: boolean }[]
      ).some((r) => r.failover);
    await expect.poll(failingOver, { timeout: 20_000, interval: 100 }).toBe(true);
    const { page } = await openDashboard();
    const notice = page.getByTestId('failover');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.getByRole('heading').textContent()).toBe('Broken affiliate links: clicks go to the fallback');
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(
        /^nordvpn: answers 500 \(checked \d{4}-\d\d-\d\dT[\d:]+Z\)\. \/go\/nordvpn sends visitors to its fallback link or website/,
      ),
    ]);
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="failover"]').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
