/** The not-found page helps: it keeps its 404, offers the search, the pages closest to the address, and the sections. */
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

describe('the not-found page', () => {
  it('answers /vpn-reviews/nord with a 404 that suggests the NordVPN review, a search field and the sections', async () => {
    expect((await fetch(new URL('/vpn-reviews/nord', browser.baseUrl()))).status).toBe(404);
    const { page } = await browser.open('/vpn-reviews/nord', { ignore404: true, width: 390 });
    await hydrated(page);
    // Filled in by the service: there before any script runs, and kept by hydration.
    const suggestions = page.getByTestId('not-found-suggestions').getByRole('link');
    expect(await suggestions.first().getAttribute('href')).toBe('/vpn-reviews/nordvpn');
    expect(await suggestions.count()).toBeLessThanOrEqual(5);

    const main = page.locator('main');
    const sections = await main
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(sections).toEqual(expect.arrayContaining(['/vpn-reviews', '/compare', '/how-we-test']));

    // Its search field sends the words to the results page.
    await main.getByRole('searchbox', { name: 'Search the site' }).fill('nordvpn');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=nordvpn');
  });

  it('suggests nothing it cannot stand behind', async () => {
    const { page } = await browser.open('/zzqx-nothing-like-it', { ignore404: true });
    await hydrated(page);
    expect(await page.getByTestId('not-found-suggestions').locator('li').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Were you looking for' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Or start from a section' }).isVisible()).toBe(true);
  });
});
