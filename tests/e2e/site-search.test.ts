/** The site search: the header's field by keyboard, the results page with and without JavaScript, and what is indexed. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

/** Hydration is deferred past first paint: the field answers keys once React holds it. */
const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('input[type=search]')].every((i) => Object.keys(i).some((k) => k.startsWith('__reactProps'))),
  );

/** The URLs of the popup's results, in order, once they are shown for what was typed. */
async function popupResults(page: Page): Promise<string[]> {
  const popup = page.getByTestId('search-popup');
  await popup.getByRole('status').waitFor();
  return popup
    .getByTestId('search-result')
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
}

/** The pages in the built search index, from Pagefind's fragments (gzip, after a signature). */
function indexedPages(): string[] {
  const dir = join(inject('distDir'), 'pagefind', 'fragment');
  return readdirSync(dir).map((f) =>
    (
      JSON.parse(
        gunzipSync(readFileSync(join(dir, f)))
          .toString('utf8')
          .replace(/^pagefind_dcd/, ''),
      ) as { url: string }
    ).url.replace(/(.)\/$/, '$1'),
  );
}

describe('search from the header', () => {
  it('is focused by "/", loads nothing before, and finds the three targets by keyboard', async () => {
    const { page } = await browser.open('/vpn-deals', { width: 1366 });
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await hydrated(page);
    // Nothing of the search is part of the page's load.
    expect(fetched.filter((p) => p.startsWith('/pagefind/') || /search-popup/.test(p))).toEqual([]);

    await page.keyboard.press('/');
    const field = page.getByRole('search').first().getByRole('searchbox', { name: 'Search the site' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('netflix');
    const netflix = await popupResults(page);
    expect(netflix).toContain('/articles/vpn-for-netflix');
    expect(netflix).toContain('/vpn-streaming');
    expect(fetched.some((p) => p.startsWith('/pagefind/'))).toBe(true);

    await page.keyboard.press('Control+A');
    await page.keyboard.type('nord vs surf');
    await expect.poll(async () => (await popupResults(page))[0]).toBe('/compare/nordvpn-vs-surfshark');
    // Down from the field reaches the first result; Enter follows it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/compare/nordvpn-vs-surfshark');
    await page.getByRole('heading', { level: 1, name: 'NordVPN vs Surfshark' }).waitFor();
  });

  it('sends Enter to the results page, which lists every review that mentions a kill switch, with its type and rating', async () => {
    const { page } = await browser.open('/', { width: 1366 });
    await hydrated(page);
    await page.keyboard.press('/');
    await page.keyboard.type('kill switch');
    await page.keyboard.press('Enter');
    // The form's own submission spells the space '+', the client's navigation '%20': both are the same query.
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'kill switch');
    const results = page.getByTestId('search-page-results');
    await results.getByRole('status').waitFor();
    const found = await results.getByTestId('search-result').evaluateAll((lis) =>
      lis.map((li) => ({
        href: li.querySelector('a')!.getAttribute('href')!,
        type: li.querySelector('[data-testid=search-result-type]')!.textContent,
        rating: li.querySelector('[data-testid=search-result-rating]')?.textContent ?? null,
        marked: [...li.querySelectorAll('mark')].map((m) => m.textContent!.toLowerCase()),
        excerpt: li.querySelector('p')?.textContent ?? '',
      })),
    );
    // A figure's label and value stay apart in the snippets: the stat strips' list of terms once came out as one
    // word ("Servers:5,400+Countries:162").
    expect(found.filter((f) => /[A-Za-z]:[^\s/]/.test(f.excerpt)).map((f) => f.excerpt)).toEqual([]);
    // Every review whose text says "kill switch", read from the built pages; a review of a service that has shut
    // down is an archive, and its result says so.
    const dist = inject('distDir');
    const main = (slug: string) => readFileSync(join(dist, 'vpn-reviews', slug, 'index.html'), 'utf8').split('<main')[1] ?? '';
    const reviews = readdirSync(join(dist, 'vpn-reviews'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && /kill switch/i.test(main(d.name)))
      .map((d) => ({ path: `/vpn-reviews/${d.name}`, archived: main(d.name).includes('data-archived-review') }));
    expect(reviews.filter((r) => !r.archived).length).toBeGreaterThan(0);
    for (const { path: review, archived } of reviews) {
      const hit = found.find((f) => f.href === review);
      expect(hit, review).toBeDefined();
      expect(hit!.type, review).toBe(archived ? 'Archived review' : 'Review');
      // An archive has no current rating to show beside it.
      if (archived) expect(hit!.rating, review).toBeNull();
      else expect(hit!.rating, review).toMatch(/^★ \d(\.\d)?\/5$/);
      // Each of them shows the words where its text says them.
      expect(
        hit!.marked.some((m) => m.startsWith('kill') || m.startsWith('switch')),
        JSON.stringify(hit),
      ).toBe(true);
    }
    expect(await page.getByRole('searchbox', { name: 'Search the site' }).last().inputValue()).toBe('kill switch');
  });

  it('opens from an icon on a phone: the results page, its field ready to type in', async () => {
    const { page } = await browser.open('/vpn-reviews', { width: 390 });
    await hydrated(page);
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search');
    const field = page.getByRole('searchbox', { name: 'Search the site' }).last();
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('netflix');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=netflix');
    const results = page.getByTestId('search-page-results');
    await results.getByRole('status').waitFor();
    expect(
      await results
        .getByTestId('search-result')
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toContain('/articles/vpn-for-netflix');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('a search that finds nothing', () => {
  it('says so, and leads on a phone to the directory kept a screen below the results', async () => {
    const { page } = await browser.open('/search?q=zzqxv', { width: 390 });
    const status = page.getByTestId('search-page-results').getByRole('status');
    await expect.poll(() => status.textContent()).toContain('No results for “zzqxv”');
    const browse = page.getByRole('navigation', { name: 'Browse the site' });
    expect(await browse.evaluate((nav) => nav.getBoundingClientRect().top)).toBeGreaterThan(900);
    await status.getByRole('link', { name: 'browse every review, comparison and guide' }).click();
    await expect.poll(() => browse.evaluate((nav) => nav.getBoundingClientRect().top)).toBeLessThan(900);
  });
});

describe('search without JavaScript', () => {
  it('submits the header field to /search, which lists every review, comparison and guide', async () => {
    const { page } = await browser.open('/', { width: 1366, javaScript: false });
    await page.getByRole('searchbox', { name: 'Search the site' }).first().fill('netflix');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=netflix');
    expect(await page.getByTestId('search-no-script').isVisible()).toBe(true);
    const browse = page.getByRole('navigation', { name: 'Browse the site' });
    const hrefs = await browse.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain('/vpn-reviews/nordvpn');
    expect(hrefs).toContain('/compare/nordvpn-vs-surfshark');
    expect(hrefs).toContain('/windows-setup-guide');
  });
});

describe('what search finds', () => {
  it('indexes the pages of the sitemap, never the dashboard, the newsletter and form pages, the search page or the not-found page', () => {
    const indexed = indexedPages();
    const sitemap = [
      ...readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g),
    ].map((m) => m[1]!.replace(/(.)\/$/, '$1'));
    expect(indexed.length).toBeGreaterThan(50);
    expect(
      indexed.every((p) => sitemap.includes(p)),
      'every indexed page is in the sitemap',
    ).toBe(true);
    for (const hidden of ['/stats', '/search', '/404', '/newsletter/subscribed', '/newsletter/confirmed', '/contact-us/sent']) {
      expect(indexed).not.toContain(hidden);
      expect(sitemap).not.toContain(hidden);
    }
    expect(indexed.some((p) => p.startsWith('/newsletter'))).toBe(false);
  });
});
