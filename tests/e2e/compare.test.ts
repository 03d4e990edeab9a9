/** The comparison pages, the method page, scorecards, bylines and the disclosure beside every /go/ button. */
import '../helpers/compiled-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { comparePairs, formatPrice, formatServers, loadContent, planOf, ranked, type Provider } from '../../services/content/index.ts';
import { ratingFromScores } from '../../services/content/scores.ts';
import { speedFigures } from '../../services/content/speed.ts';
import { DEFAULT_SPEED_TOLERANCE } from '../../services/content/speed-checks.ts';
import { useBrowser } from '../helpers/browser.ts';
import {
  all,
  byTestId,
  expectStaticHeadingOutline,
  expectStaticOutbound,
  isShown,
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

    // A verdict per criterion from the scores, speed's from the measured medians (level within the method's
    // tolerance), and the overall one from the ratings.
    const speeds = [speedFigures(a.review?.speed), speedFigures(b.review?.speed)];
    const tolerance = content.methodology!.speedTolerance ?? DEFAULT_SPEED_TOLERANCE;
    for (const c of criteria) {
      const x = a.scores![c.id];
      const y = b.scores![c.id];
      let expected = x === undefined || y === undefined ? 'untested' : x === y ? 'tie' : x > y ? 'a' : 'b';
      if (c.id === 'speed' && expected !== 'untested' && speeds[0] && speeds[1]) {
        const ahead = speeds[0].kept - speeds[1].kept;
        expected = Math.abs(ahead) <= tolerance ? 'tie' : ahead > 0 ? 'a' : 'b';
      }
      expect(
        one(page, `[data-testid="criterion-verdicts"] li[data-criterion="${c.id}"]`).getAttribute('data-verdict'),
        `${slug} ${c.id}`,
      ).toBe(expected);
    }
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

describe('scorecards, bylines and owners on the reviews', () => {
  it.each(reviewed.map((p) => [p.slug, p] as const))('%s shows its scorecard, owner, author and its six comparisons', (slug, p) => {
    const page = staticPage(`/vpn-reviews/${slug}`);
    const card = byTestId(page, 'scorecard');
    for (const c of criteria) {
      const score = p.scores![c.id];
      expect(textOf(one(card, `li[data-criterion="${c.id}"]`))).toBe(`${c.name} ${score === undefined ? 'Not tested' : `${score}/10`}`);
    }
    expect(ratingFromScores(p.scores!, criteria)).toBe(p.rating);
    expect(textOf(byTestId(page, 'review-stats'))).toContain(`Owned by ${p.owner}`);
    const author = content.authors!.authors.find((x) => x.id === p.review!.author)!;
    expect(textOf(byTestId(page, 'byline'))).toBe(`By ${author.name}, ${author.role} · ${p.review!.updatedLabel}`);
    expect(textOf(byTestId(page, 'author-bio'))).toContain(author.bio.replace(/\s+/g, ' '));
    const ld = jsonLd(page).find((x) => x['@type'] === 'Review')!;
    expect(ld.author).toEqual({ '@type': 'Person', name: author.name, jobTitle: author.role });
    const links = all(byTestId(page, 'review-comparisons'), 'a[href]').map((a) => a.getAttribute('href')!);
    expect(links).toHaveLength(6);
    expect(links.sort()).toEqual(
      pairs
        .filter((x) => x.a === slug || x.b === slug)
        .map((x) => `/compare/${x.slug}`)
        .sort(),
    );
  });

  it('names the author of every article, with a Person in its JSON-LD', () => {
    for (const a of content.articles) {
      const page = staticPage(`/articles/${a.slug}`);
      const author = content.authors!.authors.find((x) => x.id === a.author)!;
      expect(textOf(byTestId(page, 'author'))).toBe(author.name);
      const ld = jsonLd(page).find((x) => x['@type'] === 'Article')!;
      expect(ld.author).toMatchObject({ '@type': 'Person', name: author.name });
    }
  });
});

describe('/how-we-test', () => {
  it('is made from methodology.yaml: criteria and weights, conditions, and who pays a commission', () => {
    const page = staticPage('/how-we-test');
    expectStaticHeadingOutline(page);
    for (const c of criteria)
      expect(textOf(one(page, `[data-testid="criteria"] tr[data-criterion="${c.id}"]`))).toBe(
        `${c.name} ${c.weight}% ${c.description.replace(/\s+/g, ' ')}`,
      );
    // The conditions are methodology.yaml's one record, and the locations are counted from the reviews' speed tables.
    const line = content.methodology!.testLine!;
    const locations = new Set(reviewed.flatMap((p) => p.review!.speed!.tests.map((t) => t.location))).size;
    expect(textOf(byTestId(page, 'conditions'))).toBe(
      `${line.mbps} Mbps Fibre line in ${line.city}, the baseline of every speed table ${line.runs} runs Per server, over ${line.days} days, morning and evening; we report the median ${locations} Server locations across the reviews' speed tables`,
    );
    // The tolerance the speed scores are held to is printed.
    expect(textOf(page.body)).toContain(`keeps more than ${content.methodology!.speedTolerance} points more of the test line`);
    for (const p of reviewed) {
      const row = one(page, `[data-testid="owners"] tr[data-provider="${p.slug}"]`);
      expect(textOf(byTestId(row, 'owner'))).toBe(p.owner);
      expect(textOf(byTestId(row, 'commission'))).toBe(p.affiliate.startsWith('#') ? 'No' : 'Yes');
    }
    expect(byTestId(staticPage('/vpn-reviews'), 'method-link').getAttribute('href')).toBe('/how-we-test');
  });
});

describe('the affiliate disclosure', () => {
  const sitemap = readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

  it('stands beside every group of buttons that lead to /go/, on every page', () => {
    let buttons = 0;
    for (const path of paths) {
      const links = all(staticPage(path), 'a[href^="/go/"]');
      const lonely = links.flatMap((a) => {
        const note = a.closest('[data-outbound-group]')?.querySelector('[data-affiliate-disclosure]');
        return note && isShown(note) ? [] : [a.getAttribute('href')];
      });
      expect(lonely, path).toEqual([]);
      buttons += links.length;
    }
    expect(buttons).toBeGreaterThan(100);
  });
});
