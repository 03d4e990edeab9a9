/**
 * A provider's speed figures, worked out from the speed tests on its review: what prose, the gaming page, the
 * comparison verdicts and the speed-score check all read, so that none of them can state another number.
 */

export interface SpeedTestRow {
  download: number;
  ping: number;
}

/** What the figures are worked out from: the line tested on and one row per server location. */
export interface SpeedRecord {
  baseline: number;
  tests: readonly SpeedTestRow[];
}

export interface SpeedFigures {
  /** The median download over the locations tested, in Mbps. */
  download: number;
  /** The share of the line that median keeps, in percent (one decimal). */
  kept: number;
  /** The share of the line lost, in percent (one decimal): 100 − kept. */
  loss: number;
  /** The lowest ping measured, in ms: the nearest server's, which is what a game or a call feels. */
  ping: number;
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const oneDecimal = (n: number) => Math.round(n * 10 + 1e-9) / 10;

/** The speed figures of a review's tests; undefined when it has none. */
export function speedFigures(speed: SpeedRecord | undefined): SpeedFigures | undefined {
  if (!speed || speed.tests.length === 0) return undefined;
  const download = median(speed.tests.map((t) => t.download));
  const kept = oneDecimal((download / speed.baseline) * 100);
  return { download, kept, loss: oneDecimal(100 - kept), ping: Math.min(...speed.tests.map((t) => t.ping)) };
}

/** "89.5 Mbps". */
export const formatMbps = (n: number) => `${n} Mbps`;
/** "10.5%". */
export const formatPercent = (n: number) => `${n}%`;
/** "8 ms". */
export const formatMs = (n: number) => `${n} ms`;
