/** The parts every page shares: header navigation, the small-screen menu, the skip link, scroll on Back, the error screen, stars and logos. */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { filledStars } from '../helpers/page-checks.ts';

const browser = useBrowser();

const focused = (page: Page) =>
  page.evaluate(() => ({
    id: document.activeElement?.id ?? '',
    tag: document.activeElement?.tagName ?? '',
    text: document.activeElement?.textContent?.trim() ?? '',
  }));

const SECTIONS = [
  '/vpn-reviews',
  '/compare',
  '/vpn-deals',
  '/vpn-streaming',
  '/vpn-gaming',
  '/vpn-setup-guides',
  '/articles',
  '/how-we-test',
  '/about-us',
  '/contact-us',
];

describe('header navigation', () => {
  it('reaches every section from the header on a wide screen', async () => {
    const { page } = await browser.open('/', { javaScript: false, width: 1366 });
    const hrefs = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(SECTIONS);
  });

  for (const width of [1024, 1280, 1366]) {
    it(`fits on one line at ${width} px, with Compare and How we test in it`, async () => {
      const { page } = await browser.open('/', { javaScript: false, width });
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Compare', 'How we test']) expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
      const layout = await page.evaluate(() => {
        const header = document.querySelector('header')!;
        // The menu's copy of the links is hidden at these widths: only the shown ones count.
        const links = [...header.querySelectorAll('nav[aria-label="Main"] a')]
          .map((a) => a.getBoundingClientRect())
          .filter((r) => r.width > 0);
        // The search field, or on narrower screens its button.
        const search = [...header.querySelectorAll('form[role=search], [data-search-button]')]
          .map((e) => e.getBoundingClientRect())
          .find((r) => r.width > 0)!;
        return {
          overflow: header.scrollWidth - header.clientWidth,
          lines: new Set(links.map((r) => `${Math.round(r.top)}:${Math.round(r.height)}`)).size,
          navRight: Math.max(...links.map((r) => r.right)),
          searchLeft: search.left,
          page: document.documentElement.scrollWidth,
        };
      });
      expect(layout).toMatchObject({ overflow: 0, lines: 1, page: width });
      expect(layout.navRight).toBeLessThan(layout.searchLeft);
    });
  }

  it('opens the small-screen menu by keyboard, closes it on Escape, follows a link, and starts closed on the new page', async () => {
    const { page } = await browser.open('/vpn-deals', { width: 390 });
    await hydrated(page);
    const menu = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.isVisible()).toBe(false);
    // Skip link, logo, the search button, then the menu button.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).tag).toBe('SUMMARY');
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Reviews');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect((await focused(page)).tag).toBe('SUMMARY');
    await page.keyboard.press('Space');
    await menu.getByRole('link', { name: 'Articles' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/articles');
    await page.getByRole('heading', { level: 1, name: 'VPN Articles' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
  });

  it('works as a menu without JavaScript too', async () => {
    const { page } = await browser.open('/', { javaScript: false, width: 390 });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await page.getByText('Menu', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(SECTIONS);
    await menu.getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/contact-us');
    expect(await menu.isVisible()).toBe(false);
  });
});

describe('skip link', () => {
  for (const javaScript of [true, false]) {
    it(`is the first stop of the keyboard and moves focus to the content (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const { page } = await browser.open('/vpn-reviews', { javaScript });
      if (javaScript) await hydrated(page);
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.isVisible()).toBe(true);
      expect((await skip.boundingBox())!.width).toBeLessThanOrEqual(1);
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe('Skip to content');
      expect((await skip.boundingBox())!.width).toBeGreaterThan(50);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).id).toBe('main');
      // The next stop is inside the page's content, past every header link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
    });
  }
});

describe('scroll position', () => {
  it('starts a new page at the top and returns to where the visitor was on Back', async () => {
    const { page } = await browser.open('/vpn-reviews', { width: 1366 });
    await hydrated(page);
    const link = page.locator('a[href="/vpn-reviews/ipvanish"]').first();
    await link.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 150));
    const listY = await page.evaluate(() => window.scrollY);
    expect(listY).toBeGreaterThan(400);
    await link.click();
    await page.waitForURL('**/vpn-reviews/ipvanish');
    await page.getByRole('heading', { level: 1, name: 'IPVanish Review 2025' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.goBack();
    await page.waitForURL('**/vpn-reviews');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listY);
    await page.goForward();
    await page.waitForURL('**/vpn-reviews/ipvanish');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  });
});

describe('stars', () => {
  it('keep the whole stars of the rule and fill the next one by the fraction, so a 4.9 and a 4.2 differ', async () => {
    const { page } = await browser.open('/', { javaScript: false, width: 1366 });
    const stars = (rating: string) => page.getByRole('img', { name: `Rated ${rating} out of 5` }).first();
    const high = stars('4.9');
    const low = stars('4.2');
    expect(await filledStars(high)).toBe(4);
    expect(await filledStars(low)).toBe(4);
    // The visible, filled part of the fifth star: a box clipping a filled star over an empty one.
    const share = async (rating: ReturnType<typeof stars>) => {
      const part = rating.locator('[data-partial]');
      const whole = (await part.boundingBox())!.width;
      const filled = (await part.locator('span').boundingBox())!.width;
      return filled / whole;
    };
    expect(await share(high)).toBeCloseTo(0.9, 1);
    expect(await share(low)).toBeCloseTo(0.2, 1);
    const fifth = (rating: ReturnType<typeof stars>) => rating.locator('[data-partial]').screenshot();
    expect((await fifth(high)).equals(await fifth(low))).toBe(false);
  });
});

describe('logos', () => {
  it('draws every provider and the site from its SVG in data/logos/, without emoji', async () => {
    const { page } = await browser.open('/', { javaScript: false, width: 1366 });
    const emoji = /\p{Extended_Pictographic}/u;
    const providers = readdirSync('data/providers').map(
      (f) => parse(readFileSync(`data/providers/${f}`, 'utf8')) as { slug: string; logoSvg?: string },
    );
    for (const p of providers) expect(p.logoSvg, p.slug).toBe(`${p.slug}.svg`);
    const cards = page.getByTestId('provider-card');
    for (let i = 0; i < (await cards.count()); i++) {
      const logo = cards.nth(i).locator('img').first();
      expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
      expect(await logo.getAttribute('alt')).toBe('');
      expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(emoji.test((await cards.nth(i).textContent()) ?? '')).toBe(false);
    }
    const brand = page.locator('header').getByRole('link', { name: 'VPN Compass home' });
    expect(await brand.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(emoji.test((await page.locator('header').textContent()) ?? '')).toBe(false);
  });
});

describe('home provider card', () => {
  it('is one click target, whose one link is its button', async () => {
    const { page } = await browser.open('/', { width: 1366 });
    await hydrated(page);
    const card = page.getByTestId('provider-card').filter({ hasText: 'NordVPN' });
    const links = card.getByRole('link');
    expect(await links.count()).toBe(1);
    expect(await links.textContent()).toBe('Get NordVPN');
    // The redirect's target is outside this machine's reach: answer /go/ here and look at what was asked for.
    await page.context().route('**/go/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'redirected' }));
    const popup = page.context().waitForEvent('page');
    const countries = card.getByText('Countries:');
    await countries.scrollIntoViewIfNeeded();
    const box = (await countries.boundingBox())!;
    await page.mouse.click(box.x + 2, box.y + 2);
    const opened = await popup;
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname + new URL(opened.url()).search).toBe('/go/nordvpn?from=%2F&placement=comparison-card');
  });
});
