import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';
import { expectHeadingOutline, expectOutbound, filledStars } from '../helpers/page-checks.ts';

const browser = useBrowser();

describe('deals page /vpn-deals', () => {
  it('shows the hero, trust points and the flash sale as ended (its date has passed)', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    await expectHeadingOutline(page);
    expect(await page.locator('h1').textContent()).toBe('Best VPN Deals of 2025');
    await expect(page.getByText('Limited Time Offers', { exact: true }).count()).resolves.toBe(1);
    const trust = await page.getByTestId('trust-points').locator('li').allTextContents();
    expect(trust).toEqual(['Verified deals', 'Money-back guarantee', 'Up to 82% savings']);
    const sale = page.getByTestId('flash-sale');
    expect(await sale.getAttribute('data-state')).toBe('ended');
    const text = (await sale.textContent()) ?? '';
    expect(text).toContain('January 31, 2025');
    expect(text).toMatch(/ended/i);
    expect(text).not.toMatch(/valid until/i);
    expect(await page.getByText(/valid until/i).count()).toBe(0);
  });

  it('shows three deal cards at 73%, 82% and 67% off with list-card stars', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    await expect(page.getByRole('heading', { level: 2, name: "Today's Top VPN Deals" }).count()).resolves.toBe(1);
    const cards = page.getByTestId('deal-card');
    expect(await cards.count()).toBe(3);
    const spec = [
      { name: 'NordVPN', off: '73% OFF', price: '$3.39', was: '$12.95', rating: 4.9 },
      { name: 'Surfshark', off: '82% OFF', price: '$2.39', was: '$12.95', rating: 4.6 },
      { name: 'TunnelBear', off: '67% OFF', price: '$3.33', was: '$9.99', rating: 4.2 },
    ];
    for (const [i, d] of spec.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').textContent()).toBe(d.name);
      expect(await card.textContent()).toContain(d.off);
      expect(await card.getByTestId('deal-price').textContent()).toBe(d.price);
      expect(await card.getByTestId('deal-original').textContent()).toBe(d.was);
      expect(await card.getByRole('img').getAttribute('aria-label')).toBe(`Rated ${d.rating} out of 5`);
      expect(await filledStars(card)).toBe(Math.floor(d.rating));
    }
    await expectOutbound(cards.nth(0).getByRole('link', { name: 'Get NordVPN Deal' }), 'nordvpn', '/vpn-deals', 'deal-card');
    await expectOutbound(cards.nth(1).getByRole('link', { name: 'Get Surfshark Deal' }), 'surfshark', '/vpn-deals', 'deal-card');
    // Spec §3: the third deal has no affiliate link, so its button is not a link at all.
    expect(await cards.nth(2).getByRole('link').count()).toBe(0);
    expect(await cards.nth(2).getByRole('button', { name: 'Get TunnelBear Deal' }).count()).toBe(1);
  });

  it('shows why-special, who-for, feature tiles and a four-question FAQ', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    const section = (name: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });
    expect(await section('Why These Deals Are Special').locator('h3').count()).toBe(4);
    const who = await page.getByTestId('who-for').allTextContents();
    expect(who).toHaveLength(3);
    expect(who[0]).toMatch(/Home Users.*Surfshark/);
    expect(who[1]).toMatch(/Business.*NordVPN/);
    expect(who[2]).toMatch(/Beginners.*TunnelBear/);
    expect(await page.getByTestId('who-for').nth(0).getByRole('link').getAttribute('href')).toBe('/vpn-reviews/surfshark');
    expect(await section('What Every Deal Includes').locator('h3').count()).toBe(4);
    expect(await page.getByTestId('faq-item').count()).toBe(4);
  });

  it("makes the third deal's button inert: clicking logs and opens nothing", async () => {
    const tracked = await browser.open('/vpn-deals');
    const { page } = tracked;
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
    const pages = page.context().pages().length;
    await page.getByRole('button', { name: 'Get TunnelBear Deal' }).click();
    // The click's handler logs, and would have navigated or opened a page in the same turn.
    await expect.poll(() => tracked.messages.map((m) => m.text()).some((t) => t.includes('tunnelbear')), { timeout: 10_000 }).toBe(true);
    expect(page.url()).toBe(new URL('/vpn-deals', browser.baseUrl()).href);
    expect(page.context().pages().length).toBe(pages);
  });

  it('is reached from the home hero button and the navigation', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    expect(await page.getByRole('link', { name: 'View Best VPN Deals' }).getAttribute('href')).toBe('/vpn-deals');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals' }).getAttribute('href')).toBe('/vpn-deals');
    expect(await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'VPN Deals' }).getAttribute('href')).toBe('/vpn-deals');
  });
});
