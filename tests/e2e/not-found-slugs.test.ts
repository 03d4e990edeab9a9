/**
 * Reviews and articles are parameterised routes (`/vpn-reviews/:slug`, `/articles/:slug`). The service answers an
 * unknown slug under them with the not-found page prerendered through that same route; it must show the not-found
 * page, say so in the console, load no script file until the visitor acts, and lead on from there.
 */
import { describe, expect, it } from 'vitest';
import { islandReady, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

describe('unknown slugs under the parameterised routes', () => {
  for (const path of ['/articles/missing', '/vpn-reviews/no-such-vpn']) {
    it(`${path} shows the not-found page, with a search and a way home`, async () => {
      const res = await fetch(new URL(path, browser.baseUrl()));
      expect(res.status).toBe(404);

      const { page, messages, quiet } = await browser.open(path, { ignore404: true, islands: false });
      await quiet();
      expect(await page.locator('h1').textContent()).toBe('Oops! Page not found');
      expect(await page.getByTestId('not-found').count()).toBe(1);
      expect(messages.some((m) => m.type() === 'warning' && m.text().includes(`404: no page at ${path}`))).toBe(true);
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length);
      expect(scripts).toBe(0);

      // Its own search field is an island, loaded on first use.
      await page.locator('#not-found-search').fill('nordvpn');
      await islandReady(page, 'search');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.locator('h1', { hasText: 'Find Your Perfect VPN Protection' }).waitFor();
    });
  }
});
