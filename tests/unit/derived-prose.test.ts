/** Counts, years and the site's age in prose come from the content: typed ones are found, derived ones filled in. */
import { describe, expect, it } from 'vitest';
import { literalFigures } from '../../services/content/figure-rules.ts';
import { resolveText } from '../../services/content/figures.ts';
import { titleYearRule } from '../../services/content/title-years.ts';

const counts = (text: string) =>
  literalFigures(text, false)
    .always.filter((l) => l.kind === 'count')
    .map((l) => l.text);

describe("a count of the site's reviews typed into text", () => {
  it('is found in the forms prose gives it, once per count', () => {
    expect(counts('Here are the eight services we reviewed, with ratings.')).toEqual(['eight services we reviewed']);
    expect(counts('Independent reviews of eight VPN services.')).toEqual(['reviews of eight VPN services']);
    expect(counts('We have tested more than 100 VPN services since 2020.')).toEqual(['tested more than 100 VPN services']);
    expect(counts('100+ VPNs tested')).toEqual(['100+ VPNs tested']);
    expect(counts('See all eight VPN services we compared.')).toEqual(['all eight VPN services']);
  });

  it('leaves counts of other things, and references, alone', () => {
    expect(counts('Works with all six services we tested')).toEqual([]);
    expect(counts('Here are the {{count.reviewed}} services we reviewed.')).toEqual([]);
    expect(counts('Three VPN apps for Windows.')).toEqual([]);
  });
});

describe("the site's own figures", () => {
  it("give the founding year and the years since, to the build's year", () => {
    const site = { founded: 2020, buildYear: 2026 };
    expect(resolveText('Founded in {{site.founded}}: {{site.years}} years of testing.', new Map(), site)).toBe(
      'Founded in 2020: 6 years of testing.',
    );
  });
});

describe('a year in a title', () => {
  const data = { updated: '2025-01-15', home: { updated: '2026-03-01' }, meta: { title: 'VPN Reviews 2025' } };
  const rule = titleYearRule(data);

  it("must be the year of its page's last update", () => {
    expect(rule('title', 'VPN Reviews 2025', '/meta/title')).toEqual([]);
    expect(rule('title', 'VPN Reviews 2024 and 2025', '/hero/title').map((y) => y.text)).toEqual(['2024']);
    expect(rule('heading', 'Best of 2026', '/blocks/0/heading')[0]!.message).toContain('last updated in 2025 (updated)');
  });

  it("takes the nearest update date: the home page's in site.yaml", () => {
    expect(rule('title', 'Best VPNs 2026', '/home/meta/title')).toEqual([]);
    expect(rule('title', 'Best VPNs 2025', '/home/meta/title')[0]!.message).toContain('(home.updated)');
  });

  it("is not looked for in running text, and the update line must name the date's month and year", () => {
    expect(rule('text', 'Since 2019 we have…', '/blocks/0/text')).toEqual([]);
    expect(rule('updatedLabel', 'Updated January 2025', '/updatedLabel')).toEqual([]);
    expect(rule('updatedLabel', 'Updated June 2025', '/updatedLabel')[0]!.message).toBe(
      'the update line says June 2025, but updated is 2025-01-15: write January 2025, or correct the date',
    );
  });
});
