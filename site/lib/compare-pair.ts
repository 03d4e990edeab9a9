/** Which of two figures is the better one, and the verdict per criterion: the rules of a head-to-head page. */

export type Side = 'a' | 'b';

/** How a figure compares: higher is better, lower is better, a feature beats its absence, or no order at all. */
export type Order = 'higher' | 'lower' | 'feature' | 'none';

/** "Unlimited" devices beat any number; "30 days" counts as 30. */
export const comparable = (v: number | string | boolean): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === 'Unlimited') return Number.POSITIVE_INFINITY;
  const n = /^\d+/.exec(v);
  return n ? Number(n[0]) : undefined;
};

/** The side whose figure is better, or undefined for equal figures and figures that have no better. */
export function better(order: Order, a: number | string | boolean, b: number | string | boolean): Side | undefined {
  if (order === 'none') return undefined;
  const x = comparable(a);
  const y = comparable(b);
  if (x === undefined || y === undefined || x === y) return undefined;
  const aWins = order === 'lower' ? x < y : x > y;
  return aWins ? 'a' : 'b';
}

/** Each criterion's winner ('tie' when equal, 'untested' when one of them has no score). */
export function criterionVerdicts(
  criteria: readonly { id: string }[],
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): Record<string, Side | 'tie' | 'untested'> {
  return Object.fromEntries(
    criteria.map((c) => {
      const x = a[c.id];
      const y = b[c.id];
      if (x === undefined || y === undefined) return [c.id, 'untested'];
      return [c.id, x === y ? 'tie' : x > y ? 'a' : 'b'];
    }),
  );
}

/** Who is ahead on speed by the share of the line each kept (median download): level within the tolerance. */
export function speedVerdict(aKept: number, bKept: number, tolerance: number): Side | 'tie' {
  if (Math.abs(aKept - bKept) <= tolerance) return 'tie';
  return aKept > bKept ? 'a' : 'b';
}

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
