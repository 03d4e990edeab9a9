import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../helpers/browser.ts';
import { all, byTestId, linksNamed, one, staticPage, textOf } from '../helpers/static-page.ts';
import { loadContent } from '../../services/content/index.ts';
import { planPrice } from '../../services/content/figure-format.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

const browser = useBrowser();
const providers = new Map(loadContent('data', { today: BUILD_DAY }).content!.providers.map((p) => [p.slug, p]));

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
  {
    slug: 'best-vpn-2025',
    title: 'Best VPN 2025: Our Top 3 Picks After Testing',
    category: 'Best Of 2025',
    figures: [
      'Top 3 VPNs of 2025',
      'Top Pick: NordVPN',
      'Best Value: Surfshark',
      'How We Tested',
      'Which VPN Should You Choose?',
      'Best overall: NordVPN, $3.39/month (2-year plan, 73% OFF).',
      'Runner-up and best value: Surfshark, $2.39/month (2-year plan, 81% OFF).',
    ],
  },
  {
    slug: 'how-to-choose-reliable-vpn',
    title: 'How to Choose a Reliable VPN in 2025',
    category: 'Buying Guide',
    figures: [
      'Key Factors to Consider',
      'Security Features That Matter',
      'Privacy: Logging Policy and Jurisdiction',
      'Red Flags to Avoid',
      'Test a VPN During the Trial Period',
    ],
  },
  {
    slug: 'is-free-vpn-safe',
    title: 'Is a Free VPN Safe? The Hidden Risks in 2025',
    category: 'Security Warning',
    figures: ['The Dangers of Free VPNs', 'Traits of a Legitimate Freemium VPN', 'Red Flags in Free VPN Apps'],
    badge: ['High Risk', 3],
  },
  {
    slug: 'vpn-for-netflix',
    title: 'Best VPN for Netflix in 2025: Unlock Every Library',
    category: 'Streaming Guide',
    figures: ['5,000+', 'Titles in the US Netflix library'],
    badge: ['Essential', 4, 'essential'],
  },
  {
    slug: 'bypass-geo-blocked-content',
    title: 'How to Bypass Geo-Blocked Content Safely in 2025',
    category: 'Access Guide',
    figures: ['What Is Geo-Blocking?', 'Ways to Bypass Geo-Blocks Compared'],
    badge: ['Censorship', 1],
  },
  {
    slug: 'vpn-public-wifi',
    title: 'Public Wi-Fi Safety: Why You Need a VPN in 2025',
    category: 'Wi-Fi Security',
    figures: ['43%', '$2,100', 'Average loss per victim'],
    badge: ['High Risk', 2],
  },
  {
    slug: 'vpn-speed-test',
    title: 'VPN Speed Test 2025: Which VPN Is Fastest?',
    category: 'Performance Test',
    figures: [
      '10.5%',
      '13.5%',
      '20.5%',
      '22%',
      '89.5 Mbps',
      '100 Mbps',
      '5 runs',
      'Per server, over 7 days',
      'Server locations across the reviews',
      'Close to the least we measured (10.5%): excellent',
    ],
    badge: ['High Impact', 3],
  },
  {
    slug: 'how-to-use-vpn-on-phone',
    title: 'How to Use a VPN on Your Phone: iPhone and Android Guide',
    category: 'Mobile Guide',
    figures: ['Set Up a VPN on iPhone and iPad', 'Set Up a VPN on Android'],
    badge: ['Critical', 2],
    closing: [
      ['Find the Best Mobile VPN', '/vpn-reviews'],
      ['More Setup Guides', '/vpn-setup-guides'],
    ],
  },
  {
    slug: 'vpn-vs-proxy',
    title: 'VPN vs Proxy: Which Is Better for Privacy in 2025?',
    category: 'Security Comparison',
    figures: [
      'Key Differences at a Glance',
      'Security and Encryption',
      'Speed and Performance',
      'Coverage and Compatibility',
      'When to Use a VPN',
      'When to Use a Proxy',
      'Our Security Recommendation',
      'Warning About Free Proxies',
      'HTTP/HTTPS Proxies',
      'SOCKS Proxies',
      'Limitations of Proxies',
      '10.5% to 30% lost in our tests',
    ],
    badge: ['Critical', 2],
    closing: [
      ['Find the Best VPN', '/vpn-reviews'],
      ['VPN Selection Guide', '/articles/how-to-choose-reliable-vpn'],
    ],
  },
  {
    slug: 'reduce-vpn-costs',
    title: 'How to Reduce VPN Costs: Best Deals & Coupons 2025',
    category: 'Money Saving Guide',
    figures: [
      '60-80%',
      'Deal Shopping Tips',
      'Extra Ways to Save',
      'Seasonal sales',
      'Payment methods',
      'Shared plans',
      'Mistakes to Avoid',
      'Value = (Features score + Performance score) ÷ Total cost',
    ],
    badge: ['Big Savings', 2],
    closing: [
      ['Compare Best VPN Deals', '/vpn-reviews'],
      ['See Current Promotions', '/vpn-deals'],
    ],
  },
];

