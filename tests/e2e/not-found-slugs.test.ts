/**
 * Reviews and articles are parameterised routes (`/vpn-reviews/:slug`, `/articles/:slug`), so in the browser an
 * unknown slug matches them, not `*`. The service answers it with the not-found page prerendered through that
 * same route; it must show the not-found page, hydrate without errors and route on the client from there.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

/** Whether React Router hydrated: its data router exists and finished initialising. */
const hydrated = (page: Page) =>
  page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state
        .initialized === true,
  );

/** Marks the document, so a later check can tell a client-side navigation (mark kept) from a page load (mark gone). */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('unknown slugs under the parameterised routes', () => {
  for (const [path, real, heading] of [
    ['/articles/missing', '/articles/vpn-vs-proxy', 'VPN vs Proxy: Which Is Better for Privacy in 2025?'],
    ['/vpn-reviews/no-such-vpn', '/vpn-reviews/nordvpn', 'NordVPN Review 2025'],
  ] as const) {
    it(`${path} shows the not-found page, hydrates, and routes on the client`, async () => {
      const res = await fetch(new URL(path, browser.baseUrl()));
      expect(res.status).toBe(404);

      const { page, messages } = await browser.open(path, { ignore404: true });
      const dataRequests: string[] = [];
      page.on('request', (r) => void (r.url().endsWith('.data') && dataRequests.push(r.url())));
      await hydrated(page);
      expect(await page.locator('h1').textContent()).toBe('Oops! Page not found');
      expect(await page.getByTestId('not-found').count()).toBe(1);
      expect(messages.some((m) => m.type() === 'warning' && m.text().includes(`404: no page at ${path}`))).toBe(true);
      // It hydrated from the page's own data: nothing was fetched for the unknown slug.
      expect(dataRequests).toEqual([]);

      // A real page of the same kind, routed on the client from its .data file.
      await mark(page);
      await page.evaluate(
        (to) =>
          (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
            to,
          ),
        real,
      );
      await page.waitForURL((u) => u.pathname === real);
      await page.locator('h1', { hasText: heading }).waitFor();
      expect(await sameDocument(page)).toBe(true);

      // The not-found page's link navigates on the client.
      await page.goBack();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.locator('h1', { hasText: 'Find Your Perfect VPN Protection' }).waitFor();
      expect(await sameDocument(page)).toBe(true);
    });
  }

  it('an unknown slug reached on the client shows the not-found page too', async () => {
    const { page } = await browser.open('/vpn-reviews', { ignore404: true });
    await hydrated(page);
    await mark(page);
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
        '/articles/also-missing',
      ),
    );
    await page.waitForURL((u) => u.pathname === '/articles/also-missing');
    await page.getByTestId('not-found').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Oops! Page not found');
    expect(await sameDocument(page)).toBe(true);
  });
});
