/**
 * A plan's observations on the page: the price card shows the latest with its renewal line where the renewal is
 * known (and nothing where it is not), the review charts every observation with a table for screen readers, search
 * data carries the renewal as a second unit price, and each change of price is a change-log entry.
 */
import { parseHTML } from 'linkedom';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PriceChecked } from '../../site/components/figure.tsx';
import { PriceHistoryChart } from '../../site/components/price-history.tsx';
import { review } from '../../site/lib/structured-data.ts';
import { formatShortDate, planLabel, planOf, type Observation, type PlanRecord } from '../../services/content/figure-format.ts';
import { priceChanges } from '../../services/content/price-changes.ts';

const SOURCE = 'https://nordvpn.test/pricing';
const obs = (date: string, price: number, extra: Partial<Observation> = {}): Observation => ({
  date,
  price,
  regularPrice: 12.95,
  currency: 'USD',
  source: SOURCE,
  ...extra,
});
const renewal = { price: 99.48, months: 12 };
const HISTORIES: Record<string, Observation[]> = {
  one: [obs('2026-11-01', 3.39, { renewal })],
  two: [obs('2025-01-15', 3.39, { renewal }), obs('2026-11-01', 3.59, { renewal: { price: 109, months: 12 } })],
  five: [
    obs('2025-01-15', 3.39),
    obs('2025-04-01', 3.39),
    obs('2025-07-01', 2.99),
    obs('2025-10-01', 3.59),
    obs('2026-11-01', 3.09, { renewal: { price: 139.2, months: 24 } }),
  ],
  none: [obs('2025-01-15', 4.99), obs('2026-11-01', 4.49, { regularPrice: undefined })],
};
const planWith = (prices: Observation[]): PlanRecord => ({ months: 24, guarantee: '30 days', prices });
const shown = (prices: Observation[]) => planOf({ slug: 'nordvpn', plan: '2-year', plans: { '2-year': planWith(prices) } })!;

/** Renders a component inside a root that hands out the site's price labels, as every page does. */
async function render(element: ReactElement): Promise<Document> {
  const prices = { checked: 'Price checked {date}', stale: 'old {date}', period: '', maxAgeDays: 90, today: '2026-11-20' };
  const routes = [
    { id: 'root', path: '/', loader: () => ({ prices: { ...prices, renewal: 'then {price} {every}' } }), Component: () => element },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://site.test/'));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document as unknown as Document;
}

const LABELS = { date: 'Date', price: 'Price a month', regularPrice: 'Regular price', renewal: 'Renewal', none: 'Not stated' };
const chart = (name: string) =>
  render(
    createElement(PriceHistoryChart, {
      plan: { id: '2-year', label: planLabel({ months: 24 }), observations: HISTORIES[name]! },
      provider: 'nordvpn',
      labels: LABELS,
    }),
  );
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim();

describe('the price card', () => {
  it.each([
    ['one', 'then $99.48 a year', '$3.39'],
    ['two', 'then $109.00 a year', '$3.59'],
    ['five', 'then $139.20 every 2 years', '$3.09'],
  ])('with %s observation(s) shows the latest, with its renewal line', async (name, line, price) => {
    const plan = shown(HISTORIES[name]!);
    expect(plan.price).toBe(Number(price.slice(1)));
    const doc = await render(createElement(PriceChecked, { plan }));
    expect(text(doc.querySelector('[data-testid="price-renewal"]'))).toBe(line);
    expect(doc.querySelector('[data-figure="nordvpn/2-year/renewal"]')).not.toBeNull();
    expect(text(doc.querySelector('[data-testid="price-checked"]'))).toBe('Price checked 1 Nov 2026');
    expect(doc.querySelector('[data-stale]')).toBeNull();
  });

  it('says nothing of a renewal it does not know, and derives the discount from the latest observation', async () => {
    const plan = shown(HISTORIES.none!);
    expect(plan).toMatchObject({ price: 4.49, checked: '2026-11-01' });
    expect(plan.regularPrice).toBeUndefined();
    expect(plan.discount).toBeUndefined();
    const doc = await render(createElement(PriceChecked, { plan }));
    expect(doc.querySelector('[data-testid="price-renewal"]')).toBeNull();
    expect(doc.body.textContent).not.toMatch(/then|renew/i);
    expect(shown(HISTORIES.two!).discount).toBe(72);
  });
});

describe("the review's price history", () => {
  it.each([
    ['one', 1],
    ['two', 2],
    ['five', 5],
    ['none', 2],
  ])('with %s observation(s): a point each in the chart and a row each in the table', async (name, n) => {
    const doc = await chart(name);
    const svg = doc.querySelector('svg[data-testid="price-chart"]')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelectorAll('circle')).toHaveLength(n);
    // A single observation is a point; from two on, a line steps through them.
    expect(svg.querySelectorAll('path')).toHaveLength(n > 1 ? 1 : 0);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    const rows = [...doc.querySelectorAll('table[data-testid="price-table"] tbody tr')].map((r) => [...r.children].map((c) => text(c)));
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => r[0])).toEqual(HISTORIES[name]!.map((o) => formatShortDate(o.date)));
    const last = HISTORIES[name]!.at(-1)!;
    expect(text(svg.querySelector('text[data-latest]'))).toBe(`$${last.price.toFixed(2)}`);
    expect(rows.at(-1)![1]).toBe(`$${last.price.toFixed(2)}`);
  });

  it('tells each row its regular price and renewal, or says they are not stated', async () => {
    const cells = (r: Element) => [...r.children].map((c) => text(c)).join(' ');
    const two = [...(await chart('two')).querySelectorAll('tbody tr')].map(cells);
    expect(two).toEqual(['15 Jan 2025 $3.39 $12.95 then $99.48 a year', '1 Nov 2026 $3.59 $12.95 then $109.00 a year']);
    const none = [...(await chart('none')).querySelectorAll('tbody tr')].map(cells);
    expect(none).toEqual(['15 Jan 2025 $4.99 $12.95 Not stated', '1 Nov 2026 $4.49 Not stated Not stated']);
  });

  it('lays the points out by date, cheaper lower', async () => {
    const doc = await chart('five');
    const pts = [...doc.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
    expect(pts.map((p) => p[0])).toEqual([...pts.map((p) => p[0]!)].sort((a, b) => a - b));
    const [, , cheapest, dearest] = pts;
    expect(cheapest![1]).toBeGreaterThan(dearest![1]!);
  });
});

