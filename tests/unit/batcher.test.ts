/** The bounded click batch: when it writes, how it retries, and that nothing past the cap goes uncounted. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Batcher } from '../../services/clicks/index.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Batcher', () => {
  it('writes once per interval, and at once when a full batch is waiting', async () => {
    const writes: number[][] = [];
    const b = new Batcher<number>({ write: async (items) => void writes.push(items), maxBatch: 3, intervalMs: 30 });
    b.add(1);
    b.add(2);
    await vi.advanceTimersByTimeAsync(29);
    expect(writes).toEqual([]);
    b.add(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([[1, 2, 3]]);
    b.add(4);
    await vi.advanceTimersByTimeAsync(29);
    expect(writes).toEqual([[1, 2, 3]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([[1, 2, 3], [4]]);
    await b.close();
  });

  it('keeps items while writes fail, drops and counts past the cap, then writes the rest in order', async () => {
    let up = false;
    let attempts = 0;
    const written: number[] = [];
    const drops: number[] = [];
    const b = new Batcher<number>({
      write: async (items) => {
        attempts++;
        if (!up) throw new Error('database down');
        written.push(...items);
      },
      maxBatch: 4,
      intervalMs: 5,
      cap: 10,
      backoffMs: { initial: 5, max: 20 },
      onDrop: (total) => drops.push(total),
    });
    const accepted = Array.from({ length: 13 }, (_, i) => b.add(i));
    expect(accepted.filter(Boolean)).toHaveLength(10);
    expect(b.dropped).toBe(3);
    expect(drops).toEqual([1, 2, 3]);
    // Retries back off 5, 10, 20, 20 ms: five attempts in the first 55 ms.
    await vi.advanceTimersByTimeAsync(55);
    expect(attempts).toBe(5);
    expect(b.failedWrites).toBe(5);
    expect(written).toEqual([]);
    up = true;
    const closing = b.close();
    await vi.advanceTimersByTimeAsync(20);
    await closing;
    expect(written).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(b.written).toBe(10);
  });

  it('counts what is still unwritten at the close deadline as dropped', async () => {
    const b = new Batcher<number>({ write: () => Promise.reject(new Error('down')), intervalMs: 5, backoffMs: { initial: 5, max: 5 } });
    b.add(1);
    b.add(2);
    const closing = b.close(30);
    await vi.advanceTimersByTimeAsync(29);
    expect(b.dropped).toBe(0);
    await vi.advanceTimersByTimeAsync(6);
    await closing;
    expect(b.dropped).toBe(2);
    expect(b.add(3)).toBe(false);
  });

  it('gives up at the close deadline even while a write never answers, and tells those drops from a full batch', async () => {
    const b = new Batcher<number>({ write: () => new Promise<void>(() => {}), cap: 2, intervalMs: 5 });
    b.add(1);
    b.add(2);
    b.add(3);
    let closed = false;
    const closing = b.close(100).then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await closing;
    expect([b.droppedFull, b.droppedAtClose, b.dropped]).toEqual([1, 2, 3]);
  });
});
