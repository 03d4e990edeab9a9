import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem } from '../../services/content/index.ts';
import { files, gaming, site, surfshark } from '../fixtures/minimal-content.ts';

const tile = { icon: 'shield', title: 'Tile', text: 'Tile text.' };

/** A deals page whose flash sale ends on `endsOn` and whose one deal names `provider`. */
function deals(endsOn: string, provider = 'surfshark') {
  return {
    meta: { title: 'Deals', description: 'Deals.', keywords: ['vpn'] },
    updated: '2025-01-15',
    hero: {
      badge: 'Limited Time Offers',
      badgeAfter: 'Prices checked {{prices.checked}}',
      checked: 'Prices checked {{prices.checked}}',
      title: 'Best VPN Deals of 2025',
      subtitle: 'Sub.',
      trust: [{ icon: 'shield', label: 'Up to {{max.discount}} savings' }],
    },
    flashSale: { title: 'Flash Sale', text: 'Now.', startsOn: '2025-01-01', endsOn },
    offerLabels: { savings: 'Save {savings}', validUntil: 'Valid until {date}', startsOn: 'Starts {date}' },
    dealsTitle: 'Deals',
    picks: { by: 'discount', count: 3 },
    cta: 'Get {name}',
    rankingTitle: 'Every VPN by discount',
    notes: [{ provider, startsOn: '2025-01-01', endsOn: '2025-01-31', features: ['Fast'] }],
    whySpecial: { title: 'Why', points: [tile] },
    whoFor: {
      title: 'Who',
      readReview: 'Read the {name} review',
      items: [{ icon: 'users', audience: 'Home users', by: 'price', reason: 'Value.' }],
    },
    features: { title: 'Features', items: [tile] },
    faq: { title: 'FAQ', items: [{ question: 'Q?', answer: 'A.' }] },
  };
}

/** `line:col` of the value after `key: ` on the line holding `needle`, in the YAML the fixture writes. */
function at(parts: Record<string, unknown>, rel: string, needle: string, key: string): string {
  const lines = files(parts)
    .find((f) => f.rel === rel)!
    .text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  return `${i + 1}:${lines[i]!.indexOf(`${key}: `) + key.length + 3}`;
}

// A day less than 90 after the fixture's prices were checked: no price is old yet.
const check = (parts: Record<string, unknown>, today = '2025-02-01') =>
  checkFiles('data', files({ 'site.yaml': site, 'providers/surfshark.yaml': surfshark, ...parts }), { today });

describe('offers and provider references', () => {
  it('warns about each offer whose end date has passed, at the date', () => {
    const parts = { 'deals.yaml': deals('2025-01-30') };
    const r = check(parts);
    expect(r.problems.map(formatProblem)).toEqual([
      `data/deals.yaml:${at(parts, 'deals.yaml', 'endsOn: 2025-01-30', 'endsOn')} warning /flashSale/endsOn the sale ended on 2025-01-30; its banner and its "Limited Time Offers" badge have left the page`,
      `data/deals.yaml:${at(parts, 'deals.yaml', 'endsOn: 2025-01-31', 'endsOn')} warning /notes/0/endsOn offer ended on 2025-01-31; its card has left the page, and the next provider by the page's measure has its place`,
    ]);
    expect(r.errorCount).toBe(0);
  });

  it('refuses an offer that starts after it ends, at its start date', () => {
    const parts = { 'deals.yaml': deals('2024-12-31') };
    const r = check(parts, '2024-12-01');
    expect(r.problems.map(formatProblem)).toEqual([
      `data/deals.yaml:${at(parts, 'deals.yaml', 'startsOn: 2025-01-01', 'startsOn')} error /flashSale/startsOn the offer starts on 2025-01-01, after it ends on 2024-12-31`,
    ]);
  });

  it('does not warn while the offer runs, including on its last day', () => {
    expect(check({ 'deals.yaml': deals('2025-01-31') }, '2025-01-31').problems).toEqual([]);
  });

  it('reports a reference to an unknown provider with the closest slug', () => {
    const parts = { 'gaming.yaml': { ...gaming(), notes: [{ ...gaming().notes[0]!, provider: 'surfshak' }] } };
    const r = check(parts);
    expect(r.problems.map(formatProblem)).toEqual([
      `data/gaming.yaml:${at(parts, 'gaming.yaml', 'provider: surfshak', 'provider')} error /notes/0/provider unknown provider 'surfshak' (did you mean 'surfshark'?)`,
    ]);
    expect(r.content).toBeUndefined();
  });
});
