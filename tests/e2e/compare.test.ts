/** The comparison pages: the head-to-head pages and the /compare table. */
import '../helpers/compiled-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { comparePairs, formatPrice, formatServers, loadContent, planOf, ranked, type Provider } from '../../services/content/index.ts';
import { useBrowser } from '../helpers/browser.ts';
import {
  all,
  byTestId,
  expectStaticHeadingOutline,
  expectStaticOutbound,
  jsonLd,
  linksNamed,
  one,
  staticPage,
  textOf,
} from '../helpers/static-page.ts';

const browser = useBrowser();
const content = loadContent('data').content!;
const providers = new Map(content.providers.map((p) => [p.slug, p]));
// The reviewed providers still in business: Atlas VPN, which has shut down, is in none of these pages.
const reviewed = content.providers.filter(ranked);
const pairs = comparePairs(content.providers);
const criteria = content.methodology!.criteria;
/** What a reader sees of an element: its rendered text, each run of white space as one space. */
const text = async (l: { innerText(): Promise<string> }) => (await l.innerText()).replace(/\s+/g, ' ').trim();

describe('the head-to-head pages', () => {
  it('exist for every pair of the seven reviewed providers in business, once each, in the sitemap', () => {
    expect(reviewed).toHaveLength(7);
    expect(pairs).toHaveLength(21);
    const sitemap = readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8');
    for (const p of pairs) expect(sitemap).toContain(`/compare/${p.slug}</loc>`);
    // The other order is not a page of its own.
    expect(sitemap).not.toContain('/compare/surfshark-vs-nordvpn<');
  });

  it.each(pairs.map((p) => [p.slug, p] as const))('%s shows every figure as the two records hold it', (slug, pair) => {
    const a = providers.get(pair.a)!;
    const b = providers.get(pair.b)!;
    const page = staticPage(`/compare/${slug}`);
    expectStaticHeadingOutline(page);
    expect(textOf(one(page, 'h1'))).toBe(`${a.name} vs ${b.name}`);
    expect(page.title).toBe(`${a.name} vs ${b.name} (2025) | VPN Compass`);
    expect(one(page, 'link[rel=canonical]').getAttribute('href')).toBe(`https://www.vpncompass.com/compare/${slug}`);
    const crumbs = jsonLd(page).find((d) => d['@type'] === 'BreadcrumbList')! as unknown as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['VPN Compass', 'Compare VPNs', `${a.name} vs ${b.name}`]);

    // Both cards, each with its own /go/ button.
    const cards = all(page, '[data-testid="provider-card"]');
    expect(cards).toHaveLength(2);
    for (const [i, p] of [a, b].entries())
      expectStaticOutbound(linksNamed(cards[i]!, `Get ${p.name}`)[0], p.slug, `/compare/${slug}`, 'compare-card');

    const table = byTestId(page, 'pair-figures');
    const cell = (row: string, side: 'a' | 'b') => one(table, `tr[data-row="${row}"] td[data-side="${side}"]`);
    const shown = (p: Provider) => {
      const plan = planOf(p)!;
      return {
        rating: String(p.rating),
        price: formatPrice(plan.price),
        servers: formatServers(p.servers),
        countries: String(p.countries),
        devices: p.devices,
        streaming: p.streaming ? 'Yes' : 'No',
        torrenting: p.torrenting ? 'Yes' : 'No',
        killSwitch: p.killSwitch ? 'Yes' : 'No',
        noLogs: p.noLogs ? 'Yes' : 'No',
        moneyBack: p.moneyBack,
        support: p.support,
        owner: p.owner,
        plan: plan.term,
      };
    };
    for (const [s, p] of [
      ['a', a],
      ['b', b],
    ] as const) {
      for (const [row, value] of Object.entries(shown(p))) {
        const got = textOf(cell(row, s)).replace(/ ✓ \(better\)$/, '');
        if (row === 'plan') expect(got.startsWith(value), `${slug} ${s} ${row}`).toBe(true);
        else expect(got, `${slug} ${s} ${row}`).toBe(value);
      }
    }
    // The better value is marked where better has a meaning, and nowhere else.
    const marked = (row: string) =>
      cell(row, 'a').hasAttribute('data-better') ? 'a' : cell(row, 'b').hasAttribute('data-better') ? 'b' : undefined;
    const cmp = (x: number, y: number, lower = false) => (x === y ? undefined : (lower ? x < y : x > y) ? 'a' : 'b');
    const dev = (d: string) => (d === 'Unlimited' ? Infinity : Number(d));
    expect(marked('price')).toBe(cmp(planOf(a)!.price, planOf(b)!.price, true));
    expect(marked('servers')).toBe(cmp(a.servers, b.servers));
    expect(marked('devices')).toBe(cmp(dev(a.devices), dev(b.devices)));
    expect(marked('rating')).toBe(cmp(a.rating, b.rating));
    expect(marked('support')).toBeUndefined();
    expect(marked('owner')).toBeUndefined();

    // Both scorecards, each score as the record has it, and both speed tests row for row.
    for (const p of [a, b]) {
      const card = one(page, `[data-testid="scorecard"][data-provider="${p.slug}"]`);
      for (const c of criteria) {
        const score = p.scores![c.id];
        expect(textOf(one(card, `li[data-criterion="${c.id}"] [data-testid="score"]`))).toBe(
          score === undefined ? 'Not tested' : `${score}/10`,
        );
      }
      expect(textOf(byTestId(card, 'scorecard-overall'))).toBe(`Overall rating: ${p.rating} out of 5`);
      const speed = all(page, `[data-testid="pair-speed"][data-provider="${p.slug}"] tbody tr`);
      expect(speed).toHaveLength(p.review!.speed!.tests.length);
      for (const [i, t] of p.review!.speed!.tests.entries())
        expect(textOf(speed[i])).toBe(`${t.location} ${t.download} ${t.upload} ${t.ping}`);
    }

    // A verdict per criterion from the scores, speed included: within the stated tie margin it is a tie.
    const margin = content.comparison!.pairs.tieMargin ?? 0.2;
    expect(textOf(byTestId(page, 'tie-rule'))).toContain(String(margin));
    for (const c of criteria) {
      const x = a.scores![c.id];
      const y = b.scores![c.id];
      const gap = x === undefined || y === undefined ? 0 : Math.round(Math.abs(x - y) * 1000) / 1000;
      const expected = x === undefined || y === undefined ? 'untested' : gap <= margin ? 'tie' : x > y ? 'a' : 'b';
      expect(
        one(page, `[data-testid="criterion-verdicts"] li[data-criterion="${c.id}"]`).getAttribute('data-verdict'),
        `${slug} ${c.id}`,
      ).toBe(expected);
    }
    // "The same method" only over the same places; otherwise the places only one has are named.
    const places = (p: typeof a) => p.review!.speed.tests.map((t) => t.location);
    const onlyA = places(a).filter((l) => !places(b).includes(l));
    const onlyB = places(b).filter((l) => !places(a).includes(l));
    const said = textOf(byTestId(page, 'pair-locations'));
    if (onlyA.length + onlyB.length === 0) expect(said).toContain('same locations');
    else for (const l of [...onlyA, ...onlyB]) expect(said).toContain(l);
    const [winner, loser] = a.rating >= b.rating ? [a, b] : [b, a];
    const overall = textOf(byTestId(page, 'overall-verdict'));
    if (a.rating !== b.rating)
      expect(overall).toContain(`${winner.name} is our pick of the two, rated ${winner.rating} against ${loser.rating}`);
    else expect(overall).toContain(`share a rating of ${a.rating}`);
    // The editor's own words, where a file gives them.
    const own = content.pairs.find((x) => x.slug === slug);
    expect(all(page, '[data-testid="editor-intro"]')).toHaveLength(own?.intro?.length ?? 0);
  });

  it("sends the other order to the pair's one URL with a permanent redirect, keeping the query", async () => {
    const res = await fetch(new URL('/compare/surfshark-vs-nordvpn?ref=mail', browser.baseUrl()), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/compare/nordvpn-vs-surfshark?ref=mail');
    const redirects = readFileSync(join(inject('distDir'), '_redirects'), 'utf8')
      .trim()
      .split('\n');
    // 21 pairs of the seven reviewed providers still in business, and both orders of each one's pair with Atlas VPN.
    expect(redirects).toHaveLength(21 + 14);
    expect(redirects).toContain('/compare/ipvanish-vs-protonvpn /compare/protonvpn-vs-ipvanish 301');
    expect(redirects).toContain('/compare/atlas-vpn-vs-ipvanish /vpn-reviews/ipvanish 301');
    // The file is for hosts and the service, not a page of the site.
    expect((await fetch(new URL('/_redirects', browser.baseUrl()))).status).toBe(404);
    expect((await fetch(new URL('/compare/nordvpn-vs-nordvpn', browser.baseUrl()))).status).toBe(404);
  });
});

