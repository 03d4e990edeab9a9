import { describe, expect, it } from 'vitest';
import { ratingFromScores, ratingOf, scoreChanges, weightedScore } from '../../services/content/scores.ts';
import { better, criterionVerdicts, listOf } from '../../site/lib/compare-pair.ts';

const CRITERIA = [
  { id: 'security', name: 'Security', weight: 25 },
  { id: 'privacy', name: 'Privacy', weight: 20 },
  { id: 'speed', name: 'Speed', weight: 15 },
  { id: 'streaming', name: 'Streaming', weight: 15 },
  { id: 'ease-of-use', name: 'Ease of use', weight: 10 },
  { id: 'value', name: 'Value', weight: 10 },
  { id: 'support', name: 'Support', weight: 5 },
];

describe('the weighted rating', () => {
  it('is the weighted average of the scores, halved to a rating out of 5 at one decimal', () => {
    const scores = { security: 10, privacy: 9.8, speed: 9.9, streaming: 9.7, 'ease-of-use': 9.5, value: 9.3, support: 9.6 };
    // (250 + 196 + 148.5 + 145.5 + 95 + 93 + 48) / 100
    expect(weightedScore(scores, CRITERIA)).toBeCloseTo(9.76, 10);
    expect(ratingFromScores(scores, CRITERIA)).toBe(4.9);
  });

  it('leaves an untested criterion out of the average instead of counting it as zero', () => {
    const tested = { security: 8, privacy: 8, speed: 8, streaming: 8, 'ease-of-use': 8, value: 8 };
    expect(weightedScore(tested, CRITERIA)).toBe(8);
    expect(ratingFromScores(tested, CRITERIA)).toBe(4);
    // Counted as zero it would be 7.6, a 3.8.
    expect(ratingFromScores({ ...tested, support: 0 }, CRITERIA)).toBe(3.8);
    // The other weights count in its place: a low score weighs more when another criterion is unknown.
    expect(weightedScore({ security: 6, support: 10 }, CRITERIA)).toBeCloseTo((6 * 25 + 10 * 5) / 30, 10);
  });

  it('has no rating without a single score', () => {
    expect(weightedScore({}, CRITERIA)).toBeUndefined();
    expect(ratingFromScores({}, CRITERIA)).toBeUndefined();
  });

  it('rounds half up, whatever binary fractions the sum made', () => {
    expect(ratingOf(8.45)).toBe(4.2);
    expect(ratingOf(8.5)).toBe(4.3);
    expect(ratingOf(9.85)).toBe(4.9);
    expect(ratingOf(9.9)).toBe(5);
  });

  it('proposes scores that each alone give the stated rating, heaviest criterion first', () => {
    const scores = { security: 9, privacy: 9, speed: 9, streaming: 9, 'ease-of-use': 9, value: 9, support: 9 };
    // 4.5 now; 4.6 needs an average of 9.1 or more: security at 9.8 or privacy at 10 alone make it, speed cannot.
    const changes = scoreChanges(scores, CRITERIA, 4.6);
    expect(changes).toEqual([
      { id: 'security', from: 9, to: 9.8 },
      { id: 'privacy', from: 9, to: 10 },
    ]);
    for (const c of changes) expect(ratingFromScores({ ...scores, [c.id]: c.to }, CRITERIA)).toBe(4.6);
    // No single score reaches 5.0 from here.
    expect(scoreChanges(scores, CRITERIA, 5)).toEqual([]);
  });
});

describe("a head-to-head page's better figure and verdicts", () => {
  it('marks the lower price, the higher counts, unlimited devices and a feature over its absence', () => {
    expect(better('lower', 2.39, 3.39)).toBe('a');
    expect(better('higher', 5400, 3200)).toBe('a');
    expect(better('higher', '6', 'Unlimited')).toBe('b');
    expect(better('higher', '30 days', '45 days')).toBe('b');
    expect(better('feature', false, true)).toBe('b');
    expect(better('higher', 10, 10)).toBeUndefined();
    expect(better('none', '24/7 Live Chat', 'Email')).toBeUndefined();
  });

  it('gives each criterion to the higher score, a tie, or no verdict when one was not tested', () => {
    const v = criterionVerdicts(CRITERIA, { security: 9, privacy: 8, speed: 7 }, { security: 8, privacy: 8, speed: 9, streaming: 9 });
    expect(v).toMatchObject({ security: 'a', privacy: 'tie', speed: 'b', streaming: 'untested', support: 'untested' });
    expect(listOf(['security', 'speed', 'value'])).toBe('security, speed and value');
  });
});
