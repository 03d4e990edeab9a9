/** The reviews' scorecards and bylines, the method page, and the disclosure beside every /go/ button, from the built HTML. */
import '../helpers/compiled-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { comparePairs, loadContent, ranked } from '../../services/content/index.ts';
import { ratingFromScores } from '../../services/content/scores.ts';
import { all, byTestId, expectStaticHeadingOutline, isShown, jsonLd, one, staticPage, textOf } from '../helpers/static-page.ts';

const content = loadContent('data').content!;
// The reviewed providers still in business: Atlas VPN, which has shut down, is in none of these pages.
const reviewed = content.providers.filter(ranked);
const pairs = comparePairs(content.providers);
const criteria = content.methodology!.criteria;

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