describe('the /compare table', () => {
  const rowSlugs = (page: import('playwright-core').Page) =>
    page.locator('[data-testid="compare-table"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-provider')));

  it('is a plain, complete table without JavaScript', () => {
    const page = staticPage('/compare');
    expectStaticHeadingOutline(page);
    expect(all(page, '[data-testid="compare-table"] tbody tr').map((r) => r.getAttribute('data-provider'))).toEqual(
      reviewed.map((p) => p.slug),
    );
    for (const p of reviewed) {
      const row = one(page, `[data-testid="compare-table"] tr[data-provider="${p.slug}"]`);
      expect(textOf(one(row, '[data-column="rating"]'))).toBe(String(p.rating));
      expect(textOf(one(row, '[data-column="price"]'))).toBe(formatPrice(planOf(p)!.price));
      expect(textOf(one(row, '[data-column="servers"]'))).toBe(formatServers(p.servers));
      expect(textOf(one(row, '[data-column="devices"]'))).toBe(p.devices);
      expectStaticOutbound(linksNamed(row, `Visit ${p.name}`)[0], p.slug, '/compare', 'compare-table');
    }
    // Sorting and filters wait, disabled, for the script, and say so.
    expect(all(page, 'th[aria-sort]')).toHaveLength(0);
    expect(all(page, 'thead button').filter((b) => b.hasAttribute('disabled'))).toHaveLength(9);
    expect(all(page, '[data-testid="compare-controls"] fieldset').filter((f) => f.hasAttribute('disabled'))).toHaveLength(1);
    expect(textOf(byTestId(page, 'compare-count'))).toBe('Showing 7 of 7 VPNs · Sorting and filters need JavaScript.');
    expect(all(byTestId(page, 'pair-links'), 'a[href]')).toHaveLength(21);
  });

  it('sorts by any column and filters, with aria-sort and the state in the URL, and a shared URL gives the same view', async () => {
    const { page } = await browser.open('/compare');
    const price = page.getByRole('button', { name: 'Sort by Price / month' });
    await price.click();
    await page.locator('th[data-column="price"][aria-sort="ascending"]').waitFor();
    const byPrice = [...reviewed].sort((x, y) => planOf(x)!.price - planOf(y)!.price).map((p) => p.slug);
    expect(await rowSlugs(page)).toEqual(byPrice);
    expect(new URL(page.url()).search).toBe('?sort=price&dir=asc');
    await price.click();
    await page.locator('th[data-column="price"][aria-sort="descending"]').waitFor();
    expect(await rowSlugs(page)).toEqual([...byPrice].reverse());
    expect(await page.locator('th[aria-sort]').count()).toBe(1);

    await page.getByRole('button', { name: 'Sort by Servers' }).click();
    await page.locator('th[data-column="servers"][aria-sort="descending"]').waitFor();
    expect(await page.locator('th[data-column="price"]').getAttribute('aria-sort')).toBeNull();
    expect(await rowSlugs(page)).toEqual([...reviewed].sort((x, y) => y.servers - x.servers).map((p) => p.slug));

    await page.getByLabel('Allows torrenting').check();
    await page.getByLabel('Price up to').selectOption('3');
    const expected = [...reviewed]
      .filter((p) => p.torrenting && planOf(p)!.price <= 3)
      .sort((x, y) => y.servers - x.servers)
      .map((p) => p.slug);
    await expect.poll(() => page.locator('[data-testid="compare-table"] tbody tr').count()).toBe(expected.length);
    expect(await rowSlugs(page)).toEqual(expected);
    expect(await text(page.getByTestId('compare-count'))).toBe(`Showing ${expected.length} of 7 VPNs`);
    const shared = page.url();
    expect(new URL(shared).search).toBe('?sort=servers&dir=desc&torrenting=1&max=3');

    // Someone else opens the shared link.
    const { page: other } = await browser.open(new URL(shared).pathname + new URL(shared).search);
    await expect.poll(() => other.locator('[data-testid="compare-table"] tbody tr').count()).toBe(expected.length);
    expect(await rowSlugs(other)).toEqual(expected);
    expect(await other.getByLabel('Allows torrenting').isChecked()).toBe(true);
    expect(await other.getByLabel('Price up to').inputValue()).toBe('3');
    await other.locator('th[data-column="servers"][aria-sort="descending"]').waitFor();

    await page.getByLabel('Unlimited devices').check();
    // The lowest ceiling offered: a dollar above the cheapest price of the providers still compared.
    await page.getByLabel('Price up to').selectOption('3');
    const left = [...reviewed].filter((p) => p.torrenting && p.devices === 'Unlimited' && planOf(p)!.price <= 3);
    await expect.poll(() => page.locator('[data-testid="compare-table"] tbody tr').count()).toBe(left.length);
    await page.getByRole('button', { name: 'Clear filters and sort' }).click();
    await expect.poll(() => page.locator('[data-testid="compare-table"] tbody tr').count()).toBe(7);
    expect(new URL(page.url()).search).toBe('');
  });
});
