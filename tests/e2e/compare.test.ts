/** The comparison pages, the method page, scorecards, bylines and the disclosure beside every /go/ button. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { comparePairs, formatPrice, formatServers, loadContent, planOf, ranked, type Provider } from '../../services/content/index.ts';
import { ratingFromScores } from '../../services/content/scores.ts';
import { speedFigures } from '../../services/content/speed.ts';
import { DEFAULT_SPEED_TOLERANCE } from '../../services/content/speed-checks.ts';
import { useBrowser } from '../helpers/browser.ts';
import { expectHeadingOutline, expectOutbound } from '../helpers/page-checks.ts';

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

  it.each(pairs.map((p) => [p.slug, p] as const))('%s shows every figure as the two records hold it', async (slug, pair) => {
    const a = providers.get(pair.a)!;
    const b = providers.get(pair.b)!;
    const { page } = await browser.open(`/compare/${slug}`, { javaScript: false });
    await expectHeadingOutline(page);
    expect(await text(page.locator('h1'))).toBe(`${a.name} vs ${b.name}`);
    expect(await page.title()).toBe(`${a.name} vs ${b.name} (2025) | VPN Compass`);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`https://www.vpncompass.com/compare/${slug}`);
    const crumbs = JSON.parse((await page.locator('script[type="application/ld+json"]').allTextContents()).find((t) => t.includes('BreadcrumbList'))!);
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['VPN Compass', 'Compare VPNs', `${a.name} vs ${b.name}`]);

    // Both cards, each with its own /go/ button.
    const cards = page.getByTestId('provider-card');
    expect(await cards.count()).toBe(2);
    for (const [i, p] of [a, b].entries()) await expectOutbound(cards.nth(i).getByRole('link', { name: `Get ${p.name}` }), p.slug, `/compare/${slug}`, 'compare-card');

    const table = page.getByTestId('pair-figures');
    const cell = (row: string, side: 'a' | 'b') => table.locator(`tr[data-row="${row}"] td[data-side="${side}"]`);
    const shown = (p: Provider) => {
      const plan = planOf(p)!;
      return {
        rating: String(p.rating), price: formatPrice(plan.price), servers: formatServers(p.servers), countries: String(p.countries), devices: p.devices,
        streaming: p.streaming ? 'Yes' : 'No', torrenting: p.torrenting ? 'Yes' : 'No', killSwitch: p.killSwitch ? 'Yes' : 'No', noLogs: p.noLogs ? 'Yes' : 'No',
        moneyBack: p.moneyBack, support: p.support, owner: p.owner, plan: plan.term,
      };
    };
    for (const [s, p] of [['a', a], ['b', b]] as const) {
      for (const [row, value] of Object.entries(shown(p))) {
        const got = (await text(cell(row, s))).replace(/ ✓ \(better\)$/, '');
        if (row === 'plan') expect(got.startsWith(value), `${slug} ${s} ${row}`).toBe(true);
        else expect(got, `${slug} ${s} ${row}`).toBe(value);
      }
    }
    // The better value is marked where better has a meaning, and nowhere else.
    const marked = async (row: string) => ((await cell(row, 'a').getAttribute('data-better')) !== null ? 'a' : (await cell(row, 'b').getAttribute('data-better')) !== null ? 'b' : undefined);
    const cmp = (x: number, y: number, lower = false) => (x === y ? undefined : (lower ? x < y : x > y) ? 'a' : 'b');
    const dev = (d: string) => (d === 'Unlimited' ? Infinity : Number(d));
    expect(await marked('price')).toBe(cmp(planOf(a)!.price, planOf(b)!.price, true));
    expect(await marked('servers')).toBe(cmp(a.servers, b.servers));
    expect(await marked('devices')).toBe(cmp(dev(a.devices), dev(b.devices)));
    expect(await marked('rating')).toBe(cmp(a.rating, b.rating));
    expect(await marked('support')).toBeUndefined();
    expect(await marked('owner')).toBeUndefined();

    // Both scorecards, each score as the record has it, and both speed tests row for row.
    for (const p of [a, b]) {
      const card = page.locator(`[data-testid="scorecard"][data-provider="${p.slug}"]`);
      for (const c of criteria) {
        const score = p.scores![c.id];
        expect(await text(card.locator(`li[data-criterion="${c.id}"] [data-testid="score"]`))).toBe(score === undefined ? 'Not tested' : `${score}/10`);
      }
      expect(await text(card.getByTestId('scorecard-overall'))).toBe(`Overall rating: ${p.rating} out of 5`);
      const speed = page.locator(`[data-testid="pair-speed"][data-provider="${p.slug}"] tbody tr`);
      expect(await speed.count()).toBe(p.review!.speed.tests.length);
      for (const [i, t] of p.review!.speed.tests.entries()) expect(await text(speed.nth(i))).toBe(`${t.location} ${t.download} ${t.upload} ${t.ping}`);
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
      expect(await page.locator(`[data-testid="criterion-verdicts"] li[data-criterion="${c.id}"]`).getAttribute('data-verdict'), `${slug} ${c.id}`).toBe(expected);
    }
    const [winner, loser] = a.rating >= b.rating ? [a, b] : [b, a];
    const overall = await text(page.getByTestId('overall-verdict'));
    if (a.rating !== b.rating) expect(overall).toContain(`${winner.name} is our pick of the two, rated ${winner.rating} against ${loser.rating}`);
    else expect(overall).toContain(`share a rating of ${a.rating}`);
    // The editor's own words, where a file gives them.
    const own = content.pairs.find((x) => x.slug === slug);
    expect(await page.getByTestId('editor-intro').count()).toBe(own?.intro?.length ?? 0);
  });

  it('sends the other order to the pair\'s one URL with a permanent redirect, keeping the query', async () => {
    const res = await fetch(new URL('/compare/surfshark-vs-nordvpn?ref=mail', browser.baseUrl()), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/compare/nordvpn-vs-surfshark?ref=mail');
    const redirects = readFileSync(join(inject('distDir'), '_redirects'), 'utf8').trim().split('\n');
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
  const rowSlugs = (page: import('playwright-core').Page) => page.locator('[data-testid="compare-table"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-provider')));

  it('is a plain, complete table without JavaScript', async () => {
    const { page } = await browser.open('/compare', { javaScript: false });
    await expectHeadingOutline(page);
    expect(await rowSlugs(page)).toEqual(reviewed.map((p) => p.slug));
    for (const p of reviewed) {
      const row = page.locator(`[data-testid="compare-table"] tr[data-provider="${p.slug}"]`);
      expect(await text(row.locator('[data-column="rating"]'))).toBe(String(p.rating));
      expect(await text(row.locator('[data-column="price"]'))).toBe(formatPrice(planOf(p)!.price));
      expect(await text(row.locator('[data-column="servers"]'))).toBe(formatServers(p.servers));
      expect(await text(row.locator('[data-column="devices"]'))).toBe(p.devices);
      await expectOutbound(row.getByRole('link', { name: `Visit ${p.name}` }), p.slug, '/compare', 'compare-table');
    }
    // Sorting and filters wait, disabled, for the script, and say so.
    expect(await page.locator('th[aria-sort]').count()).toBe(0);
    expect(await page.locator('thead button:disabled').count()).toBe(9);
    expect(await page.locator('[data-testid="compare-controls"] fieldset:disabled').count()).toBe(1);
    expect(await text(page.getByTestId('compare-count'))).toBe('Showing 7 of 7 VPNs · Sorting and filters need JavaScript.');
    expect(await page.getByTestId('pair-links').getByRole('link').count()).toBe(21);
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
    const expected = [...reviewed].filter((p) => p.torrenting && planOf(p)!.price <= 3).sort((x, y) => y.servers - x.servers).map((p) => p.slug);
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
  it.each(reviewed.map((p) => [p.slug, p] as const))('%s shows its scorecard, owner, author and its six comparisons', async (slug, p) => {
    const { page } = await browser.open(`/vpn-reviews/${slug}`, { javaScript: false });
    const card = page.getByTestId('scorecard');
    for (const c of criteria) {
      const score = p.scores![c.id];
      const item = card.locator(`li[data-criterion="${c.id}"]`);
      expect(await text(item)).toBe(`${c.name} ${score === undefined ? 'Not tested' : `${score}/10`}`);
    }
    expect(ratingFromScores(p.scores!, criteria)).toBe(p.rating);
    expect(await text(page.getByTestId('review-stats'))).toContain(`Owned by ${p.owner}`);
    const author = content.authors!.authors.find((x) => x.id === p.review!.author)!;
    expect(await text(page.getByTestId('byline'))).toBe(`By ${author.name}, ${author.role} · ${p.review!.updatedLabel}`);
    expect(await text(page.getByTestId('author-bio'))).toContain(author.bio.replace(/\s+/g, ' '));
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)).find((x) => x['@type'] === 'Review');
    expect(ld.author).toEqual({ '@type': 'Person', name: author.name, jobTitle: author.role });
    const links = await page.getByTestId('review-comparisons').getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(6);
    expect(links.sort()).toEqual(pairs.filter((x) => x.a === slug || x.b === slug).map((x) => `/compare/${x.slug}`).sort());
  });

  it('names the author of every article, with a Person in its JSON-LD', async () => {
    const { page } = await browser.open('/articles', { javaScript: false });
    for (const a of content.articles) {
      await page.goto(new URL(`/articles/${a.slug}`, browser.baseUrl()).href, { waitUntil: 'domcontentloaded' });
      const author = content.authors!.authors.find((x) => x.id === a.author)!;
      expect(await text(page.getByTestId('author'))).toBe(author.name);
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)).find((x) => x['@type'] === 'Article');
      expect(ld.author).toMatchObject({ '@type': 'Person', name: author.name });
    }
  });
});

describe('/how-we-test', () => {
  it('is made from methodology.yaml: criteria and weights, conditions, and who pays a commission', async () => {
    const { page } = await browser.open('/how-we-test', { javaScript: false });
    await expectHeadingOutline(page);
    for (const c of criteria) expect(await text(page.locator(`[data-testid="criteria"] tr[data-criterion="${c.id}"]`))).toBe(`${c.name} ${c.weight}% ${c.description.replace(/\s+/g, ' ')}`);
    expect(await text(page.getByTestId('conditions'))).toBe('1 Gbps Base fibre connection 7 days Of repeated tests, morning and evening 15+ Server locations on four continents');
    for (const p of reviewed) {
      const row = page.locator(`[data-testid="owners"] tr[data-provider="${p.slug}"]`);
      expect(await text(row.getByTestId('owner'))).toBe(p.owner);
      expect(await text(row.getByTestId('commission'))).toBe(p.affiliate.startsWith('#') ? 'No' : 'Yes');
    }
    const { page: reviews } = await browser.open('/vpn-reviews', { javaScript: false });
    expect(await reviews.getByTestId('method-link').getAttribute('href')).toBe('/how-we-test');
  });
});

describe('the affiliate disclosure', () => {
  const sitemap = readFileSync(join(inject('distDir'), 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

  it('stands beside every group of buttons that lead to /go/, on every page', async () => {
    let buttons = 0;
    const { page } = await browser.open('/', { javaScript: false });
    for (const path of paths) {
      await page.goto(new URL(path, browser.baseUrl()).href, { waitUntil: 'domcontentloaded' });
      const lonely = await page.locator('a[href^="/go/"]').evaluateAll((links) => links.flatMap((a) => {
        const group = a.closest('[data-outbound-group]');
        const note = group?.querySelector('[data-affiliate-disclosure]');
        return note && (note as HTMLElement).offsetParent !== null ? [] : [a.getAttribute('href')];
      }));
      expect(lonely, path).toEqual([]);
      buttons += await page.locator('a[href^="/go/"]').count();
    }
    expect(buttons).toBeGreaterThan(100);
  });
});
