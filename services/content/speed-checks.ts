/**
 * The speed score agrees with the speed tests: a provider that kept clearly more of the test line (by more than
 * methodology.yaml `speedTolerance` percentage points of the median download) may not score lower on speed.
 */
import { speedFigures, type SpeedRecord } from './speed.ts';

/** How far apart two medians may be, in points of the line kept, before their scores must follow them. */
export const DEFAULT_SPEED_TOLERANCE = 3;

export interface SpeedScored {
  slug: string;
  name: string;
  score: number;
  speed: SpeedRecord;
}

/** One provider whose speed score is ordered against the measurements, with the providers it disagrees with. */
export interface SpeedDisagreement {
  slug: string;
  message: string;
}

/**
 * The providers whose speed scores disagree with the measurements, fewest first: the one in the most disagreeing
 * pairs is reported and set aside, then the next, so that one wrong score is one error at that score (not one at
 * each provider it is now out of order with).
 */
export function speedDisagreements(providers: readonly SpeedScored[], tolerance: number): SpeedDisagreement[] {
  const rows = providers.map((p) => ({ ...p, kept: speedFigures(p.speed)!.kept }));
  // Whether a scores above b although b kept clearly more of the line.
  const over = (a: (typeof rows)[number], b: (typeof rows)[number]) => b.kept - a.kept > tolerance && a.score > b.score;
  const left = new Set(rows);
  const out: SpeedDisagreement[] = [];
  for (;;) {
    const ranked = [...left]
      .map((p) => {
        const above = [...left].filter((q) => over(p, q));
        const below = [...left].filter((q) => over(q, p));
        return { p, above, below, count: above.length + below.length };
      })
      .filter((x) => x.count > 0);
    if (!ranked.length) return out;
    // Most pairs first; then the one that claims more than its tests (scores above a faster provider); then by name.
    ranked.sort((x, y) => y.count - x.count || y.above.length - x.above.length || x.p.name.localeCompare(y.p.name, 'en'));
    const { p, above, below } = ranked[0]!;
    const says = (q: (typeof rows)[number]) => `${q.name} (kept ${q.kept}%, score ${q.score})`;
    const list = (qs: (typeof rows)[number][]) =>
      qs.length === 1 ? says(qs[0]!) : `${qs.slice(0, -1).map(says).join(', ')} and ${says(qs.at(-1)!)}`;
    const parts = [...(above.length ? [`above ${list(above)}`] : []), ...(below.length ? [`below ${list(below)}`] : [])];
    out.push({
      slug: p.slug,
      message: `speed score ${p.score} is ordered against the speed tests: ${p.name} kept ${p.kept}% of the line (median download) but scores ${parts.join(', and ')}; a provider that keeps more than ${tolerance} points more of the line may not score lower on speed (methodology.yaml speedTolerance)`,
    });
    left.delete(p);
  }
}
