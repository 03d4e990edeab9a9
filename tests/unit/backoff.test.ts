import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackoffWait, backoffDelay } from '../../services/shared/backoff.ts';

describe('backoff', () => {
  afterEach(() => vi.useRealTimers());

  it('starts at the initial wait, doubles, and stays at the most', () => {
    const ms = { initial: 100, max: 1_000 };
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(n, ms))).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
    // The outbox counts its first try as attempt 1: its first retry waits the initial time, never less.
    expect(backoffDelay(0, ms)).toBe(100);
  });

  it('waits its time, and wake() ends a wait at once', async () => {
    vi.useFakeTimers();
    const backoff = new BackoffWait();
    let done = false;
    void backoff.wait(5_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    done = false;
    void backoff.wait(60_000).then(() => (done = true));
    backoff.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    // A wake with nothing waiting changes nothing.
    backoff.wake();
  });
});
