/**
 * In Chromium: a content page requests no script file while it loads, and each island's file is requested on the
 * first interaction with it, not before; the islands that must act on their own (/compare, /stats) load once shown.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { islandReady, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

/**
 * Every script file the page has requested so far, from its resource timing (which also lists what it asked for
 * before any listener here could), by file name without its hash: search-5NPIMKWA.js is "search".
 */
const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js'))
      .map((p) => (p.startsWith('/assets/islands/') ? p.slice('/assets/islands/'.length).replace(/-[A-Z0-9]+\.js$/, '') : p)),
  );

/** Opens a page with its islands left alone, once it has loaded and every request it made is answered. */
async function open(path: string, width = 1366) {
  const tracked = await browser.open(path, { islands: false, width });
  await tracked.quiet();
  return tracked;
}

const CONTENT = ['/', '/vpn-reviews/nordvpn', '/vpn-deals', '/articles/best-vpn-2025', '/compare/nordvpn-vs-surfshark', '/contact-us'];

describe('island loading', () => {
  for (const path of CONTENT) {
    it(`${path} requests no script file while it loads`, async () => {
      const { page } = await open(path);
      expect(await scriptsOf(page)).toEqual([]);
    });
  }

  it('loads the sign-up on its first focus, not before', async () => {
    const { page } = await open('/vpn-deals');
    expect(await scriptsOf(page)).toEqual([]);
    await page.getByPlaceholder('Enter your email').focus();
    await islandReady(page, 'newsletter');
    const scripts = await scriptsOf(page);
    expect(scripts[0]).toBe('newsletter');
    expect(scripts).not.toContain('search');
  });

  it('loads the header search on `/`, with the cursor in its field', async () => {
    const { page } = await open('/vpn-reviews');
    expect(await scriptsOf(page)).toEqual([]);
    await page.keyboard.press('/');
    await islandReady(page, 'search');
    const scripts = await scriptsOf(page);
    expect(scripts[0]).toBe('search');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    expect(scripts).not.toContain('newsletter');
  });

  it('loads the contact form on its first input, not before', async () => {
    const { page } = await open('/contact-us');
    expect(await scriptsOf(page)).toEqual([]);
    await page.getByTestId('contact-form').locator('input[name=name]').click();
    await islandReady(page, 'contact');
    expect((await scriptsOf(page))[0]).toBe('contact');
  });

  it('loads the /compare table and the dashboard once they are on screen, without an interaction', async () => {
    for (const [path, name] of [
      ['/compare', 'compare'],
      ['/stats', 'stats'],
    ] as const) {
      const { page } = await open(path);
      await islandReady(page, name);
      const scripts = await scriptsOf(page);
      expect(scripts[0]).toBe(name);
      expect(scripts).not.toContain('newsletter');
    }
  });

  it('hydrates each island without a mismatch (the page logs none)', async () => {
    for (const path of ['/', '/contact-us', '/compare', '/stats', '/search', '/404']) {
      const { page, errors, messages } = await browser.open(path, { ignore404: true });
      await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);
      expect(errors, path).toEqual([]);
      expect(
        messages.filter((m) => /hydrat/i.test(m.text())).map((m) => m.text()),
        path,
      ).toEqual([]);
    }
  });

  it("runs the bootstrap and reads the speculation rules under the service's Content-Security-Policy", async () => {
    const { page, quiet } = await browser.open('/vpn-reviews/nordvpn', {
      islands: false,
      init: () => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.sample}`));
      },
    });
    await quiet();
    // The bootstrap ran: it listens for `/`, which puts the cursor in the header's field.
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  it('writes the address asked for to the console on the not-found page', async () => {
    const { page, messages } = await browser.open('/no-such-page-here', { ignore404: true, islands: false });
    await expect.poll(() => messages.map((m) => m.text())).toContain('404: no page at /no-such-page-here');
    expect(await page.getByTestId('not-found').isVisible()).toBe(true);
  });
});
