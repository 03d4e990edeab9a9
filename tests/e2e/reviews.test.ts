import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { expectHeadingOutline, expectOutbound, filledStars } from '../helpers/page-checks.ts';

const browser = useBrowser();

/** In rating order (ties by name): rating, deal price, was, discount, servers, countries, devices, note. Atlas VPN, which has shut down, is tested in discontinued.test.ts. */
const SPEC = [
  {
    slug: 'nordvpn',
    name: 'NordVPN',
    rating: '4.9',
    price: '$3.39',
    was: '$12.95',
    off: '73%',
    servers: '5,400+',
    countries: '162',
    devices: '6',
    note: '30-day',
  },
  {
    slug: 'surfshark',
    name: 'Surfshark',
    rating: '4.6',
    price: '$2.39',
    was: '$12.95',
    off: '81%',
    servers: '3,200+',
    countries: '65',
    devices: 'Unlimited',
    note: '30-day',
  },
  {
    slug: 'cyberghost',
    name: 'CyberGhost',
    rating: '4.5',
    price: '$2.75',
    was: '$12.99',
    off: '78%',
    servers: '7,000+',
    countries: '91',
    devices: '7',
    note: '45-day',
  },
  {
    slug: 'private-internet-access',
    name: 'Private Internet Access',
    rating: '4.4',
    price: '$2.19',
    was: '$11.95',
    off: '81%',
    servers: '29,000+',
    countries: '84',
    devices: '10',
    note: '30-day',
  },
  {
    slug: 'protonvpn',
    name: 'Proton VPN',
    rating: '4.3',
    price: '$3.59',
    was: '$9.99',
    off: '64%',
    servers: '1,700+',
    countries: '63',
    devices: '10',
    note: '30-day',
  },
  {
    slug: 'ipvanish',
    name: 'IPVanish',
    rating: '4.2',
    price: '$3.99',
    was: '$10.99',
    off: '63%',
    servers: '2,000+',
    countries: '75',
    devices: 'Unlimited',
    note: '30-day',
  },
  {
    slug: 'tunnelbear',
    name: 'TunnelBear',
    rating: '4.2',
    price: '$4.17',
    was: '$9.99',
    off: '58%',
    servers: '1,800+',
    countries: '47',
    devices: '5',
    note: '7-day free trial',
  },
];

describe('reviews listing /vpn-reviews', () => {
  it('shows seven cards in order with list-card stars, then how we review and why trust us', async () => {
    const { page } = await browser.open('/vpn-reviews', { javaScript: false });
    await expectHeadingOutline(page);
    const cards = page.getByTestId('review-card');
    expect(await cards.count()).toBe(7);
    for (const [i, p] of SPEC.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').textContent()).toBe(p.name);
      expect(await card.getByRole('img').getAttribute('aria-label')).toBe(`Rated ${p.rating} out of 5`);
      // List cards: star i is filled while i < floor(rating).
      expect(await filledStars(card)).toBe(Math.floor(Number(p.rating)));
    }
    await expect(page.getByRole('heading', { level: 2, name: 'How We Review VPNs' }).count()).resolves.toBe(1);
    for (const sub of ['Performance Testing', 'Security Analysis', 'Real-World Usage']) {
      await expect(page.getByRole('heading', { level: 3, name: sub }).count()).resolves.toBe(1);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Why Trust Our Reviews' }).count()).resolves.toBe(1);
    await expect(page.getByText('Last Updated January 2025', { exact: true }).count()).resolves.toBe(1);
  });

  it('sends every Visit button through /go/ in a new tab and links every review', async () => {
    const { page } = await browser.open('/vpn-reviews', { javaScript: false });
    for (const p of SPEC) {
      await expectOutbound(page.getByRole('link', { name: `Visit ${p.name}`, exact: true }), p.slug, '/vpn-reviews', 'review-card');
      expect(await page.getByRole('link', { name: `Read ${p.name} review` }).getAttribute('href')).toBe(`/vpn-reviews/${p.slug}`);
    }
  });

  it('redirects a Visit click to the affiliate link, or the own site while the affiliate is a placeholder', async () => {
    const go = (slug: string) =>
      fetch(new URL(`/go/${slug}?from=%2Fvpn-reviews&placement=review-card`, browser.baseUrl()), { redirect: 'manual' });
    const nord = await go('nordvpn');
    expect(nord.status).toBe(302);
    expect(nord.headers.get('location')).toMatch(/^https:\/\/go\.nordvpn\.net\//);
    const ghost = await go('cyberghost');
    expect(ghost.status).toBe(302);
    expect(ghost.headers.get('location')).toBe('https://www.cyberghostvpn.com');
  });
});

describe('review pages /vpn-reviews/<slug>', () => {
  for (const p of SPEC) {
    it(`${p.slug}: hero, deal, stats, sections and both calls to action`, async () => {
      const path = `/vpn-reviews/${p.slug}`;
      const { page } = await browser.open(path, { javaScript: false });
      await expectHeadingOutline(page);
      expect(await page.locator('h1').textContent()).toBe(`${p.name} Review 2025`);
      const hero = page.getByTestId('review-rating');
      expect(await hero.getByRole('img').getAttribute('aria-label')).toBe(`Rated ${p.rating} out of 5`);
      // Review hero: star n (1-based) is filled when n <= rating.
      expect(await filledStars(hero)).toBe([1, 2, 3, 4, 5].filter((n) => n <= Number(p.rating)).length);

      const deal = page.getByTestId('deal-card');
      expect(await deal.getByTestId('deal-price').textContent()).toBe(p.price);
      expect(await deal.getByTestId('deal-original').textContent()).toBe(p.was);
      expect(await deal.locator('s').count()).toBe(1);
      expect(await deal.textContent()).toContain(`${p.off} OFF`);
      expect(await deal.textContent()).toContain(p.note);

      const stats = await page.getByTestId('review-stats').textContent();
      for (const figure of [p.servers, p.countries, p.devices]) expect(stats).toContain(figure);

      for (const h of ['Overview', 'Key Features', 'Speed Test Results', 'Pros', 'Cons']) {
        await expect(page.getByRole('heading', { level: 2, name: h, exact: true }).count()).resolves.toBe(1);
      }
      for (const h of ['Security', 'Streaming']) {
        await expect(page.getByRole('heading', { level: 3, name: h, exact: true }).count()).resolves.toBe(1);
      }
      expect(await page.getByTestId('speed-baseline').textContent()).toContain('100 Mbps');
      // The speed section's own table: the price history below it has a table of its own.
      const speed = page.locator('section[aria-labelledby="speed"]');
      expect(await speed.locator('table thead th').allTextContents()).toHaveLength(4);
      expect(await speed.locator('table tbody tr').count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByRole('heading', { level: 2, name: /Verdict/ }).count()).resolves.toBe(1);

      await expectOutbound(deal.getByRole('link'), p.slug, path, 'review-deal');
      const verdict = page.locator('section').filter({ has: page.getByRole('heading', { name: /Verdict/ }) });
      // The verdict's button, beside the disclosure and its link to the method.
      await expectOutbound(verdict.locator('a[href^="/go/"]'), p.slug, path, 'review-verdict');
      expect(await verdict.locator('[data-affiliate-disclosure] a').getAttribute('href')).toBe('/how-we-test');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://www.vpncompass.com${path}`);
    });
  }

  it('hydrates a review page without console errors', async () => {
    const { page } = await browser.open('/vpn-reviews/tunnelbear');
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('TunnelBear Review 2025');
  });
});
