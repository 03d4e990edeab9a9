/**
 * Every pass that runs on more than one core goes through here: the calling thread and a pool of worker threads, or
 * processes (tinypool), one per core in all unless VPNSITE_THREADS says how many. A pool's worker runs the pass's
 * task module as the JavaScript compiled at install (bundle.mjs, compile.mjs lists the task modules); without it,
 * the calling thread does every batch.
 *
 * A task module's default export does one batch. The calling thread takes batches too, beside the pool's threads,
 * unless the pass leaves it to taking in their answers (`here: false`; docs/build-scaling.md says which and why). Where
 * threads would not pay for their start, or there is one core, it does every batch: one code path.
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import Tinypool from 'tinypool';
import { bundled } from './bundle.mjs';

/** One batch of a pass, with what every batch needs. */
export interface Task<Init, Batch> {
  init: Init;
  batch: Batch;
}

export interface Pass<Init, Batch, Out> {
  /** The task module, relative to the project root; its default export is `run`. */
  entry: string;
  run: (task: Task<Init, Batch>) => Out | Promise<Out>;
  init: Init;
  batches: Batch[];
  /** False when there is too little work for threads to pay for their start. */
  worthThreads: boolean;
  /**
   * False when the calling thread is better left to taking in the threads' answers than doing batches of its own
   * (the page checks, whose answers are large); it still does them all where there are no threads.
   */
  here?: boolean;
  /**
   * The pool's workers as processes of their own instead of threads: rendering pays for it, as a page rendered on a
   * worker thread spent more in garbage collection and in copying buffers than in a process's main thread.
   */
  processes?: boolean;
}

/** How many threads a pass may use, the calling thread among them: VPNSITE_THREADS, or one per core. */
function threadCount(): number {
  const n = Number.parseInt(process.env.VPNSITE_THREADS ?? '', 10);
  return Number.isNaN(n) ? availableParallelism() : Math.max(1, n);
}

/** Runs every batch once, on the pool's threads and here; the results in the batches' order. */
export async function runPass<Init, Batch, Out>(pass: Pass<Init, Batch, Out>): Promise<Out[]> {
  const { init, batches } = pass;
  const here = pass.here ?? true;
  const helpers = Math.min(threadCount(), batches.length) - (here ? 1 : 0);
  const file = helpers > (here ? 0 : 1) && pass.worthThreads ? await bundled(pass.entry) : undefined;
  // Two batches sent to each thread at a time: the next is already there when it finishes one, while this thread is
  // busy with a batch of its own and cannot send it another.
  // A process gets this one's environment (the build's job file, NODE_ENV), as a thread does.
  const pool = file
    ? new Tinypool({
        filename: pathToFileURL(file).href,
        minThreads: helpers,
        maxThreads: helpers,
        concurrentTasksPerWorker: 2,
        runtime: pass.processes ? 'child_process' : 'worker_threads',
        env: process.env as Record<string, string>,
      })
    : undefined;
  const out: Out[] = new Array(batches.length);
  let next = 0;
  // Each lane takes the next batch as soon as it is done with one, so a slow batch holds up no other lane. Between
  // two batches a lane lets the event loop turn: a batch done here resolves at once, and without that turn this
  // thread would go on to every remaining batch before taking in a single answer from the pool's threads.
  const lane = async (run: (task: Task<Init, Batch>) => Out | Promise<Out>) => {
    for (let i = next++; i < batches.length; i = next++) {
      out[i] = await run({ init, batch: batches[i]! });
      await new Promise(setImmediate);
    }
  };
  try {
    // This thread's lane starts after the others have sent their first batches.
    const lanes = pool ? Array.from({ length: helpers * 2 }, () => lane((task) => pool.run(task) as Promise<Out>)) : [];
    await Promise.all(pool && !here ? lanes : [...lanes, lane(pass.run)]);
    return out;
  } finally {
    await pool?.destroy();
  }
}

/** `items` in batches of `size`. */
export const batchesOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, b) => items.slice(b * size, (b + 1) * size));
