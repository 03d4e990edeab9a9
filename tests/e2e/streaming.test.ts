import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';
import { expectHeadingOutline, expectOutbound, filledStars } from '../helpers/page-checks.ts';

const browser = useBrowser();

describe('streaming page /vpn-streaming', () => {
  it('shows six service tiles with descriptions and regions', async () => {
    const { page } = await browser.open('/vpn-streaming', { javaScript: false });
    await expectHeadingOutline(page);
    expect(await page.locator('h1').textContent()).toBe('Best VPNs for Streaming 2025');
    const tiles = page.getByTestId('service-tile');
    expect(await tiles.locator('h3').allTextContents()).toEqual(['Netflix', 'BBC iPlayer', 'Disney+', 'Hulu', 'Amazon Prime', 'HBO Max']);
    for (let i = 0; i < 6; i++) {
      const text = (await tiles.nth(i).textContent()) ?? '';
      expect(text).toMatch(/Best regions:\s*\S/);
      expect(await tiles.nth(i).locator('p').count()).toBe(2);
    }
    expect(await tiles.nth(1).textContent()).toContain('United Kingdom');
  });

  it('shows three provider cards with one rating per provider (Surfshark 4.6) and tracked buttons', async () => {
    const { page } = await browser.open('/vpn-streaming', { javaScript: false });
    const cards = page.getByTestId('pick-card');
    expect(await cards.count()).toBe(3);
    const expected = [
      { slug: 'nordvpn', name: 'NordVPN', rating: 4.9, cta: 'Get NordVPN' },
      // One rating per provider across the site: Surfshark's is 4.6 here as everywhere.
      { slug: 'surfshark', name: 'Surfshark', rating: 4.6, cta: 'Get Surfshark' },
      { slug: 'cyberghost', name: 'CyberGhost', rating: 4.5, cta: 'Get CyberGhost' },
    ];
    for (const [i, p] of expected.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').textContent()).toBe(p.name);
      expect(await card.getByRole('img').getAttribute('aria-label')).toBe(`Rated ${p.rating} out of 5`);
      expect(await filledStars(card)).toBe(Math.floor(p.rating));
      expect(await card.locator('h4').allTextContents()).toEqual(['Pros', 'Cons']);
      await expectOutbound(card.getByRole('link', { name: p.cta }), p.slug, '/vpn-streaming', 'streaming-card');
    }
    expect(await page.getByText('4.7', { exact: true }).count()).toBe(0);
  });

  it('shows four tips, four issues with solutions, the why block with three blurbs and three FAQ entries', async () => {
    const { page } = await browser.open('/vpn-streaming', { javaScript: false });
    const section = (name: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });
    expect(await section('Streaming Tips for the Best Experience').locator('h3').count()).toBe(4);
    const issues = page.getByTestId('issue');
    expect(await issues.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await issues.nth(i).textContent()).toMatch(/Solution:\s*\S/);
    const why = section('Why Use a VPN for Streaming?');
    expect(await why.locator('h3').count()).toBe(3);
    expect(await page.getByTestId('faq-item').count()).toBe(3);
  });
});
