/**
 * Every set of picks on the built site is the top of the measure its page names, over every reviewed provider still
 * in business, and the full ranking under it lists them all in that order with the figures shown; a set of partners
 * is exactly the providers that pay, in rating order, and claims nothing. The order is worked out here from the
 * records, not with the site's own ranking, so that a fault in it cannot pass unseen.
 */
import '../helpers/compiled-schemas.ts';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../services/content/index.ts';
import { planPrice } from '../../services/content/figure-format.ts';
import { all, staticPage, textOf } from '../helpers/static-page.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

const loaded = loadContent('data', { today: BUILD_DAY });
const content = loaded.content!;
const pages = loaded.routes.map((r) => r.path).filter((p) => !p.endsWith('/404') && p !== '/404');
type P = (typeof content.providers)[number];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const plan = (p: P) => planPrice(p.plans[p.plan]!);
/** Each measure's value of a provider and whether more is better, from its record alone. */
function valueOf(by: string, p: P): [number | undefined, boolean] {
  const tests = p.review?.speed?.tests ?? [];
  switch (by) {
    case 'rating':
      return [p.rating, true];
    case 'ping':
      return [tests.length ? Math.min(...tests.map((t) => t.ping)) : undefined, false];
    case 'download':
      return [tests.length ? median(tests.map((t) => t.download)) : undefined, true];
    case 'price':
      return [plan(p).price, false];
    case 'discount': {
      const { price, regularPrice } = plan(p);
      return [regularPrice && regularPrice > price ? Math.floor((1 - price / regularPrice) * 100 + 1e-9) : 0, true];
    }
    default:
      return [p.scores?.[by], true];
  }
}
const listed = content.providers.filter((p) => p.review && p.status !== 'discontinued' && !p.draft);
const byRating = (a: P, b: P) => b.rating - a.rating || a.name.localeCompare(b.name, 'en');
function ranking(by: string): P[] {
  const withValue = listed.filter((p) => valueOf(by, p)[0] !== undefined);
  return withValue.sort((a, b) => {
    const [x, higher] = valueOf(by, a);
    const [y] = valueOf(by, b);
    return (higher ? y! - x! : x! - y!) || byRating(a, b);
  });
}
const partners = listed.filter((p) => /^https?:/.test(p.affiliate)).sort(byRating);

describe('every set of picks on the built site', () => {
  it('is the top of the measure its page names, with every reviewed provider ranked by it below', () => {
    const seen: string[] = [];
    for (const path of pages) {
      const doc = staticPage(path);
      for (const set of all(doc, '[data-pick-set]')) {
        const by = set.getAttribute('data-pick-set')!;
        const picks = all(set, '[data-pick]').map((e) => e.getAttribute('data-pick')!);
        const where = `${path} (by ${by}): ${picks.join(', ')}`;
        expect(picks.length, where).toBeGreaterThan(0);
        // The measure is named where the picks are: above them, in the same section.
        const section = set.closest('section')!;
        const named = section.querySelector(`[data-pick-measure="${by}"]`);
        expect(named, where).not.toBeNull();
        if (by === 'partners') {
          expect(picks, where).toEqual(partners.slice(0, picks.length).map((p) => p.slug));
          expect(textOf(named), where).toMatch(/partners/i);
          // No claim to be the best, in the set's heading or in the words around it.
          expect(textOf(section), where).not.toMatch(/\b(?:best|fastest|cheapest|top pick|lowest|highest)\b/i);
          seen.push(where);
          continue;
        }
        const order = ranking(by).map((p) => p.slug);
        expect(picks, where).toEqual(order.slice(0, picks.length));
        const rows = all(section, `[data-pick-ranking="${by}"] [data-rank-row]`).map((r) => r.getAttribute('data-rank-row'));
        expect(rows, where).toEqual(order);
        seen.push(where);
      }
    }
    // Gaming, streaming, deals and every article's boxes.
    for (const path of ['/vpn-gaming', '/vpn-streaming', '/vpn-deals', '/articles/vpn-for-netflix', '/articles/best-vpn-2025'])
      expect(
        seen.some((s) => s.startsWith(`${path} `)),
        path,
      ).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(14);
  });

  it('shows each ranked provider with its figure for the measure', () => {
    const doc = staticPage('/vpn-gaming');
    const rows = all(doc, '[data-pick-ranking="ping"] [data-rank-row]');
    for (const row of rows) {
      const p = listed.find((x) => x.slug === row.getAttribute('data-rank-row'))!;
      expect(textOf(row.querySelector('[data-rank-value]'))).toContain(`${valueOf('ping', p)[0]} ms`);
    }
    // TunnelBear pays us and has the highest ping of all: it is last, and not a pick.
    expect(rows.at(-1)!.getAttribute('data-rank-row')).toBe('tunnelbear');
    expect(all(doc, '[data-pick]').map((e) => e.getAttribute('data-pick'))).not.toContain('tunnelbear');
  });

  it("highlights the home page's top provider by the measure it names, and each audience pick on the deals page", () => {
    const home = staticPage('/');
    const measure = home.querySelector('[data-pick-measure]')!.getAttribute('data-pick-measure')!;
    const featured = all(home, '[data-testid="provider-card"]').filter((c) => (c.getAttribute('class') ?? '').includes('ring-2'));
    expect(featured.map((c) => c.getAttribute('data-provider'))).toEqual([ranking(measure)[0]!.slug]);
    for (const card of all(staticPage('/vpn-deals'), '[data-testid="who-for"]')) {
      const by = card.querySelector('[data-pick-measure]')!.getAttribute('data-pick-measure')!;
      expect(card.getAttribute('data-provider'), by).toBe(ranking(by)[0]!.slug);
    }
  });
});
