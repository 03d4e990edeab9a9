/**
 * Every list of providers on the built site is in rating order, best first and ties by name, so that no commission
 * can move a provider up; a list the page visibly sorts by another key (the sortable table's own header, marked
 * aria-sort) is in that key's order instead. A list is the providers marked on one element's children.
 */
import '../helpers/compiled-schemas.ts';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../services/content/index.ts';
import { isPaidTarget, outboundTargets } from '../../services/content/targets.ts';
import { all, staticPage, textOf } from '../helpers/static-page.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

const loaded = loadContent('data', { today: BUILD_DAY });
const providers = new Map(loaded.content!.providers.map((p) => [p.slug, p]));
const pages = loaded.routes.map((r) => r.path).filter((p) => !p.endsWith('/404') && p !== '/404');

/** The lists of providers on a page: for each element with two or more children naming a provider, their slugs. */
function listsOn(doc: Document): { parent: Element; slugs: string[] }[] {
  const lists = new Map<Element, string[]>();
  for (const el of all(doc, '[data-provider]')) {
    const parent = el.parentElement!;
    lists.set(parent, [...(lists.get(parent) ?? []), el.getAttribute('data-provider')!]);
  }
  return [...lists].filter(([, slugs]) => slugs.length > 1).map(([parent, slugs]) => ({ parent, slugs }));
}

/** The number a sortable column's cell shows ("$3.39", "4.9", "5400+"), or its text for a name. */
const cellValue = (text: string) => (/\d/.test(text) ? Number(/\d+(?:\.\d+)?/.exec(text.replace(/,/g, ''))![0]) : text);

describe('every list of providers on the built site', () => {
  it('is in rating order, ties by name, or in the order of the sort key its page shows', () => {
    let rated = 0;
    const seen = new Set<string>();
    for (const path of pages) {
      for (const { parent, slugs } of listsOn(staticPage(path))) {
        // Picks chosen by a measure the page names are in that measure's order (pick-sets.test.ts reads them).
        if (parent.closest('[data-pick-set]') || parent.hasAttribute('data-measured')) continue;
        const sortedBy = parent.closest('table')?.querySelector('th[aria-sort]');
        if (sortedBy) {
          // The sortable table: its rows follow the column its header marks, in the direction it says.
          const column = sortedBy.getAttribute('data-column')!;
          const values = all(parent, `[data-provider] > [data-column="${column}"]`).map((c) => cellValue(textOf(c)));
          const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(values, `${path}: sorted by ${column}`).toEqual(
            sortedBy.getAttribute('aria-sort') === 'ascending' ? sorted : sorted.reverse(),
          );
          seen.add(path);
          continue;
        }
        const known = slugs.map((s) => providers.get(s)!);
        // Worked out here rather than with the site's own comparison, so that a fault in it cannot pass unseen.
        const order = [...known].sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name, 'en'));
        expect(slugs, `${path}: ${slugs.join(', ')}`).toEqual(order.map((p) => p.slug));
        rated++;
        seen.add(path);
      }
    }
    // The home grid, the reviews page, the sortable table (built unsorted, so in
    // rating order), the method page's table, the articles' and guides' lists: none goes unread.
    expect(rated).toBeGreaterThan(20);
    for (const path of ['/', '/vpn-reviews', '/compare', '/how-we-test']) expect(seen, path).toContain(path);
  });
});

describe('the note that every featured provider pays', () => {
  const targets = outboundTargets(loaded.content!);
  /** Whether a /go/ button's click is paid: /go/<slug> or /go/<slug>/<link>. */
  const paid = (href: string) => {
    const [slug, link] = new URL(href, 'http://site.test').pathname.split('/').slice(2);
    return isPaidTarget(targets, slug!, link);
  };

  it('stands only beside groups whose every button is a paid one, and is there where one is', () => {
    let noted = 0;
    for (const path of pages) {
      for (const note of all(staticPage(path), '[data-affiliate-disclosure]')) {
        if (!note.querySelector('[data-all-paid]')) continue;
        const buttons = all(note.closest('[data-outbound-group]') ?? note.parentElement!, 'a[href^="/go/"]').map(
          (a) => a.getAttribute('href')!,
        );
        expect(buttons.length, path).toBeGreaterThan(0);
        expect(
          buttons.filter((b) => !paid(b)),
          path,
        ).toEqual([]);
        noted++;
      }
    }
    // The picks that pay are those a measure chose among the paying (the articles' top two by rating, the gaming
    // page's lowest pings) and the set of partners; the deals page's largest discounts include two that do not pay.
    expect(noted).toBeGreaterThan(3);
    expect(all(staticPage('/articles/best-vpn-2025'), '[data-all-paid]').length).toBeGreaterThan(0);
    expect(all(staticPage('/vpn-deals'), '[data-all-paid]')).toEqual([]);
  });
});
