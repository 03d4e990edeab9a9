import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';
import { expectHeadingOutline, expectOutbound, filledStars } from '../helpers/page-checks.ts';

const browser = useBrowser();

describe('gaming page /vpn-gaming', () => {
  it('shows the four benefit tiles and the tips section', async () => {
    const { page } = await browser.open('/vpn-gaming', { javaScript: false });
    await expectHeadingOutline(page);
    expect(await page.locator('h1').textContent()).toBe('Best VPNs for Gaming 2025');
    const section = (name: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });
    expect(await section('Why Gamers Use a VPN').locator('h3').allTextContents()).toEqual([
      'Low Latency',
      'DDoS Protection',
      'High Speed',
      'Global Servers',
    ]);
    expect(await section('Tips for Gaming with a VPN').locator('h3').count()).toBeGreaterThanOrEqual(3);
  });

  it('shows three gaming deals with ping, price, discount, features and tracked buttons', async () => {
    const { page } = await browser.open('/vpn-gaming', { javaScript: false });
    const cards = page.getByTestId('deal-card');
    expect(await cards.count()).toBe(3);
    const expected = [
      { slug: 'nordvpn', name: 'NordVPN', ping: '8 ms', price: '$3.39', off: '73% OFF', rating: 4.9 },
      { slug: 'surfshark', name: 'Surfshark', ping: '9 ms', price: '$2.39', off: '81% OFF', rating: 4.6 },
      { slug: 'tunnelbear', name: 'TunnelBear', ping: '14 ms', price: '$3.33', off: '66% OFF', rating: 4.2 },
    ];
    for (const [i, d] of expected.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').textContent()).toBe(d.name);
      expect(await card.getByTestId('ping').textContent()).toContain(d.ping);
      expect(await card.getByTestId('deal-price').textContent()).toBe(d.price);
      expect(await card.textContent()).toContain(d.off);
      expect(await card.locator('ul li').count()).toBeGreaterThanOrEqual(3);
      expect(await filledStars(card)).toBe(Math.floor(d.rating));
      await expectOutbound(card.getByRole('link', { name: `Get ${d.name} for Gaming` }), d.slug, '/vpn-gaming', 'gaming-card');
    }
  });
});
