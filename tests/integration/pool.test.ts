/** The one pool every parallel pass runs on (scripts/build/pool.ts): the same results on threads as here. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchesOf, runPass } from '../../scripts/build/pool.ts';
import threadTask from '../fixtures/thread-task.ts';

/** Fifty numbers doubled in batches of five; `here: false` leaves this thread to take in the answers only. */
const pass = (worthThreads: boolean, here?: boolean) =>
  runPass({
    entry: 'tests/fixtures/thread-task.ts',
    run: threadTask,
    init: { factor: 2 },
    batches: batchesOf([...Array(50).keys()], 5),
    worthThreads,
    here,
  });

afterEach(() => vi.unstubAllEnvs());

describe('the pool', () => {
  it("runs the batches on the pool's thread and this one when there are two, in order, with the same results as here alone", async () => {
    vi.stubEnv('VPNSITE_THREADS', '2');
    const threaded = await pass(true);
    vi.stubEnv('VPNSITE_THREADS', '1');
    const here = await pass(true);
    expect(threaded.map((r) => r.out)).toEqual(here.map((r) => r.out));
    expect(here.flatMap((r) => r.out)).toEqual([...Array(50).keys()].map((n) => n * 2));
    // Forced to two threads, whatever the cores: this thread (threadId 0) and one of the pool's. The pool's thread
    // is sent its first two batches before this one takes any, so both did some, however fast this one is.
    expect(new Set(threaded.map((r) => r.thread)).size).toBe(2);
    expect(threaded.slice(0, 2).every((r) => r.thread !== 0)).toBe(true);
    expect(threaded.some((r) => r.thread === 0)).toBe(true);
    expect(here.every((r) => r.thread === 0)).toBe(true);
  });

  it("keeps sending the pool's thread batches while this one is busy with its own", async () => {
    vi.stubEnv('VPNSITE_THREADS', '2');
    const done = await runPass({
      entry: 'tests/fixtures/thread-task.ts',
      run: threadTask,
      init: { factor: 2, slowHereMs: 20 },
      batches: batchesOf([...Array(200).keys()], 1),
      worthThreads: true,
    });
    expect(done.map((r) => r.out[0])).toEqual([...Array(200).keys()].map((n) => n * 2));
    // Its first two batches are sent before this thread starts on its own; any more were sent between two of this
    // thread's batches, so this thread did not go on to every batch without taking in the pool's answers.
    expect(done.filter((r) => r.thread !== 0).length).toBeGreaterThan(2);
  });

  it('leaves this thread to take in the answers when a pass says so', async () => {
    vi.stubEnv('VPNSITE_THREADS', '2');
    const done = await pass(true, false);
    expect(done.flatMap((r) => r.out)).toEqual([...Array(50).keys()].map((n) => n * 2));
    expect(done.every((r) => r.thread !== 0)).toBe(true);
    vi.stubEnv('VPNSITE_THREADS', '1');
    const alone = await pass(true, false);
    expect(alone.every((r) => r.thread === 0)).toBe(true);
  });

  it('runs the workers as processes of their own when a pass asks, with this process environment', async () => {
    vi.stubEnv('VPNSITE_THREADS', '2');
    vi.stubEnv('VPNSITE_POOL_TEST', 'handed on');
    const done = await runPass({
      entry: 'tests/fixtures/thread-task.ts',
      run: threadTask,
      init: { factor: 2 },
      batches: batchesOf([...Array(50).keys()], 5),
      worthThreads: true,
      here: false,
      processes: true,
    });
    expect(done.flatMap((r) => r.out)).toEqual([...Array(50).keys()].map((n) => n * 2));
    // Two processes, neither of them this one, each with the variable this process had when the pass began.
    expect(new Set(done.map((r) => r.pid)).size).toBe(2);
    expect(done.every((r) => r.pid !== process.pid && r.env === 'handed on')).toBe(true);
  });

  it('keeps work too small for threads here', async () => {
    vi.stubEnv('VPNSITE_THREADS', '2');
    expect((await pass(false)).every((r) => r.thread === 0)).toBe(true);
  });
});
