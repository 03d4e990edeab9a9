import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';

const browser = useBrowser();

interface ArticleSpec {
  slug: string;
  title: string;
  category: string;
  /** Figures that must appear in the article text. */
  figures: string[];
  /** Severity badge text, how many cards carry it and their severity. */
  badge?: [text: string, count: number, severity?: string];
  /** The closing internal links, in order. */
  closing?: [label: string, href: string][];
}

const ARTICLES: ArticleSpec[] = [
  { slug: 'best-vpn-2025', title: 'Best VPN 2025: Our Top 3 Picks After Testing', category: 'Best Of 2025', figures: ['Top 3 VPNs of 2025', 'Top Pick: NordVPN', 'Best Value: Surfshark', 'How We Tested', 'Which VPN Should You Choose?', 'Best overall: NordVPN, $3.39/month (2-year plan, 73% OFF).', 'Runner-up and best value: Surfshark, $2.39/month (2-year plan, 81% OFF).'] },
  { slug: 'how-to-choose-reliable-vpn', title: 'How to Choose a Reliable VPN in 2025', category: 'Buying Guide', figures: ['Key Factors to Consider', 'Security Features That Matter', 'Privacy: Logging Policy and Jurisdiction', 'Red Flags to Avoid', 'Test a VPN During the Trial Period'] },
  { slug: 'is-free-vpn-safe', title: 'Is a Free VPN Safe? The Hidden Risks in 2025', category: 'Security Warning', figures: ['The Dangers of Free VPNs', 'Traits of a Legitimate Freemium VPN', 'Red Flags in Free VPN Apps'], badge: ['High Risk', 3] },
  { slug: 'vpn-for-netflix', title: 'Best VPN for Netflix in 2025: Unlock Every Library', category: 'Streaming Guide', figures: ['5,000+', 'Titles in the US Netflix library'], badge: ['Essential', 4, 'essential'] },
  { slug: 'bypass-geo-blocked-content', title: 'How to Bypass Geo-Blocked Content Safely in 2025', category: 'Access Guide', figures: ['What Is Geo-Blocking?', 'Ways to Bypass Geo-Blocks Compared'], badge: ['Censorship', 1] },
  { slug: 'vpn-public-wifi', title: 'Public Wi-Fi Safety: Why You Need a VPN in 2025', category: 'Wi-Fi Security', figures: ['43%', '$2,100', 'Average loss per victim'], badge: ['High Risk', 2] },
  {
    slug: 'vpn-speed-test', title: 'VPN Speed Test 2025: Which VPN Is Fastest?', category: 'Performance Test',
    figures: ['10.5%', '13.5%', '20.5%', '22%', '89.5 Mbps', '80-85%', '75-82%', '70-75%', '60-70%', '50-60%', '45-55%', '1 Gbps', '7 days', '15+', 'Under 20% speed loss: excellent', '20-30% speed loss: good'],
    badge: ['High Impact', 3],
  },
  {
    slug: 'how-to-use-vpn-on-phone', title: 'How to Use a VPN on Your Phone: iPhone and Android Guide', category: 'Mobile Guide',
    figures: ['Set Up a VPN on iPhone and iPad', 'Set Up a VPN on Android'], badge: ['Critical', 2],
    closing: [['Find the Best Mobile VPN', '/vpn-reviews'], ['More Setup Guides', '/vpn-setup-guides']],
  },
  {
    slug: 'vpn-vs-proxy', title: 'VPN vs Proxy: Which Is Better for Privacy in 2025?', category: 'Security Comparison',
    figures: ['Key Differences at a Glance', 'Security and Encryption', 'Speed and Performance', 'Coverage and Compatibility', 'When to Use a VPN', 'When to Use a Proxy', 'Our Security Recommendation', 'Warning About Free Proxies', 'HTTP/HTTPS Proxies', 'SOCKS Proxies', 'Limitations of Proxies', '15-30%', '5-10%'],
    badge: ['Critical', 2],
    closing: [['Find the Best VPN', '/vpn-reviews'], ['VPN Selection Guide', '/articles/how-to-choose-reliable-vpn']],
  },
  {
    slug: 'reduce-vpn-costs', title: 'How to Reduce VPN Costs: Best Deals & Coupons 2025', category: 'Money Saving Guide',
    figures: ['60-80%', 'Deal Shopping Tips', 'Extra Ways to Save', 'Seasonal sales', 'Payment methods', 'Shared plans', 'Mistakes to Avoid', 'Value = (Features score + Performance score) ÷ Total cost'],
    badge: ['Big Savings', 2],
    closing: [['Compare Best VPN Deals', '/vpn-reviews'], ['See Current Promotions', '/vpn-deals']],
  },
];

/** Heading levels in document order inside <main>. */
async function headingLevels(page: import('playwright-core').Page): Promise<number[]> {
  return page.locator('main :is(h1, h2, h3, h4, h5, h6)').evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
}

