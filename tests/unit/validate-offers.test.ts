import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem } from '../../services/content/index.ts';
import { files, gaming, site, surfshark } from '../fixtures/minimal-content.ts';

const tile = { icon: 'shield', title: 'Tile', text: 'Tile text.' };

/** A deals page whose flash sale ends on `endsOn` and whose one deal names `provider`. */
function deals(endsOn: string, provider = 'surfshark') {
  return {
    meta: { title: 'Deals', description: 'Deals.', keywords: ['vpn'] },
    updated: '2025-01-15',
    hero: { badge: 'Limited Time Offers', title: 'Best VPN Deals of 2025', subtitle: 'Sub.', trust: [{ icon: 'shield', label: 'Up to 82% savings' }] },
    flashSale: { title: 'Flash Sale', text: 'Now.', endsOn, endsLabel: 'January 31, 2025', endedTitle: 'Ended', endedText: 'Over.' },
    dealsTitle: 'Deals',
    deals: [{ provider, rating: 4.6, discount: '82% OFF', originalPrice: '$12.95', dealPrice: '$2.39', period: 'per month', features: ['Fast'], badge: { text: 'Value', variant: 'secondary' }, savings: 'Save', validUntil: 'Valid until January 31, 2025', cta: 'Get' }],
    whySpecial: { title: 'Why', points: [tile] },
    whoFor: { title: 'Who', readReview: 'Read the {name} review', items: [{ icon: 'users', audience: 'Home users', provider: 'surfshark', reason: 'Value.' }] },
    features: { title: 'Features', items: [tile] },
    faq: { title: 'FAQ', items: [{ question: 'Q?', answer: 'A.' }] },
  };
}

/** `line:col` of the value after `key: ` on the line holding `needle`, in the YAML the fixture writes. */
function at(parts: Record<string, unknown>, rel: string, needle: string, key: string): string {
  const lines = files(parts).find((f) => f.rel === rel)!.text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  return `${i + 1}:${lines[i]!.indexOf(`${key}: `) + key.length + 3}`;
}

const check = (parts: Record<string, unknown>, today = '2026-11-21') =>
  checkFiles('data', files({ 'site.yaml': site, 'providers/surfshark.yaml': surfshark, ...parts }), { today });

describe('offers and provider references', () => {
  it('warns about an offer whose end date has passed, at the date', () => {
    const parts = { 'deals.yaml': deals('2025-01-31') };
    const r = check(parts);
    expect(r.problems.map(formatProblem)).toEqual([`data/deals.yaml:${at(parts, 'deals.yaml', 'endsOn:', 'endsOn')} warning /flashSale/endsOn offer ended on 2025-01-31; the page shows it as ended`]);
    expect(r.errorCount).toBe(0);
  });

  it('does not warn while the offer runs, including on its last day', () => {
    expect(check({ 'deals.yaml': deals('2025-01-31') }, '2025-01-31').problems).toEqual([]);
  });

  it('reports a reference to an unknown provider with the closest slug', () => {
    const parts = { 'gaming.yaml': { ...gaming(4.6), deals: [{ ...gaming(4.6).deals[0]!, provider: 'surfshak' }] } };
    const r = check(parts);
    expect(r.problems.map(formatProblem)).toEqual([
      `data/gaming.yaml:${at(parts, 'gaming.yaml', 'provider: surfshak', 'provider')} error /deals/0/provider unknown provider 'surfshak' (did you mean 'surfshark'?)`,
    ]);
    expect(r.content).toBeUndefined();
  });
});
