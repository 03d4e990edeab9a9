/**
 * The queries visitors ask and what the search must answer: a provider's name finds its review first, and a feature
 * or price question shows a review or /compare among the header's six results, each with a sentence as its excerpt.
 * On a phone the results page searches as one types.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

/** The query list: a provider's name and the review it must put first. */
const BY_NAME: [string, string][] = [
  ['nordvpn', '/vpn-reviews/nordvpn'],
  ['surfshark', '/vpn-reviews/surfshark'],
  ['cyberghost', '/vpn-reviews/cyberghost'],
  ['tunnelbear', '/vpn-reviews/tunnelbear'],
  ['ipvanish', '/vpn-reviews/ipvanish'],
  ['proton vpn', '/vpn-reviews/protonvpn'],
  ['private internet access', '/vpn-reviews/private-internet-access'],
  ['atlas vpn', '/vpn-reviews/atlas-vpn'],
];
/** Questions whose header results must include a review or /compare. */
const BY_TOPIC = ['kill switch', 'no logs', 'torrenting', 'streaming', 'cheapest'];

/** The header's results for a query: each result's path and excerpt. */
async function headerResults(page: Page, query: string): Promise<{ href: string; excerpt: string }[]> {
  const field = page.locator('header input[type=search]');
  await field.fill(query);
  const popup = page.getByTestId('search-popup');
  // The list is this query's once its "See all" link names it (an earlier query's list may still show a moment).
  await expect
    .poll(() => popup.locator('a[href^="/search?q="]').getAttribute('href', { timeout: 60_000 }), { timeout: 60_000 })
    .toBe(`/search?q=${encodeURIComponent(query)}`);
  return popup
    .getByTestId('search-result')
    .evaluateAll((items) =>
      items.map((li) => ({ href: li.querySelector('a')!.getAttribute('href')!, excerpt: li.querySelector('p')!.textContent ?? '' })),
    );
}

describe('search ranking', () => {
  it("puts a provider's review first for its name", async () => {
    const { page } = await browser.open('/about-us', { width: 1366 });
    for (const [query, review] of BY_NAME) {
      const results = await headerResults(page, query);
      expect(results[0]?.href, query).toBe(review);
    }
  });

  it('shows a review or /compare among the first six for a feature or a price, with sentences as excerpts', async () => {
    const { page } = await browser.open('/about-us', { width: 1366 });
    for (const query of BY_TOPIC) {
      const results = await headerResults(page, query);
      expect(results.length, query).toBe(6);
      expect(
        results.some((r) => r.href.startsWith('/vpn-reviews/') || r.href === '/compare'),
        `${query}: ${results.map((r) => r.href).join(', ')}`,
      ).toBe(true);
      // An excerpt of figures read "Kill switch: yes. No-logs policy: yes."
      for (const r of results) expect(r.excerpt, `${query} ${r.href}`).not.toMatch(/: (yes|no)\b/i);
    }
  });

  it('searches as one types on a phone, and keeps the query in the address', async () => {
    const { page } = await browser.open('/search', { width: 390 });
    await page.locator('#search-page-q').pressSequentially('kill switch');
    const results = page.getByTestId('search-page-results').getByTestId('search-result');
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBeGreaterThan(3);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Results for “kill switch”');
    await expect.poll(() => new URL(page.url()).search, { timeout: 30_000 }).toBe('?q=kill%20switch');
  });
});
