import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem } from '../../services/content/index.ts';
import { files, gaming, site, surfshark } from '../fixtures/minimal-content.ts';

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function position(text: string, needle: string): { line: number; column: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { line: line + 1, column: lines[line]!.indexOf(needle) + 1 };
}

const check = (gamingPage: unknown) =>
  checkFiles('data', files({ 'site.yaml': site, 'providers/surfshark.yaml': surfshark, 'gaming.yaml': gamingPage }), {
    today: '2025-02-01',
  });

describe('one rating per provider across the site', () => {
  it('gives a page the rating only through the provider it names', () => {
    const result = check(gaming());
    expect(result.problems).toEqual([]);
    expect(result.content?.providers[0]?.rating).toBe(4.6);
  });

  it('refuses a rating restated beside a provider, at the key', () => {
    const page = gaming();
    const input = files({ 'gaming.yaml': { ...page, notes: [{ ...page.notes[0]!, rating: 4.7 }] } })[0]!;
    const result = check({ ...page, notes: [{ ...page.notes[0]!, rating: 4.7 }] });
    const at = position(input.text, 'rating: 4.7');
    expect(result.problems.map(formatProblem)).toEqual([
      `data/gaming.yaml:${at.line}:${at.column} error /notes/0/rating unknown property 'rating'`,
    ]);
    expect(result.content).toBeUndefined();
  });

  it('refuses a rating written into text about the provider, at the figure', () => {
    const page = gaming();
    const input = files({ 'gaming.yaml': { ...page, notes: [{ ...page.notes[0]!, features: ['Rated 4.7/5 by our testers'] }] } })[0]!;
    const result = check({ ...page, notes: [{ ...page.notes[0]!, features: ['Rated 4.7/5 by our testers'] }] });
    const at = position(input.text, '4.7/5');
    expect(result.problems.map(formatProblem)).toEqual([
      `data/gaming.yaml:${at.line}:${at.column} error /notes/0/features/0 rating "4.7/5" is written out; a provider's figures come only from its record in data/providers: write {{surfshark.rating}}, or show the plan through a card`,
    ]);
  });
});
