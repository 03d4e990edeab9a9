/**
 * A provider's figures live in its record alone: figures typed into text are refused at file:line:col, figure
 * references must name a provider, plan and figure that exist, and a price checked too long ago is a warning.
 */
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem, type ContentFile } from '../../services/content/index.ts';
import { files, site, surfshark } from '../fixtures/minimal-content.ts';

const FRESH = '2025-02-01';

/** An article whose blocks are the given YAML, indented under `blocks:`. */
function article(blocks: string): ContentFile {
  return {
    rel: 'articles/sample.yaml',
    text: `slug: sample
meta:
  title: Sample
  description: A sample article.
  keywords: [sample]
title: Sample
category: Test
updated: "2025-01-15"
updatedLabel: Updated January 2025
summary: A sample.
blocks:
${blocks}`,
  };
}

/** Surfshark with a second plan that has a deal, and a monthly plan that has none (no regular price). */
const surfsharkPlans = {
  ...surfshark,
  plans: {
    ...surfshark.plans,
    '1-year': {
      months: 12,
      extras: ['3 months free'],
      guarantee: '30-day money-back guarantee',
      prices: [{ date: '2025-01-15', price: 3.99, regularPrice: 12.95, currency: 'USD', source: 'https://surfshark.com/pricing' }],
    },
    monthly: {
      months: 1,
      guarantee: '30-day money-back guarantee',
      prices: [{ date: '2025-01-20', price: 12.95, currency: 'USD', source: 'https://surfshark.com/pricing' }],
    },
  },
};

const check = (extra: ContentFile[], today = FRESH, provider: unknown = surfsharkPlans) =>
  checkFiles('data', [...files({ 'site.yaml': site, 'providers/surfshark.yaml': provider }), ...extra], { today });
const lines = (r: ReturnType<typeof check>) => r.problems.map(formatProblem);

