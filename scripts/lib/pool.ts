/**
 * Every pass that runs on more than one core goes through here: a pool of worker threads (tinypool), one per core
 * unless VPNSITE_THREADS says how many. A thread runs the bundle bundle.mjs makes of the pass's task module: through
 * tsx, a thread took ~0.7 s to load its TypeScript before it could start work.
 *
 * A task module's default export does one batch. Where threads would not pay for their start (~0.1 s each), or
 * there is one core, the same function does every batch here: one code path either way.
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
}

/** How many threads a pass may use: VPNSITE_THREADS, or one per core. */
export function threadCount(): number {
  const n = Number.parseInt(process.env.VPNSITE_THREADS ?? '', 10);
  return Number.isNaN(n) ? availableParallelism() : Math.max(1, n);
}

/** Runs every batch once, on the pool's threads or here; the results in the batches' order. */
export async function runPass<Init, Batch, Out>(pass: Pass<Init, Batch, Out>): Promise<Out[]> {
  const threads = Math.min(threadCount(), pass.batches.length);
  const file = threads > 1 && pass.worthThreads ? await bundled(pass.entry) : undefined;
  if (!file) {
    const out: Out[] = [];
    for (const batch of pass.batches) out.push(await pass.run({ init: pass.init, batch }));
    return out;
  }
  const pool = new Tinypool({ filename: pathToFileURL(file).href, minThreads: threads, maxThreads: threads });
  try {
    return await Promise.all(pass.batches.map((batch) => pool.run({ init: pass.init, batch } satisfies Task<Init, Batch>) as Promise<Out>));
  } finally {
    await pool.destroy();
  }
}

/** `items` in batches of `size`. */
export const batchesOf = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, b) => items.slice(b * size, (b + 1) * size));
