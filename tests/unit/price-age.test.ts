/** A price's age is judged on the build's day: an old one says so on its card and is no offer in search data. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PriceChecked } from '../../site/components/figure.tsx';
import { review } from '../../site/lib/structured-data.ts';
import { isStale, planOf, type FigureSource } from '../../services/content/figure-format.ts';
import { checkedSpan, resolveText } from '../../services/content/figures.ts';

const plan = planOf(
  {
    slug: 'nordvpn',
    plan: '2-year',
    plans: {
      '2-year': {
        months: 24,
        guarantee: '30 days',
        prices: [{ date: '2025-01-15', price: 3.39, regularPrice: 12.95, currency: 'USD', source: 'https://nordvpn.com/pricing/' }],
      },
    },
  },
  undefined,
)!;

/** The card line as a page built on `today` shows it, with the site's price labels in the root's data. */
async function priceLine(today: string): Promise<string> {
  const prices = {
    checked: 'Price checked {date}',
    stale: 'Price checked {date}, over {maxAgeDays} days ago: it may have changed',
    period: '',
    maxAgeDays: 90,
    today,
  };
  const routes = [{ id: 'root', path: '/', loader: () => ({ prices }), Component: () => createElement(PriceChecked, { plan }) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://site.test/'));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe('the age of a price', () => {
  it('is fresh up to maxAgeDays after its check, and stale the day after', () => {
    // 2025-01-15 + 90 days = 2025-04-15.
    expect(isStale(plan, '2025-04-15', 90)).toBe(false);
    expect(isStale(plan, '2025-04-16', 90)).toBe(true);
  });

  it('shows a fresh price with its date in the quiet tone', async () => {
    const html = await priceLine('2025-01-20');
    expect(html).toContain(
      'Price checked <span data-figure="nordvpn/2-year/checked"><time dateTime="2025-01-15">15 Jan 2025</time></span>',
    );
    expect(html).not.toContain('data-stale');
    expect(html).not.toContain('amber');
  });

  it('shows a stale price with its date and the limit, in the warning tone', async () => {
    const html = await priceLine('2026-11-26');
    expect(html).toContain('data-stale=""');
    expect(html).toContain('text-amber-900');
    expect(html.replace(/<[^>]+>/g, '')).toBe('Price checked 15 Jan 2025, over 90 days ago: it may have changed');
  });

  it("is an offer in a review's search data only when the page gives it", () => {
    const brand = { name: 'VPN Compass', url: 'https://www.vpncompass.com' };
    const base = {
      provider: 'NordVPN',
      rating: 4.9,
      headline: 'NordVPN Review',
      path: '/vpn-reviews/nordvpn',
      dateModified: '2025-01-15',
      body: 'Good.',
    };
    expect(review(brand, { ...base, offer: { price: 3.39, url: base.path } }).itemReviewed).toMatchObject({
      offers: { '@type': 'Offer', price: '3.39', priceCurrency: 'USD' },
    });
    expect(review(brand, base).itemReviewed).not.toHaveProperty('offers');
  });
});

describe('figures over every provider', () => {
  const provider = (slug: string, checked: string[], extra: Partial<FigureSource> & { status?: string } = {}): [string, FigureSource] => [
    slug,
    {
      slug,
      name: slug,
      rating: 4,
      servers: 1,
      countries: 1,
      devices: '5',
      plan: 'p0',
      plans: Object.fromEntries(
        checked.map((c, i) => [
          `p${i}`,
          {
            months: 12,
            guarantee: '30 days',
            prices: [{ date: c, price: 3, regularPrice: 10, currency: 'USD' as const, source: 'https://x.test/' }],
          },
        ]),
      ),
      review: {},
      ...extra,
    },
  ];
  const providers = new Map([
    provider('a', ['2025-02-03', '2025-01-15']),
    provider('b', ['2025-01-20']),
    provider('gone', ['2023-05-01'], { status: 'discontinued' } as Partial<FigureSource>),
    provider('unreviewed', ['2026-01-01'], { review: undefined }),
  ]);

  it('counts the reviewed providers still in business', () => {
    expect(resolveText('Here are the {{count.reviewed}} services we reviewed.', providers)).toBe('Here are the 2 services we reviewed.');
  });

  it("gives the span of the reviewed providers' check dates, or the one day when they agree", () => {
    expect(resolveText('Prices checked {{prices.checked}}', providers)).toBe('Prices checked between 15 Jan 2025 and 3 Feb 2025');
    expect(checkedSpan([providers.get('b')!])).toBe('on 20 Jan 2025');
  });
});
