/**
 * The scorecard: a provider's 0-10 score on each criterion of data/methodology.yaml, and the overall rating out of 5
 * that their weighted average makes. A criterion a provider was not tested for is left out of the average: it
 * neither helps nor counts as zero.
 */

export interface Criterion {
  id: string;
  name: string;
  weight: number;
}
export type Scores = Readonly<Record<string, number | undefined>>;

/** The weighted average of the scores given, out of 10; undefined when no criterion has a score. */
export function weightedScore(scores: Scores, criteria: readonly Criterion[]): number | undefined {
  let sum = 0;
  let weight = 0;
  for (const c of criteria) {
    const s = scores[c.id];
    if (s === undefined) continue;
    sum += s * c.weight;
    weight += c.weight;
  }
  return weight === 0 ? undefined : sum / weight;
}

/** A weighted average out of 10 as a rating out of 5, to one decimal (half up; the epsilon absorbs binary fractions). */
export const ratingOf = (score: number): number => Math.round(score * 5 + 1e-9) / 10;

/** The rating the scores make, or undefined when there are none. */
export function ratingFromScores(scores: Scores, criteria: readonly Criterion[]): number | undefined {
  const score = weightedScore(scores, criteria);
  return score === undefined ? undefined : ratingOf(score);
}

/**
 * How to make the scores give `rating`: for the criteria that can do it alone (heaviest first, at most three), the
 * score each would need, to one decimal. Empty when no single score can.
 */
export function scoreChanges(
  scores: Scores,
  criteria: readonly Criterion[],
  rating: number,
): { id: string; from: number | undefined; to: number }[] {
  const changes: { id: string; from: number | undefined; to: number }[] = [];
  for (const c of [...criteria].sort((x, y) => y.weight - x.weight)) {
    const from = scores[c.id];
    // The score that puts the average at the middle of the band that rounds to `rating`.
    const rest = { ...scores, [c.id]: undefined };
    const restWeight = criteria.reduce((w, k) => w + (rest[k.id] === undefined ? 0 : k.weight), 0);
    const restSum = criteria.reduce((s, k) => s + (rest[k.id] ?? 0) * k.weight, 0);
    const to = Math.round(((rating * 2 * (restWeight + c.weight) - restSum) / c.weight) * 10) / 10;
    if (to < 0 || to > 10 || to === from) continue;
    if (ratingFromScores({ ...scores, [c.id]: to }, criteria) !== rating) continue;
    changes.push({ id: c.id, from, to });
    if (changes.length === 3) break;
  }
  return changes;
}
