/** The deals, streaming and gaming pages: what each shows as built, and where its buttons lead. */
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { expectHeadingOutline, expectOutbound, filledStars } from '../helpers/page-checks.ts';

const browser = useBrowser();

describe('deals page /vpn-deals', () => {
  it('shows the hero, trust points and the running flash sale as built (the site is built while the sale runs)', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    await expectHeadingOutline(page);
    expect(await page.locator('h1').textContent()).toBe('VPN Deals of 2025, by Discount');
    expect(await page.getByTestId('deals-badge').textContent()).toBe('Limited Time Offers');
    // Built while every price is recent, the page may say its deals are verified; "up to" is the largest it shows.
    const trust = await page.getByTestId('trust-points').locator('li').allTextContents();
    expect(trust).toEqual(['Money-back guarantee', 'Up to 81% savings', 'Verified deals']);
    expect(await page.getByTestId('prices-checked').count()).toBe(0);
    const sale = page.getByTestId('flash-sale');
    expect(await sale.getAttribute('data-state')).toBe('running');
    expect(await sale.textContent()).toContain('Flash Sale: Extra Savings Until January 31, 2025');
    // The cards are the standing prices, chosen by discount: no card claims an end date it does not have.
    expect(await page.getByTestId('deal-note').filter({ hasText: 'Valid until' }).count()).toBe(0);
  });

  it("keeps the build's view on a later clock: the page runs no script, and the scheduled rebuild takes the sale down", async () => {
    const { page } = await browser.open('/vpn-deals', { clock: '2025-02-01T09:00:00Z' });
    await hydrated(page);
    expect(await page.getByTestId('flash-sale').getAttribute('data-state')).toBe('running');
    expect(await page.getByTestId('deals-badge').textContent()).toBe('Limited Time Offers');
  });

  it("keeps the build's view while the sale runs, and never goes back to it on a clock earlier than the build", async () => {
    for (const clock of ['2025-01-25T12:00:00Z', '2024-06-01T12:00:00Z']) {
      const { page } = await browser.open('/vpn-deals', { clock });
      await hydrated(page);
      expect(await page.getByTestId('flash-sale').getAttribute('data-state'), clock).toBe('running');
      expect(await page.getByTestId('deals-badge').textContent(), clock).toBe('Limited Time Offers');
    }
  });

  it('shows the three largest discounts with list-card stars, each price with its plan and check date', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    await expect(page.getByRole('heading', { level: 2, name: "Today's Top VPN Deals" }).count()).resolves.toBe(1);
    const cards = page.getByTestId('deal-card');
    expect(await cards.count()).toBe(3);
    const expected = [
      { name: 'Surfshark', off: '81% OFF', price: '$2.39', was: '$12.95', rating: 4.6, save: 'Save $126.72 a year', term: '2-year' },
      {
        name: 'Private Internet Access',
        off: '81% OFF',
        price: '$2.19',
        was: '$11.95',
        rating: 4.4,
        save: 'Save $117.12 a year',
        term: '3-year',
      },
      { name: 'CyberGhost', off: '78% OFF', price: '$2.75', was: '$12.99', rating: 4.5, save: 'Save $122.88 a year', term: '2-year' },
    ];
    for (const [i, d] of expected.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').textContent()).toBe(d.name);
      expect(await card.textContent()).toContain(d.off);
      expect(await card.textContent()).toContain(`per month on the ${d.term} plan`);
      expect(await card.textContent()).toContain(d.save);
      expect(await card.getByTestId('price-checked').textContent()).toBe('Price checked 15 Jan 2025');
      expect(await card.getByTestId('deal-price').textContent()).toBe(d.price);
      expect(await card.getByTestId('deal-original').textContent()).toBe(d.was);
      expect(await card.getByRole('img').getAttribute('aria-label')).toBe(`Rated ${d.rating} out of 5`);
      expect(await filledStars(card)).toBe(Math.floor(d.rating));
    }
    await expectOutbound(cards.nth(0).getByRole('link', { name: 'Get Surfshark Deal' }), 'surfshark', '/vpn-deals', 'deal-card');
  });

  it('sends a deal of a provider that pays nothing to its website through /go/, unpaid', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    const link = page.getByTestId('deal-card').nth(1).getByRole('link', { name: 'Get Private Internet Access Deal' });
    expect(await link.getAttribute('href')).toBe('/go/private-internet-access?from=%2Fvpn-deals&placement=deal-card');
    expect(await link.getAttribute('target')).toBe('_blank');
    const res = await fetch(new URL(`${(await link.getAttribute('href'))!}&notrack=1`, browser.baseUrl()), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.privateinternetaccess.com');
  });

  it('shows why-special, who-for, feature tiles and a four-question FAQ', async () => {
    const { page } = await browser.open('/vpn-deals', { javaScript: false });
    const section = (name: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });
    expect(await section('Why These Deals Are Special').locator('h3').count()).toBe(4);
    const who = await page.getByTestId('who-for').allTextContents();
    expect(who).toHaveLength(3);
    // Each the top of the measure it names: security, value, ease of use (a tie broken by rating).
    expect(who[0]).toMatch(/Business.*NordVPN.*Highest security score/);
    expect(who[1]).toMatch(/Home Users.*Surfshark.*Highest value score/);
    expect(who[2]).toMatch(/Beginners.*NordVPN.*Highest ease of use score/);
    expect(await page.getByTestId('who-for').nth(1).getByRole('link').getAttribute('href')).toBe('/vpn-reviews/surfshark');
    expect(await section('What Every Deal Includes').locator('h3').count()).toBe(4);
    expect(await page.getByTestId('faq-item').count()).toBe(4);
  });

  it('is reached from the home hero button and the navigation', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    expect(await page.getByRole('link', { name: 'View Best VPN Deals' }).getAttribute('href')).toBe('/vpn-deals');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals' }).getAttribute('href')).toBe(
      '/vpn-deals',
    );
    expect(await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'VPN Deals' }).getAttribute('href')).toBe(
      '/vpn-deals',
    );
  });
});

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

  it('shows the three lowest pings with ping, price, discount, features and tracked buttons', async () => {
    const { page } = await browser.open('/vpn-gaming', { javaScript: false });
    const cards = page.getByTestId('deal-card');
    expect(await cards.count()).toBe(3);
    const expected = [
      { slug: 'nordvpn', name: 'NordVPN', ping: '8 ms', price: '$3.39', off: '73% OFF', rating: 4.9 },
      { slug: 'surfshark', name: 'Surfshark', ping: '9 ms', price: '$2.39', off: '81% OFF', rating: 4.6 },
      { slug: 'private-internet-access', name: 'Private Internet Access', ping: '10 ms', price: '$2.19', off: '81% OFF', rating: 4.4 },
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

  it('shows the three highest streaming scores with one rating per provider (Surfshark 4.6) and tracked buttons', async () => {
    const { page } = await browser.open('/vpn-streaming', { javaScript: false });
    const cards = page.getByTestId('pick-card');
    expect(await cards.count()).toBe(3);
    const expected = [
      { slug: 'nordvpn', name: 'NordVPN', rating: 4.9, cta: 'Get NordVPN' },
      // One rating per provider across the site: Surfshark's is 4.6 here as everywhere.
      { slug: 'cyberghost', name: 'CyberGhost', rating: 4.5, cta: 'Get CyberGhost' },
      { slug: 'surfshark', name: 'Surfshark', rating: 4.6, cta: 'Get Surfshark' },
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
