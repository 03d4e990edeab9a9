import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

describe('home page', () => {
  it('is complete in the prerendered HTML, with JavaScript off', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    await expect(page.locator('h1').textContent()).resolves.toBe('Find Your Perfect VPN Protection');
    await expect(page.getByRole('heading', { name: 'Best VPN Services Comparison 2025' }).count()).resolves.toBe(1);
    expect(await page.getByText('Military-Grade Encryption', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Global Server Network', { exact: true }).count()).toBe(1);
    expect(await page.getByText('No-Logs Policy', { exact: true }).count()).toBe(1);
    const cards = page.getByTestId('provider-card');
    expect(await cards.count()).toBe(7);
    // The record's figures on the cards.
    const first = cards.first();
    expect(await first.textContent()).toContain('NordVPN');
    expect(await first.textContent()).toContain('Highest Rated');
    expect(await first.textContent()).toContain('5,400+');
    expect(await first.textContent()).toContain('162');
    expect(await cards.nth(2).textContent()).toContain('45 days');
    // Only the featured card carries the badge.
    expect(await page.getByText('Highest Rated').count()).toBe(1);
    expect(await page.locator('footer').textContent()).toContain('© 2025');
  });

  it('hydrates without console errors and shows 7 cards with a featured ring', async () => {
    const { page } = await browser.open('/');
    await hydrated(page);
    expect(await page.getByTestId('provider-card').count()).toBe(7);
    const featured = page.getByTestId('provider-card').filter({ hasText: 'Highest Rated' });
    expect(await featured.getAttribute('class')).toContain('ring-2');
  });

  it('links real outbound buttons through /go/ with the sponsored rel and a new tab', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    const get = page.getByRole('link', { name: 'Get NordVPN' });
    expect(await get.getAttribute('href')).toBe('/go/nordvpn?from=%2F&placement=comparison-card');
    expect(await get.getAttribute('target')).toBe('_blank');
    expect(await get.getAttribute('rel')).toBe('sponsored nofollow noopener');
  });

  it('sends every card, with or without an affiliate link, through /go/; one without goes to the website, unpaid', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    const cards = page.getByTestId('provider-card');
    expect(await cards.locator('button').count()).toBe(0);
    const get = page.getByRole('link', { name: 'Get CyberGhost' });
    expect(await get.getAttribute('href')).toBe('/go/cyberghost?from=%2F&placement=comparison-card');
    expect(await get.getAttribute('target')).toBe('_blank');
    const res = await fetch(new URL('/go/cyberghost?notrack=1', browser.baseUrl()), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.cyberghostvpn.com');
  });

  it('names the plan of every price and the day it was checked, and lists only reviewed providers', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    const cards = page.getByTestId('provider-card');
    expect(await cards.locator('h3').allTextContents()).not.toContain('ExpressVPN');
    for (let i = 0; i < (await cards.count()); i++) {
      const text = (await cards.nth(i).textContent()) ?? '';
      expect(text).toMatch(/\d-year plan/);
      expect(await cards.nth(i).getByTestId('price-checked').textContent()).toBe('Price checked 15 Jan 2025');
    }
    expect(await page.getByText('Prices shown are per month on annual or longer plans', { exact: false }).count()).toBe(1);
  });
});

describe('navigation', () => {
  it('starts the page a link leads to at the top', async () => {
    const { page } = await browser.open('/');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('footer').getByRole('link', { name: 'VPN Deals' }).click();
    await page.waitForURL('**/vpn-deals');
    await page.getByRole('heading', { level: 1, name: 'VPN Deals of 2025, by Discount' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('marks the current page in the main navigation, on every page a link leads to', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    const main = page.getByRole('navigation', { name: 'Main' });
    const current = () => main.locator('[aria-current="page"]').evaluateAll((els) => els.map((el) => el.textContent));
    expect(await current()).toEqual(['Deals']);
    expect(await main.getByRole('link', { name: 'Deals' }).getAttribute('class')).toContain('text-blue-700');
    expect(await main.getByRole('link', { name: 'Reviews' }).getAttribute('class')).toContain('text-slate-700');

    const live = (await browser.open('/vpn-deals')).page;
    await hydrated(live);
    const liveMain = live.getByRole('navigation', { name: 'Main' });
    await liveMain.getByRole('link', { name: 'Reviews' }).click();
    await live.waitForURL('**/vpn-reviews');
    await liveMain.locator('[aria-current="page"]', { hasText: 'Reviews' }).waitFor();
    expect(await liveMain.locator('[aria-current="page"]').count()).toBe(1);
    await liveMain.getByRole('link', { name: 'Compare' }).click();
    await live.waitForURL('**/compare');
    await liveMain.locator('[aria-current="page"]', { hasText: 'Compare' }).waitFor();
    // The logo is the way home; no section is current there.
    await live.getByRole('link', { name: 'VPN Compass home' }).click();
    await live.waitForURL((url) => url.pathname === '/');
    await liveMain.locator('[aria-current="page"]').waitFor({ state: 'detached' });
  });

  it('leaves every click on a link to the browser: no script stands between a link and its page', async () => {
    const { page } = await browser.open('/');
    await hydrated(page);
    // What the document listener decided shows in whether the click's default was prevented.
    const prevented = (selector: string, init: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }) =>
      page.evaluate(
        ({ selector, init }) => {
          const link = document.querySelector(selector)!;
          let result: boolean | undefined;
          // Runs after any listener on document; stops the browser from following the link either way.
          window.addEventListener('click', (e) => ((result = e.defaultPrevented), e.preventDefault()), { once: true });
          link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
          return result;
        },
        { selector, init },
      );
    const footerDeals = 'footer a[href="/vpn-deals"]';
    expect(await prevented(footerDeals, { ctrlKey: true })).toBe(false);
    expect(await prevented(footerDeals, { metaKey: true })).toBe(false);
    expect(await prevented(footerDeals, { shiftKey: true })).toBe(false);
    // Outbound links open in a new tab through /go/, never as a route of the site.
    expect(await prevented('a[href^="/go/"]', {})).toBe(false);
    expect(page.url()).toBe(new URL('/', browser.baseUrl()).href);
    // A plain click too: the browser follows it (and may show the page it rendered ahead, docs/islands.md).
    expect(await prevented(footerDeals, {})).toBe(false);
    await page.locator(footerDeals).click();
    await page.waitForURL('**/vpn-deals');
  });
});

describe('not-found page', () => {
  it('answers 404 with its text and logs the path', async () => {
    const res = await fetch(new URL('/no-such-page', browser.baseUrl()));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Oops! Page not found');
    const tracked = await browser.open('/no-such-page', { ignore404: true });
    expect(await tracked.page.locator('h1').textContent()).toBe('Oops! Page not found');
    expect(await tracked.page.getByText('404', { exact: true }).count()).toBe(1);
    expect(await tracked.page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(tracked.messages.some((m) => m.text().includes('/no-such-page'))).toBe(true);
  });
});
