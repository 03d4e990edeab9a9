/** The per-visitor budget of human clicks: a sliding minute, visitors apart, and off at 0. */
import { describe, expect, it } from 'vitest';
import { ClickBudget } from '../../services/clicks/index.ts';

describe('ClickBudget', () => {
  it('counts 20 clicks of one visitor in any sixty seconds, and none past them', () => {
    const budget = new ClickBudget(20);
    const taken = Array.from({ length: 2000 }, (_, i) => budget.take('v', 1_000_000 + i * 10)).filter(Boolean);
    // 2,000 clicks over 20 s: one minute's budget.
    expect(taken).toHaveLength(20);
  });

  it('slides: a burst across a minute boundary counts once, and the budget returns as old clicks age out', () => {
    const budget = new ClickBudget(3);
    const t = 59_000;
    expect([t, t + 500, t + 900, t + 1500].map((at) => budget.take('v', at))).toEqual([true, true, true, false]);
    expect(budget.take('v', t + 59_999)).toBe(false);
    expect(budget.take('v', t + 60_000)).toBe(true);
  });

  it('keeps visitors apart, and counts everything at 0', () => {
    const budget = new ClickBudget(1);
    expect([budget.take('a', 0), budget.take('b', 0), budget.take('a', 1)]).toEqual([true, true, false]);
    const off = new ClickBudget(0);
    expect(Array.from({ length: 100 }, () => off.take('a', 0)).every(Boolean)).toBe(true);
  });
});