/** Heading levels in document order inside <main>. */
function headingLevels(page: Document): number[] {
  return all(page, 'main h1, main h2, main h3, main h4, main h5, main h6').map((el) => Number(el.tagName.slice(1)));
}
/** The elements under `root` whose own text is exactly `text`. */
const exactly = (root: ParentNode, selector: string, text: string) => all(root, selector).filter((el) => textOf(el) === text);

describe.each(ARTICLES)('article /articles/$slug', (a) => {
  const path = `/articles/${a.slug}`;

  it('is complete in the prerendered HTML with JavaScript off', () => {
    const page = staticPage(path);
    expect(all(page, 'h1').map((h) => h.textContent)).toEqual([a.title]);
    const main = one(page, 'main');
    expect(exactly(main, '*', 'Updated January 2025').filter((el) => !el.querySelector('*'))).toHaveLength(1);
    expect(exactly(main, '*', a.category).filter((el) => !el.querySelector('*'))).toHaveLength(1);
    expect(exactly(byTestId(page, 'quick-answer'), 'h1, h2, h3, h4, h5, h6', 'Quick Answer')).toHaveLength(1);
    const text = main.textContent ?? '';
    for (const figure of a.figures) expect(text, figure).toContain(figure);
    const levels = headingLevels(page);
    levels.forEach((level, i) => expect(level, `heading ${i} skips a level`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
    expect(all(all(page, 'article > section').at(-1)!, 'a').length).toBeGreaterThan(0);
  });

  it('recommends the top two of the measure it names, each with its plan from the record and Get Deal through /go/', () => {
    const page = staticPage(path);
    const cards = all(page, '[data-testid="recommendation"]');
    expect(cards).toHaveLength(2);
    // Which two is pick-sets.test.ts's to check; here, that each card shows its provider's own figures.
    for (const card of cards) {
      const p = providers.get(card.getAttribute('data-provider')!)!;
      const plan = { ...p.plans[p.plan]!, ...planPrice(p.plans[p.plan]!) };
      expect(one(card, 'h3').textContent).toContain(p.name);
      const cardText = card.textContent;
      const off = plan.regularPrice ? Math.floor((1 - plan.price / plan.regularPrice) * 100 + 1e-9) : undefined;
      for (const figure of [
        `$${plan.price.toFixed(2)}/month`,
        ...(off ? [`${off}% OFF`] : []),
        'Price checked 15 Jan 2025',
        plan.guarantee,
      ])
        expect(cardText, p.slug).toContain(figure);
      const deals = linksNamed(card, 'Get Deal');
      expect(deals).toHaveLength(1);
      expect(deals[0]!.getAttribute('href')).toBe(`/go/${p.slug}?from=${encodeURIComponent(path)}&placement=recommendation`);
      expect(deals[0]!.getAttribute('target')).toBe('_blank');
      expect(deals[0]!.getAttribute('rel')).toBe('sponsored nofollow noopener');
    }
  });

  if (a.badge) {
    const [badge, count, severity = 'high'] = a.badge;
    it(`marks its ${severity} cards '${badge}'`, () => {
      const cards = all(staticPage(path), `main [data-severity="${severity}"]`);
      expect(cards).toHaveLength(count);
      expect(cards.flatMap((c) => exactly(c, '*', badge).filter((el) => !el.querySelector('*')))).toHaveLength(count);
    });
  }

  if (a.closing) {
    const closing = a.closing;
    it('ends with its closing links', () => {
      const last = all(staticPage(path), 'article[data-testid="article"] > section').at(-1)!;
      expect(all(last, 'a[href]').map((el) => [el.textContent, el.getAttribute('href')])).toEqual(closing);
    });
  }
});

describe('articles', () => {
  it('render their tables and deals: speed test, VPN vs proxy and costs', () => {
    const proxy = staticPage('/articles/vpn-vs-proxy');
    expect(all(byTestId(proxy, 'comparison-table'), 'tbody th').map((th) => th.textContent)).toEqual([
      'Traffic encryption',
      'Device-wide protection',
      'DNS leak protection',
      'Kill switch',
      'IP masking',
      'Speed',
      'Setup difficulty',
    ]);
    expect(one(proxy, 'main').textContent).toContain('A VPN is better for security and privacy');

    const costs = staticPage('/articles/reduce-vpn-costs');
    expect(all(byTestId(costs, 'cost-table'), 'tbody th').map((th) => th.textContent)).toEqual(['Monthly', '1-Year', '2-3-YearBest Value']);
    const costText = byTestId(costs, 'cost-table').textContent;
    for (const figure of ['$10-15', '$4-8', '30-50%', '$2-5', '60-80%']) expect(costText).toContain(figure);
    // The partners' deals: the providers that pay, in rating order.
    const deals = all(costs, '[data-testid="deal"]');
    expect(deals.map((d) => d.getAttribute('data-provider'))).toEqual(['nordvpn', 'surfshark', 'tunnelbear']);
    const dealFigures = [
      ['$12.95', '$3.39', '73% OFF', 'Save $229.44', '2-year plan', '3 months free', '30-day money-back guarantee', '6 connections'],
      ['$12.95', '$2.39', '81% OFF', 'Save $253.44', '2-year plan', '30-day money-back guarantee', 'Unlimited connections'],
    ];
    for (const [i, figures] of dealFigures.entries()) {
      const deal = deals[i]!;
      expect(one(deal, 's').textContent).toContain(figures[0]);
      const t = deal.textContent;
      for (const f of figures) expect(t).toContain(f);
      expect(linksNamed(deal, 'Get Deal')[0]!.getAttribute('href')).toMatch(/^\/go\/(nordvpn|surfshark)\?/);
    }
    // The budget list: the five lowest monthly prices of the plans the site shows.
    expect(all(costs, '[data-testid="price-list-item"]').map((li) => li.getAttribute('data-provider'))).toEqual([
      'private-internet-access',
      'surfshark',
      'cyberghost',
      'tunnelbear',
      'nordvpn',
    ]);
    expect(textOf(all(costs, '[data-testid="price-list-item"]')[0])).toContain('$2.19/month');
    expect(byTestId(costs, 'formula').textContent).toBe('Value = (Features score + Performance score) ÷ Total cost');
  });

  it('sit in a max-w-4xl container and hydrate without console errors', async () => {
    const { page } = await browser.open('/articles/vpn-speed-test');
    await hydrated(page);
    expect(await page.getByTestId('article').getAttribute('class')).toContain('max-w-4xl');
    expect(await page.getByTestId('recommendation').count()).toBe(2);
  });

  it('are linked from the footer Articles column', () => {
    const hrefs = all(one(staticPage('/'), 'nav[aria-label="Articles"]'), 'a[href]').map((el) => el.getAttribute('href'));
    expect(hrefs).toEqual(['/articles', ...ARTICLES.map((a) => `/articles/${a.slug}`)]);
  });
});
