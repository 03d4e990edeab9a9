import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem } from '../../services/content/index.ts';
import { files, gaming, site, surfshark } from '../fixtures/minimal-content.ts';

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function position(text: string, needle: string): { line: number; column: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { line: line + 1, column: lines[line]!.indexOf(needle) + 1 };
}

describe('one rating per provider across the site', () => {
  it('accepts a page that repeats the provider file’s rating', () => {
    const result = checkFiles('data', files({ 'site.yaml': site, 'providers/surfshark.yaml': surfshark, 'gaming.yaml': gaming(4.6) }));
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.content?.gaming?.deals[0]?.rating).toBe(4.6);
  });

  it('reports a different rating at its file:line:col and refuses the content', () => {
    const input = files({ 'site.yaml': site, 'providers/surfshark.yaml': surfshark, 'gaming.yaml': gaming(4.7) });
    const result = checkFiles('data', input);
    const errors = result.problems.filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    const gamingText = input.find((f) => f.rel === 'gaming.yaml')!.text;
    // The error points at the value 4.7, not at its key.
    const at = position(gamingText, 'rating: 4.7');
    expect(errors[0]).toMatchObject({ file: 'data/gaming.yaml', line: at.line, column: at.column + 'rating: '.length, pointer: '/deals/0/rating' });
    expect(formatProblem(errors[0]!)).toBe(
      `data/gaming.yaml:${at.line}:${at.column + 8} error /deals/0/rating rating 4.7 differs from Surfshark's rating 4.6 in providers/surfshark.yaml; a provider has one rating across the site`,
    );
    expect(result.content).toBeUndefined();
  });
});
