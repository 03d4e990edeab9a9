/**
 * A provider that has shut down (Atlas VPN), through `vpnsite serve` of the real build: its review stays, under a
 * notice and without a single button; it is on no listing, ranking or deal; its head-to-head pages answer with a
 * 301 to the surviving provider's review; and /go/ leads to its review.
 */
import '../helpers/compiled-schemas.ts';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { formatLongDate, loadContent, ranked } from '../../services/content/index.ts';
import { scanPage } from '../../scripts/build/html-scan.ts';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();
const content = loadContent('data').content!;
const atlas = content.providers.find((p) => p.slug === 'atlas-vpn')!;
const survivors = content.providers.filter(ranked);
const REVIEW = '/vpn-reviews/atlas-vpn';
const get = (path: string) => fetch(new URL(path, browser.baseUrl()), { redirect: 'manual' });
/** The page as the service sends it. */
const html = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe('a discontinued provider', () => {
  it('is marked so in its record', () => {
    expect(atlas.status).toBe('discontinued');
    expect(atlas.discontinued!.on).toMatch(/^2024-/);
    expect(survivors.map((p) => p.slug)).not.toContain('atlas-vpn');
  });

  it('keeps its review, with the notice first and not one button to /go/', async () => {
    const page = await html(REVIEW);
    const anchors = scanPage(page).anchors;
    expect(anchors.filter((a) => a.href.startsWith('/go/'))).toEqual([]);
    // The notice comes before the review's own heading.
    expect(page.indexOf('data-testid="discontinued-notice"')).toBeGreaterThan(-1);
    expect(page.indexOf('data-testid="discontinued-notice"')).toBeLessThan(page.indexOf('<h1'));
    expect(page).not.toContain('data-testid="deal-card"');
    expect(page).not.toContain('data-affiliate-disclosure');

    const { page: shown } = await browser.open(REVIEW, { javaScript: false });
    const notice = shown.getByTestId('discontinued-notice');
    expect(await notice.getByRole('heading', { level: 2 }).textContent()).toBe('Atlas VPN has shut down');
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain(`stopped operating on ${formatLongDate(atlas.discontinued!.on)}`);
    expect(text).toContain(atlas.discontinued!.reason);
    expect(await notice.getByRole('link').getAttribute('href')).toBe('/vpn-reviews');
    // The review itself is all there: the title, scorecard, speed table and verdict, without its buttons.
    expect(await shown.locator('h1').textContent()).toBe('Atlas VPN Review (Discontinued)');
    expect(await shown.getByRole('heading', { level: 2, name: /Verdict/ }).count()).toBe(1);
    expect(await shown.locator('table tbody tr').count()).toBeGreaterThanOrEqual(3);
    expect(await shown.getByRole('link', { name: /Get Atlas VPN/ }).count()).toBe(0);
    // And a hydrated page shows the same, without a button appearing from the page's data.
    const { page: live } = await browser.open(REVIEW);
    await hydrated(live);
    expect(await live.getByTestId('discontinued-notice').count()).toBe(1);
    expect(await live.locator('a[href^="/go/"]').count()).toBe(0);
  });

  it('is on no listing, ranking, deal or comparison, and in no link to a head-to-head page', async () => {
    for (const path of [
      '/',
      '/vpn-reviews',
      '/vpn-deals',
      '/vpn-streaming',
      '/vpn-gaming',
      '/compare',
      '/how-we-test',
      ...survivors.map((p) => `/vpn-reviews/${p.slug}`),
    ]) {
      const page = await html(path);
      const hrefs = scanPage(page).anchors.map((a) => a.href);
      expect(
        hrefs.filter((h) => h.includes('atlas-vpn')),
        path,
      ).toEqual([]);
      // What a visitor reads: the page without its scripts (the data a page hydrates from may name any provider).
      expect(page.replace(/<script\b[\s\S]*?<\/script>/gi, ''), path).not.toContain('Atlas VPN');
    }
    const sitemap = readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`${REVIEW}</loc>`);
    expect(sitemap).not.toMatch(/\/compare\/[a-z-]*atlas-vpn/);
  });

  it("sends each of its head-to-head pages, in either order, to the other provider's review with a 301", async () => {
    expect(survivors).toHaveLength(7);
    for (const p of survivors) {
      for (const path of [`/compare/${p.slug}-vs-atlas-vpn`, `/compare/atlas-vpn-vs-${p.slug}`]) {
        const res = await get(`${path}?ref=mail`);
        expect(res.status, path).toBe(301);
        expect(res.headers.get('location'), path).toBe(`/vpn-reviews/${p.slug}?ref=mail`);
      }
    }
  });

  it('answers /go/ and every named link of it with its review, never the provider', async () => {
    for (const path of ['/go/atlas-vpn', '/go/atlas-vpn/website', '/go/atlas-vpn/windows']) {
      const res = await get(`${path}?notrack=1`);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(REVIEW);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('shows the notice above the review at 1366 and 390 px wide', async () => {
    // Kept for a person to look at: SCREENSHOTS_DIR, or a directory of this run's own.
    const dir = process.env.SCREENSHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'vpnsite-discontinued-'));
    mkdirSync(dir, { recursive: true });
    for (const width of [1366, 390]) {
      const { page } = await browser.open(REVIEW, { width });
      const notice = page.getByTestId('discontinued-notice');
      const box = (await notice.boundingBox())!;
      // Across the whole width, at the top, below the header, and its text wraps inside the screen.
      expect(box.width, `${width}`).toBe(width);
      expect(box.y).toBeLessThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      const h1 = (await page.locator('h1').boundingBox())!;
      expect(h1.y).toBeGreaterThan(box.y + box.height);
      await page.screenshot({ path: join(dir, `discontinued-${width}.png`) });
    }
  });
});
