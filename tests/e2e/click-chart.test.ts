/** vpnsite clicks --chart FILE.html opened in Chromium: no console errors, no requests, one line per provider. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../services/db/index.ts';
import { connectBrowser } from '../helpers/browser.ts';
import { vpnsite } from '../helpers/cli.ts';
import { insertClicks, type SeedClick } from '../helpers/clicks.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const PROVIDERS = ['nordvpn', 'surfshark', 'protonvpn', 'ipvanish'];

describe('the HTML click chart', () => {
  let browser: Browser;
  let file: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vpnsite-chart-e2e-'));
    const pgliteDir = freshPgliteDir();
    const db = await openDb({ pgliteDir });
    await migrate(db);
    // Provider k gets k + 1 clicks on each of the 7 days from 15 to 21 Nov.
    const clicks: SeedClick[] = PROVIDERS.flatMap((provider, k) =>
      Array.from({ length: 7 * (k + 1) }, (_, i) => ({
        at: `2026-11-${15 + (i % 7)}T12:00:00Z`,
        provider,
        from: '/',
        placement: 'hero',
        visitor: 'abcdef'[i % 6]!,
      })),
    );
    await insertClicks(db, clicks);
    await db.close();
    file = join(dir, 'clicks.html');
    const r = vpnsite(['clicks', '--by', 'provider', '--since', '2026-11-15', '--until', '2026-11-21', '--chart', file], {
      DATABASE_URL: '',
      PGLITE_DIR: pgliteDir,
    });
    expect(r.stderr).toContain(`wrote ${file}`);
    expect(r.status).toBe(0);
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('draws one line per provider with a legend and axes, and the table under it', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (req) => requests.push(req.url()));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

    await expect(page.locator('h1').textContent()).resolves.toBe('Clicks per day per provider, 2026-11-15 to 2026-11-21 (UTC)');
    const lines = page.locator('svg path.series');
    expect(await lines.count()).toBe(4);
    expect(await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute('data-provider')))).toEqual([
      'ipvanish',
      'nordvpn',
      'protonvpn',
      'surfshark',
    ]);
    // Each line has a point per day and is actually drawn (a non-empty box on screen).
    for (const d of await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute('d')!))) expect(d.match(/[ML]/g)).toHaveLength(7);
    for (const box of await lines.evaluateAll((ps) => ps.map((p) => (p as SVGPathElement).getBBox().width)))
      expect(box).toBeGreaterThan(500);
    expect(await page.locator('svg .legend-item').allTextContents()).toEqual(['ipvanish', 'nordvpn', 'protonvpn', 'surfshark']);
    expect(await page.locator('svg text').allTextContents()).toEqual(
      expect.arrayContaining(['2026-11-15', '2026-11-21', 'UTC day', 'Clicks (people)', '0']),
    );
    // Table: 4 providers (7, 14, 21, 28 clicks), then the total: the same visitors click every provider, so
    // the total's uniques are ipvanish's (4 a day), not the sum of the rows.
    expect(await page.locator('tbody tr').allInnerTexts()).toEqual([
      'ipvanish\t28\t28',
      'nordvpn\t7\t7',
      'protonvpn\t21\t21',
      'surfshark\t14\t14',
    ]);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with a tab between cells, is what is checked
    expect(await page.locator('tfoot tr').innerText()).toBe('total\t70\t28');
    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.screenshot({ path: join(tmpdir(), 'vpnsite-click-chart.png'), fullPage: true });
  });
});
