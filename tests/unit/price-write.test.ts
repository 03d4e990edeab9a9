/**
 * The two pure halves of the price check: reading an amount as pricing pages print it, and appending an observation
 * to a provider file so that every existing line stays exactly as it was.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../services/prices/amount.ts';
import { appendObservations, observationYaml } from '../../services/prices/write.ts';
import type { Observation } from '../../services/content/figure-format.ts';

describe('an amount in a pricing page', () => {
  it.each([
    ['$3.39', 3.39, 'USD'],
    ['3,39 €', 3.39, 'EUR'],
    ['US$ 3.39/mo', 3.39, 'USD'],
    ['  $ 12.95\n per month', 12.95, 'USD'],
    ['€1.299,00', 1299, 'EUR'],
    ['$1,299.00 billed every 2 years', 1299, 'USD'],
    ['£4.99', 4.99, 'GBP'],
    ['USD 99.48 for the first year', 99.48, 'USD'],
    ['$12', 12, 'USD'],
  ])('reads %j as %d %s', (text, amount, currency) => {
    expect(parseAmount(text)).toEqual({ amount, currency });
  });

  it('reads a bare number without a currency, and no amount where there is none', () => {
    expect(parseAmount('3.39')).toEqual({ amount: 3.39 });
    expect(parseAmount('Best deal')).toBeUndefined();
    expect(parseAmount('$0.00')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
});

const FILE = `# yaml-language-server: $schema=../../services/content/schemas/json/provider.schema.json
slug: nordvpn   # the file name
name: "NordVPN"
description: >-
  A long folded description that the yaml package would fold again at another width if it printed the document
  anew, which is why the file is never printed anew.
plans:
  # The card plan first.
  2-year:
    months: 24
    extras: [3 months free]
    prices:
      - { date: 2025-01-15, price: 3.39, regularPrice: 12.95, currency: USD, source: "https://nordvpn.com/pricing/" }  # migrated
      # Checked at the checkout in March.
      - {date: 2025-03-01, price: 3.39, regularPrice: 12.95, currency: USD, source: https://nordvpn.com/pricing/}
  monthly:
    months: 1
    prices:
      - date: 2025-01-15
        price: 12.95
        currency: USD
        source: https://nordvpn.com/pricing/
pricing:
  url: https://nordvpn.com/pricing/   # the page
`;

const today = (price: number, extra: Partial<Observation> = {}): Observation => ({
  date: '2026-11-29',
  price,
  currency: 'USD',
  source: 'https://nordvpn.com/pricing/',
  ...extra,
});

describe('appending an observation', () => {
  it('adds one line after the last observation of each plan and leaves every other line as it was', () => {
    const out = appendObservations(FILE, {
      '2-year': today(3.59, { regularPrice: 12.95, renewal: { price: 99.48, months: 12 } }),
      monthly: today(12.99),
    });
    const before = FILE.split('\n');
    const after = out.split('\n');
    const added = after.filter((l) => l.includes('2026-11-29'));
    expect(added).toEqual([
      '      - { date: 2026-11-29, price: 3.59, regularPrice: 12.95, renewal: { price: 99.48, months: 12 }, currency: USD, source: https://nordvpn.com/pricing/ }',
      '      - { date: 2026-11-29, price: 12.99, currency: USD, source: https://nordvpn.com/pricing/ }',
    ]);
    // Take the added lines out and the text is the old one, byte for byte: comments, order, quoting and folding kept.
    expect(after.filter((l) => !added.includes(l))).toEqual(before);
    expect(after.indexOf(added[0]!)).toBe(before.indexOf('      # Checked at the checkout in March.') + 2);
    expect(after.indexOf(added[1]!)).toBe(after.indexOf('        source: https://nordvpn.com/pricing/') + 1);
    const data = parse(out) as { plans: Record<string, { prices: { date: string; price: number }[] }> };
    expect(data.plans['2-year']!.prices.map((o) => o.price)).toEqual([3.39, 3.39, 3.59]);
    expect(data.plans.monthly!.prices.at(-1)).toEqual({
      date: '2026-11-29',
      price: 12.99,
      currency: 'USD',
      source: 'https://nordvpn.com/pricing/',
    });
  });

  it('writes an observation as one flow mapping, keys in the schema order', () => {
    expect(observationYaml({ source: 'https://x.test/p', currency: 'USD', price: 2.5, date: '2026-01-02' })).toBe(
      '{ date: 2026-01-02, price: 2.5, currency: USD, source: https://x.test/p }',
    );
  });

  it('refuses a list it cannot add a line to, and a plan without observations', () => {
    const flow = FILE.replace(
      / {4}prices:\n {6}- \{ date: 2025-01-15.*\n.*\n.*\n/,
      '    prices: [{ date: 2025-01-15, price: 3.39, currency: USD, source: https://x.test/ }]\n',
    );
    expect(() => appendObservations(flow, { '2-year': today(3.59) })).toThrow(/one "- \{ … \}" line per observation/);
    expect(() => appendObservations(FILE, { '3-year': today(3.59) })).toThrow(/plans\.3-year\.prices is not a list/);
  });
});
