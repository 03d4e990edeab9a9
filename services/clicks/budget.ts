/**
 * Flood protection that never refuses a redirect: each visitor counts at most `perMinute` human clicks in any
 * sixty seconds. Clicks past that are still redirected and stored, flagged over budget, and never counted as
 * human. A sliding window, so a burst across a minute's boundary cannot count twice the budget.
 */

/** Visitors remembered at once; past this (many visitors in one minute) the memory starts afresh. */
const MAX_VISITORS = 200_000;

export class ClickBudget {
  /** Per visitor, the times of the clicks counted in the last window, oldest first. */
  private readonly counted = new Map<string, number[]>();
  private sweepAt = 0;

  /** perMinute 0 turns the budget off. */
  constructor(
    private readonly perMinute: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts a human click for `visitor` at `now` (ms) and returns true, or returns false when it is past the budget. */
  take(visitor: string, now: number): boolean {
    if (this.perMinute <= 0) return true;
    if (now >= this.sweepAt || this.counted.size >= MAX_VISITORS) this.sweep(now);
    const times = this.counted.get(visitor);
    if (times === undefined) {
      this.counted.set(visitor, [now]);
      return true;
    }
    const since = now - this.windowMs;
    while (times.length > 0 && times[0]! <= since) times.shift();
    if (times.length >= this.perMinute) return false;
    times.push(now);
    return true;
  }

  /** Forgets visitors with nothing counted in the last window; all of them if that leaves too many. */
  private sweep(now: number): void {
    const since = now - this.windowMs;
    for (const [visitor, times] of this.counted) if (times[times.length - 1]! <= since) this.counted.delete(visitor);
    // A flood of distinct visitors must not grow memory without bound: their budgets start again instead, which
    // counts some flood clicks as human rather than flagging real visitors.
    if (this.counted.size >= MAX_VISITORS) this.counted.clear();
    this.sweepAt = now + this.windowMs;
  }
}