describe('search data and the change log', () => {
  const brand = { name: 'VPN Compass', url: 'https://www.vpncompass.test' };
  const base = {
    provider: 'NordVPN',
    rating: 4.9,
    headline: 'NordVPN Review',
    path: '/vpn-reviews/nordvpn',
    dateModified: '2026-11-01',
    body: 'Good.',
  };

  it('states the first term per month and the renewal as a second unit price that starts after it', () => {
    const offers = review(brand, { ...base, offer: { price: 3.59, months: 24, renewal, url: base.path } }).itemReviewed.offers!;
    expect(offers).toMatchObject({ '@type': 'Offer', price: '3.59', priceCurrency: 'USD' });
    expect(offers.priceSpecification).toEqual([
      expect.objectContaining({
        '@type': 'UnitPriceSpecification',
        price: '3.59',
        referenceQuantity: expect.objectContaining({ value: 1, unitCode: 'MON' }),
      }),
      expect.objectContaining({
        '@type': 'UnitPriceSpecification',
        price: '99.48',
        billingStart: 24,
        referenceQuantity: expect.objectContaining({ value: 12 }),
      }),
    ]);
    const without = review(brand, { ...base, offer: { price: 3.59, months: 24, url: base.path } }).itemReviewed.offers!;
    expect(without.priceSpecification).toHaveLength(1);
  });

  it('makes an entry of each change of price, dated by the observation that found it', () => {
    expect(priceChanges({ '2-year': planWith(HISTORIES.two!) })).toEqual([
      { date: '2026-11-01', kind: 'price', text: '2-year plan $3.39 → $3.59 a month' },
      { date: '2026-11-01', kind: 'price', text: '2-year plan renewal $99.48 a year → $109.00 a year' },
    ]);
    expect(priceChanges({ '2-year': planWith(HISTORIES.five!) }).map((c) => `${c.date} ${c.text}`)).toEqual([
      '2025-07-01 2-year plan $3.39 → $2.99 a month',
      '2025-10-01 2-year plan $2.99 → $3.59 a month',
      '2026-11-01 2-year plan $3.59 → $3.09 a month',
    ]);
    expect(priceChanges({ '2-year': planWith(HISTORIES.one!) })).toEqual([]);
  });
});
