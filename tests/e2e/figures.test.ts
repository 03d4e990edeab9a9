/**
 * One truth for every figure, over the built site: every page that shows a provider's figure shows the one its
 * record holds, so no two pages differ for one provider and plan; and no price, discount, server or country count
 * appears in a page's text that is not one of the provider's own.
 */
import '../helpers/compiled-schemas.ts';
import { describe, expect, it } from 'vitest';
import { loadContent, ranked } from '../../services/content/index.ts';
import {
  formatDiscount,
  formatMoney,
  formatPrice,
  formatServers,
  formatShortDate,
  planOf,
  yearlySavings,
} from '../../services/content/figure-format.ts';
import { providerNamedFor } from '../../services/content/figure-rules.ts';
import { formatMbps, formatMs, formatPercent, speedFigures } from '../../services/content/speed.ts';
import { all, staticPage } from '../helpers/static-page.ts';
import { BUILD_DAY } from '../helpers/build-day.ts';

/** Every route's prerendered page (what a visitor without JavaScript and a crawler read), one after another. */
function eachPage(visit: (page: Document, path: string) => void): void {
  for (const path of pages) visit(staticPage(path), path);
}
const loaded = loadContent('data', { today: BUILD_DAY });
const content = loaded.content!;
const pages = loaded.routes.map((r) => r.path).filter((p) => !p.endsWith('/404') && p !== '/404');

/** Every figure the record holds, by the key pages mark it with, as the site formats it. */
function recordFigures(): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of content.providers) {
    out.set(`${p.slug}/rating`, String(p.rating));
    out.set(`${p.slug}/servers`, formatServers(p.servers));
    out.set(`${p.slug}/countries`, String(p.countries));
    out.set(`${p.slug}/devices`, p.devices);
    const speed = speedFigures(p.review?.speed);
    if (speed) {
      out.set(`${p.slug}/ping`, formatMs(speed.ping));
      out.set(`${p.slug}/download`, formatMbps(speed.download));
      out.set(`${p.slug}/speedLoss`, formatPercent(speed.loss));
    }
    for (const id of Object.keys(p.plans)) {
      const plan = planOf(p, id)!;
      const k = `${p.slug}/${id}`;
      out.set(`${k}/price`, formatPrice(plan.price));
      if (plan.discount !== undefined) {
        out.set(`${k}/regularPrice`, formatPrice(plan.regularPrice!));
        out.set(`${k}/discount`, `${formatDiscount(plan.discount)} OFF`);
        out.set(`${k}/yearlySavings`, yearlySavings(plan)!);
        out.set(`${k}/savings`, formatMoney(plan.savings!));
      }
      out.set(`${k}/term`, plan.term);
      out.set(`${k}/checked`, formatShortDate(plan.checked));
      if (plan.extras) out.set(`${k}/extras`, plan.extras.join(', '));
    }
  }
  return out;
}

/** Figures written in a page's text: prices, percents off, server and country counts. */
const IN_TEXT = /\$\d+\.\d{2}|\b\d{1,2}% OFF\b|\b\d[\d,]*\+ servers\b|\b\d+ countries\b/g;

/** The figures a text may show for a provider: every plan's prices and discounts, and its counts. */
function allowedFor(slug: string): Set<string> {
  const p = content.providers.find((x) => x.slug === slug)!;
  const plans = Object.keys(p.plans).map((id) => planOf(p, id)!);
  return new Set([
    ...plans.flatMap((plan) => [
      formatPrice(plan.price),
      ...(plan.discount === undefined ? [] : [formatPrice(plan.regularPrice!), `${formatDiscount(plan.discount)} OFF`]),
    ]),
    `${formatServers(p.servers)} servers`,
    `${p.countries} countries`,
  ]);
}

describe('one figure per provider and plan across the site', () => {
  it("marks every figure with its provider and plan, and every page shows the record's own", () => {
    const record = recordFigures();
    const seen = new Map<string, Map<string, string>>();
    eachPage((page, path) => {
      const figures = all(page, '[data-figure]').map(
        (el) => [el.getAttribute('data-figure')!, (el.textContent ?? '').replace(/\s+/g, ' ').trim()] as const,
      );
      for (const [key, text] of figures) {
        if (!seen.has(key)) seen.set(key, new Map());
        seen.get(key)!.set(text, path);
      }
    });
    const differing = [...seen]
      .filter(([, texts]) => texts.size > 1)
      .map(([key, texts]) => `${key}: ${[...texts].map(([t, p]) => `"${t}" on ${p}`).join(', ')}`);
    expect(differing, 'figures that differ between pages').toEqual([]);
    const wrong = [...seen]
      .filter(([key, texts]) => record.get(key) !== [...texts.keys()][0])
      .map(([key, texts]) => `${key}: "${[...texts.keys()][0]}", record "${record.get(key)}"`);
    expect(wrong, "figures that are not the record's").toEqual([]);
    // Every listed provider's card plan (reviewed, still in business) is shown somewhere, with the day its price was
    // checked; one without a review, or shut down, is offered on no page.
    for (const p of content.providers.filter(ranked)) expect(seen.has(`${p.slug}/${p.plan}/price`), p.slug).toBe(true);
    for (const p of content.providers.filter(ranked)) expect(seen.has(`${p.slug}/${p.plan}/checked`), p.slug).toBe(true);
  });

  it('shows in its text no price, discount or count that is not a figure of the provider it is about', () => {
    const names = content.providers.map((p) => ({ slug: p.slug, name: p.name }));
    const strays: string[] = [];
    eachPage((page, path) => {
      // Each block of text, with the marked figures taken out: what is left was written as text.
      // with the card it is in (data-provider) and its section's heading: who the text is about.
      const blocks = all(page, 'main p, main li, main td, main dd, main h1, main h2, main h3').map((el) => {
        const copy = el.cloneNode(true) as Element;
        copy.querySelectorAll('[data-figure]').forEach((f) => f.remove());
        const heading = el.closest('section')?.querySelector('h2, h3');
        return {
          text: (copy.textContent ?? '').replace(/\s+/g, ' '),
          card: el.closest('[data-provider]')?.getAttribute('data-provider') ?? undefined,
          heading: heading && heading !== el ? (heading.textContent ?? '') : '',
        };
      });
      const ownProvider = /^\/vpn-reviews\/([^/]+)$/.exec(path)?.[1];
      for (const { text, card, heading } of blocks) {
        for (const m of text.matchAll(IN_TEXT)) {
          // The card it is in, else the provider its section is about, else the one its text names, else the page's.
          const slug = card ?? providerNamedFor(heading, 0, names) ?? providerNamedFor(text, m.index, names) ?? ownProvider;
          if (!slug || !allowedFor(slug).has(m[0]))
            strays.push(`${path}: "${m[0]}" in "${text.trim().slice(0, 120)}"${slug ? ` (about ${slug})` : ''}`);
        }
      }
    });
    expect(strays).toEqual([]);
  });
});
