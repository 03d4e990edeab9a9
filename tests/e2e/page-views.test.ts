/**
 * Page views from real page loads in Chromium: one per page shown, nothing stored in the browser, a prerendered page
 * only once it is shown, and none for one rendered ahead and never shown.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { spawnServe, stop, vpnsiteAsync, type ServeProcess } from '../helpers/serve-process.ts';
import { freshPgliteDir } from '../helpers/pglite-template.ts';

const browser = useBrowser();
let svc: ServeProcess;
let env: Record<string, string>;

beforeAll(async () => {
  env = { DIST_DIR: inject('distDir'), DATABASE_URL: '', PGLITE_DIR: freshPgliteDir(), LOG_LEVEL: 'warn' };
  svc = await spawnServe(env, '/healthz/db');
});
afterAll(async () => {
  if (svc) await stop(svc);
});

/** Headless Chromium says so in its user agent, and is not counted as a person: this is a person's browser. */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Runs before the page's script: a page Chromium prerenders (Speculation Rules) runs with document.prerendering true
 * until the visitor opens it. This stands in for that state, and notes each beacon and when the page sets one aside
 * for its showing.
 */
function prerendered() {
  const w = window as unknown as { prerendered: boolean; held: boolean; beacons: number };
  Object.assign(w, { prerendered: true, held: false, beacons: 0 });
  Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => w.prerendered });
  const listen = Document.prototype.addEventListener;
  Document.prototype.addEventListener = function (this: Document, ...args: Parameters<Document['addEventListener']>) {
    if (args[0] === 'prerenderingchange') w.held = true;
    return listen.apply(this, args);
  };
  const send = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (...args) => (w.beacons++, send(...args));
}

const views = async () =>
  JSON.parse((await vpnsiteAsync(['db', 'query', 'SELECT path, referrer FROM page_views ORDER BY id'], env)).stdout) as {
    path: string;
    referrer: string | null;
  }[];

describe('page views', () => {
  it('counts a page load once, then the page a link leads to, and stores nothing in the browser', async () => {
    const { page } = await browser.open(`${svc.url}/vpn-deals`, { userAgent: PERSON });
    await hydrated(page);
    await expect.poll(views, { timeout: 20_000 }).toEqual([{ path: '/vpn-deals', referrer: null }]);
    await page.locator('header').getByRole('link', { name: 'Reviews' }).click();
    await page.waitForURL('**/vpn-reviews');
    await expect.poll(views, { timeout: 20_000 }).toEqual([
      { path: '/vpn-deals', referrer: null },
      { path: '/vpn-reviews', referrer: `${svc.url}/vpn-deals` },
    ]);
    const stored = await page.evaluate(() => ({ cookies: document.cookie, local: localStorage.length, session: sessionStorage.length }));
    expect(stored).toEqual({ cookies: '', local: 0, session: 0 });
    // The owner's own visit, with ?notrack=1, is not counted.
    await page.goto(`${svc.url}/vpn-gaming?notrack=1`);
    await hydrated(page);
    await page.goto(`${svc.url}/vpn-streaming`);
    await hydrated(page);
    await expect
      .poll(async () => (await views()).map((v) => v.path), { timeout: 20_000 })
      .toEqual(['/vpn-deals', '/vpn-reviews', '/vpn-streaming']);
  });

  it('counts a prerendered page only once it is shown', async () => {
    const { page } = await browser.open(`${svc.url}/vpn-setup-guides`, {
      userAgent: PERSON,
      init: prerendered,
    });
    const seen = () => page.evaluate(() => (window as unknown as { beacons: number }).beacons);
    await page.waitForFunction(() => (window as unknown as { held: boolean }).held);
    expect(await seen()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { prerendered: boolean }).prerendered = false;
      document.dispatchEvent(new Event('prerenderingchange'));
    });
    expect(await seen()).toBe(1);
    await expect
      .poll(async () => (await views()).map((v) => v.path), { timeout: 20_000 })
      .toEqual(['/vpn-deals', '/vpn-reviews', '/vpn-streaming', '/vpn-setup-guides']);
  });

  it('counts nothing for a page rendered ahead and never shown', async () => {
    const { page } = await browser.open(`${svc.url}/vpn-gaming`, { userAgent: PERSON, init: prerendered, islands: false });
    await page.waitForFunction(() => (window as unknown as { held: boolean }).held);
    await page.close();
    // The next page shown is counted; the one never shown before it is not.
    const next = await browser.open(`${svc.url}/about-us`, { userAgent: PERSON });
    await hydrated(next.page);
    await expect
      .poll(async () => (await views()).map((v) => v.path), { timeout: 20_000 })
      .toEqual(['/vpn-deals', '/vpn-reviews', '/vpn-streaming', '/vpn-setup-guides', '/about-us']);
  });
});
