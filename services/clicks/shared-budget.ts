/**
 * The per-visitor budgets counted across every instance (services/http/redis-budget.ts keeps them in Redis). It is
 * asked when a batch is written, never on a request: a redirect or a beacon is answered with the instance's own
 * verdict (services/clicks/budget.ts), and the shared one replaces it on the way to the database. When the shared
 * count cannot be had (Redis away or slow), the instance's verdict stands.
 */

/** One click or view to judge: whose it is, an id that stays its own on every try, and when it happened. */
export interface BudgetVisit {
  /** The daily visitor hash. */
  visitor: string;
  /** Unique to this click or view and the same every time it is asked about, so asking again counts nothing twice. */
  id: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface SharedBudget {
  /**
   * For each visit, in order, whether counting it would put more than `perMinute` counted visits of its visitor in
   * some sixty seconds, across every instance; the visits within budget are counted. Rejects when the shared count
   * cannot be had.
   */
  over(scope: 'clicks' | 'views', perMinute: number, visits: readonly BudgetVisit[]): Promise<boolean[]>;
}

/**
 * Replaces the `overBudget` of each item with the shared verdict, for the items `budgeted` says are counted at all
 * (not bots); leaves the instance's own verdicts when the shared count cannot be had. Returns whether it was had.
 */
export async function applySharedBudget<T extends { overBudget: boolean }>(
  shared: SharedBudget | undefined,
  scope: 'clicks' | 'views',
  perMinute: number,
  items: readonly T[],
  visit: (item: T, index: number) => BudgetVisit | null,
): Promise<boolean> {
  if (!shared || perMinute <= 0) return false;
  const judged: T[] = [];
  const visits: BudgetVisit[] = [];
  for (const [i, item] of items.entries()) {
    const v = visit(item, i);
    if (v === null) continue;
    judged.push(item);
    visits.push(v);
  }
  if (visits.length === 0) return true;
  let verdicts: boolean[];
  try {
    verdicts = await shared.over(scope, perMinute, visits);
  } catch {
    return false;
  }
  for (let i = 0; i < judged.length; i++) judged[i]!.overBudget = verdicts[i] === true;
  return true;
}