describe.each(ARTICLES)('article /articles/$slug', (a) => {
  const path = `/articles/${a.slug}`;

  it('is complete in the prerendered HTML with JavaScript off', async () => {
    const { page } = await browser.open(path, { javaScript: false });
    await expect(page.locator('h1').allTextContents()).resolves.toEqual([a.title]);
    const main = page.locator('main');
    expect(await main.getByText('Updated January 2025', { exact: true }).count()).toBe(1);
    expect(await main.getByText(a.category, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('quick-answer').getByRole('heading', { name: 'Quick Answer' }).count()).toBe(1);
    const text = (await main.textContent()) ?? '';
    for (const figure of a.figures) expect(text, figure).toContain(figure);
    const levels = await headingLevels(page);
    levels.forEach((level, i) => expect(level, `heading ${i} skips a level`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
    expect(await page.locator('article > section').last().locator('a').count()).toBeGreaterThan(0);
  });

  it('recommends NordVPN at $3.39/month (73% OFF) then Surfshark at $2.39/month (81% OFF), with Get Deal through /go/', async () => {
    const { page } = await browser.open(path, { javaScript: false });
    const cards = page.getByTestId('recommendation');
    expect(await cards.count()).toBe(2);
    const expected = [
      ['nordvpn', 'NordVPN', '$3.39/month', '73% OFF', '2-year plan, 3 months free'],
      ['surfshark', 'Surfshark', '$2.39/month', '81% OFF', '2-year plan'],
    ] as const;
    for (const [i, [slug, name, price, discount, plan]] of expected.entries()) {
      const card = cards.nth(i);
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toContain(name);
      const cardText = await card.textContent();
      for (const figure of [price, discount, plan, 'Price checked 15 Jan 2025', '30-day money-back guarantee']) expect(cardText).toContain(figure);
      expect(await card.locator('li').count()).toBeGreaterThanOrEqual(3);
      const deal = card.getByRole('link', { name: 'Get Deal' });
      expect(await deal.getAttribute('href')).toBe(`/go/${slug}?from=${encodeURIComponent(path)}&placement=recommendation`);
      expect(await deal.getAttribute('target')).toBe('_blank');
      expect(await deal.getAttribute('rel')).toBe('sponsored nofollow noopener');
    }
  });

  if (a.badge) {
    const [badge, count, severity = 'high'] = a.badge;
    it(`marks its ${severity} cards '${badge}'`, async () => {
      const { page } = await browser.open(path, { javaScript: false });
      const cards = page.locator(`main [data-severity="${severity}"]`);
      expect(await cards.count()).toBe(count);
      expect(await cards.getByText(badge, { exact: true }).count()).toBe(count);
    });
  }

  if (a.closing) {
    const closing = a.closing;
    it('ends with its closing links', async () => {
      const { page } = await browser.open(path, { javaScript: false });
      const last = page.locator('article[data-testid="article"] > section').last().getByRole('link');
      const links = await last.evaluateAll((els) => els.map((el) => [el.textContent, el.getAttribute('href')]));
      expect(links).toEqual(closing);
    });
  }
});

describe('articles', () => {
  it('render their tables and deals: speed test, VPN vs proxy and costs', async () => {
    const proxy = (await browser.open('/articles/vpn-vs-proxy', { javaScript: false })).page;
    const rows = proxy.getByTestId('comparison-table').locator('tbody th');
    expect(await rows.allTextContents()).toEqual([
      'Traffic encryption', 'Device-wide protection', 'DNS leak protection', 'Kill switch', 'IP masking', 'Speed', 'Setup difficulty',
    ]);
    expect(await proxy.locator('main').textContent()).toContain('A VPN is better for security and privacy');

    const costs = (await browser.open('/articles/reduce-vpn-costs', { javaScript: false })).page;
    expect(await costs.getByTestId('cost-table').locator('tbody th').allTextContents()).toEqual(['Monthly', '1-Year', '2-3-YearBest Value']);
    const costText = await costs.getByTestId('cost-table').textContent();
    for (const figure of ['$10-15', '$4-8', '30-50%', '$2-5', '60-80%']) expect(costText).toContain(figure);
    const deals = costs.getByTestId('deal');
    expect(await deals.count()).toBe(2);
    const dealFigures = [
      ['$12.95', '$3.39', '73% OFF', 'Save $229.44', '2-year plan', '3 months free', '30-day money-back guarantee', '6 connections'],
      ['$12.95', '$2.39', '81% OFF', 'Save $253.44', '2-year plan', '30-day money-back guarantee', 'Unlimited connections'],
    ];
    for (const [i, figures] of dealFigures.entries()) {
      const deal = deals.nth(i);
      expect(await deal.locator('s').textContent()).toContain(figures[0]);
      const t = await deal.textContent();
      for (const f of figures) expect(t).toContain(f);
      expect(await deal.getByRole('link', { name: 'Get Deal' }).getAttribute('href')).toMatch(/^\/go\/(nordvpn|surfshark)\?/);
    }
    expect(await costs.getByTestId('price-list-item').allTextContents()).toEqual([
      expect.stringMatching(/\$3\.39\/month2-year plan, 3 months freePrice checked 15 Jan 2025$/),
      expect.stringMatching(/\$2\.39\/month2-year planPrice checked 15 Jan 2025$/),
      expect.stringMatching(/\$2\.25\/month3-year planPrice checked 15 Jan 2025$/),
      expect.stringMatching(/\$2\.19\/month3-year planPrice checked 15 Jan 2025$/),
      expect.stringMatching(/\$2\.49\/month2-year planPrice checked 15 Jan 2025$/),
    ]);
    expect(await costs.getByTestId('formula').textContent()).toBe('Value = (Features score + Performance score) ÷ Total cost');
  });

  it('sit in a max-w-4xl container and hydrate without console errors', async () => {
    const { page } = await browser.open('/articles/vpn-speed-test');
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
    expect(await page.getByTestId('article').getAttribute('class')).toContain('max-w-4xl');
    expect(await page.getByTestId('recommendation').count()).toBe(2);
  });

  it('are linked from the footer Articles column', async () => {
    const { page } = await browser.open('/', { javaScript: false });
    const hrefs = await page.getByRole('navigation', { name: 'Articles' }).getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual(['/articles', ...ARTICLES.map((a) => `/articles/${a.slug}`)]);
  });
});