/** `line:column` of the `nth` occurrence of `needle` in a file's text. */
function at(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

describe('figures written out in text', () => {
  it('refuses a price and a discount in prose, one error each, at the figure', () => {
    const a = article(`  - type: prose
    heading: Our pick
    paragraphs:
      - Surfshark costs $2.39/month on the 2-year plan, 82% OFF the monthly price.
`);
    expect(lines(check([a]))).toEqual([
      `data/articles/sample.yaml:${at(a.text, '$2.39')} error /blocks/0/paragraphs/0 price "$2.39" is written out; a provider's figures come only from its record in data/providers: write {{<provider>.price}} (or {{<provider>.<plan>.price}}), or show the plan through a card`,
      `data/articles/sample.yaml:${at(a.text, '82% OFF')} error /blocks/0/paragraphs/0 discount "82% OFF" is written out; a provider's figures come only from its record in data/providers: write {{<provider>.discount}} (or {{<provider>.<plan>.discount}}), or show the plan through a card`,
    ]);
  });

  it('refuses counts beside a provider, in a card and on the second line of a folded paragraph', () => {
    const a = article(`  - type: recommendations
    heading: Picks
    by: rating
    notes:
      - provider: surfshark
        features: ["3,000+ servers in 94 countries", Six devices]
    cta: Get Deal
  - type: prose
    heading: Value
    paragraphs:
      - >-
        Surfshark is the best value for a household. It
        covers unlimited devices in 65 countries.
`);
    const text = a.text;
    expect(lines(check([a]))).toEqual([
      `data/articles/sample.yaml:${at(text, '3,000+')} error /blocks/0/notes/0/features/0 server count "3,000+ servers" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.servers}}, or show the plan through a card`,
      `data/articles/sample.yaml:${at(text, '94 countries')} error /blocks/0/notes/0/features/0 country count "94 countries" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.countries}}, or show the plan through a card`,
      `data/articles/sample.yaml:${at(text, 'Six devices')} error /blocks/0/notes/0/features/1 device limit "Six devices" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.devices}}, or show the plan through a card`,
      `data/articles/sample.yaml:${at(text, 'unlimited devices')} error /blocks/1/paragraphs/0 device limit "unlimited devices" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.devices}}, or show the plan through a card`,
      `data/articles/sample.yaml:${at(text, '65 countries')} error /blocks/1/paragraphs/0 country count "65 countries" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.countries}}, or show the plan through a card`,
    ]);
  });

  it('leaves counts alone in text about no provider, ranges, and search keywords', () => {
    const a = article(`  - type: prose
    heading: Costs
    paragraphs:
      - Plans with unlimited devices save 60-80%, from $10-15 a month down to $2-5, in 40 countries.
`);
    const own = {
      ...surfsharkPlans,
      review: { ...surfshark.review, meta: { ...surfshark.review.meta, keywords: ['surfshark unlimited devices'] } },
    };
    expect(lines(check([a], FRESH, own))).toEqual([]);
  });

  it("refuses figures in a provider's own review text, naming its reference", () => {
    const own = { ...surfsharkPlans, review: { ...surfshark.review, pros: ['Unlimited simultaneous devices'] } };
    const text = stringify(own);
    expect(lines(check([], FRESH, own))).toEqual([
      `data/providers/surfshark.yaml:${at(text, 'Unlimited simultaneous')} error /review/pros/0 device limit "Unlimited simultaneous devices" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.devices}}, or show the plan through a card`,
    ]);
  });
});

describe('figure references', () => {
  it('fills each reference in with the record, capitalised where a sentence starts', () => {
    const a = article(`  - type: quick-answer
    heading: Quick Answer
    text: "{{surfshark.devices}} devices for {{surfshark.price}}/month ({{surfshark.discount}} OFF); {{surfshark.1-year.savings}} saved on the {{surfshark.1-year.term}}, with {{surfshark.devices}} devices. Up to {{max.discount}}."
`);
    const r = check([a]);
    expect(r.problems).toEqual([]);
    const block = r.content!.articles[0]!.blocks[0] as { text: string };
    expect(block.text).toBe(
      'Unlimited devices for $2.39/month (81% OFF); $107.52 saved on the 1-year plan, with unlimited devices. Up to 81%.',
    );
  });

  it('refuses a reference to an unknown provider, plan or figure, or to savings of a plan without a regular price, at the reference', () => {
    const a = article(`  - type: prose
    heading: Refs
    paragraphs:
      - "From {{surfshak.price}} or {{surfshark.2-yaer.price}}."
      - "Only {{surfshark.prices}} and {{surfshark.monthly.savings}} and {{surfshark.2-year.servers}}."
`);
    const t = a.text;
    expect(lines(check([a]))).toEqual([
      `data/articles/sample.yaml:${at(t, '{{surfshak.price}}')} error /blocks/0/paragraphs/0 {{surfshak.price}}: unknown provider 'surfshak' (did you mean 'surfshark'?)`,
      `data/articles/sample.yaml:${at(t, '{{surfshark.2-yaer.price}}')} error /blocks/0/paragraphs/0 {{surfshark.2-yaer.price}}: unknown plan '2-yaer' of surfshark; its plans: 2-year, 1-year, monthly (did you mean '2-year'?)`,
      `data/articles/sample.yaml:${at(t, '{{surfshark.prices}}')} error /blocks/0/paragraphs/1 {{surfshark.prices}}: unknown figure 'prices'; one of: servers, countries, devices, rating, download, speedLoss, ping, price, regularPrice, discount, savings, term (did you mean 'price'?)`,
      `data/articles/sample.yaml:${at(t, '{{surfshark.monthly.savings}}')} error /blocks/0/paragraphs/1 {{surfshark.monthly.savings}}: plan 'monthly' of surfshark has no regular price above its price, so no savings`,
      `data/articles/sample.yaml:${at(t, '{{surfshark.2-year.servers}}')} error /blocks/0/paragraphs/1 {{surfshark.2-year.servers}}: 'servers' is the provider's, not a plan's: write {{surfshark.servers}}`,
    ]);
  });

  it('refuses a figure of a plan a provider does not have, at the reference, with the closest id', () => {
    const a = article(`  - type: prose
    heading: Budget
    paragraphs: ["Surfshark costs {{surfshark.1-yaer.price}} a month."]
`);
    expect(lines(check([a]))).toEqual([
      `data/articles/sample.yaml:${at(a.text, '{{surfshark.1-yaer.price}}')} error /blocks/0/paragraphs/0 {{surfshark.1-yaer.price}}: unknown plan '1-yaer' of surfshark; its plans: 2-year, 1-year, monthly (did you mean '1-year'?)`,
    ]);
  });

  it("refuses a provider's card plan that is not one of its plans", () => {
    const own = { ...surfsharkPlans, plan: '3-year' };
    expect(lines(check([], FRESH, own))).toEqual([
      `data/providers/surfshark.yaml:${at(stringify(own), '3-year')} error /plan '3-year' is not one of Surfshark's plans (2-year, 1-year, monthly) (did you mean '2-year'?)`,
    ]);
  });
});

describe('how old a checked price is', () => {
  it('warns, at the date, about a price checked longer ago than site.yaml allows (90 days unless it says)', () => {
    const text = stringify(surfsharkPlans);
    const r = check([], '2025-04-16');
    expect(lines(r)).toEqual([
      `data/providers/surfshark.yaml:${at(text, '2025-01-15', 0)} warning /plans/2-year/prices/0/date price checked on 2025-01-15, 91 days ago (more than 90, site.yaml prices.maxAgeDays): check it at the provider and add an observation (vpnsite prices check --write, docs/prices.md)`,
      `data/providers/surfshark.yaml:${at(text, '2025-01-15', 1)} warning /plans/1-year/prices/0/date price checked on 2025-01-15, 91 days ago (more than 90, site.yaml prices.maxAgeDays): check it at the provider and add an observation (vpnsite prices check --write, docs/prices.md)`,
    ]);
    expect(r.errorCount).toBe(0);
    expect(check([], '2025-04-15').problems).toEqual([]);
  });

  it('takes the age from site.yaml prices.maxAgeDays', () => {
    const strictSite = { ...site, prices: { ...site.prices, maxAgeDays: 30 } };
    const r = checkFiles('data', files({ 'site.yaml': strictSite, 'providers/surfshark.yaml': surfshark }), { today: '2025-02-15' });
    expect(lines(r)).toEqual([
      expect.stringMatching(
        /^data\/providers\/surfshark\.yaml:\d+:\d+ warning \/plans\/2-year\/prices\/0\/date price checked on 2025-01-15, 31 days ago \(more than 30,/,
      ),
    ]);
  });
});
