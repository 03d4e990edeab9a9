/**
 * Checking many files on every core: this thread and one validation thread (check-worker.ts) per other core take
 * batches of files from one queue, so a thread that starts late or runs slow simply takes fewer. A thread hands
 * back each file's problems and facts (check-file.ts PortableCheck), never its data: handing the data back cost
 * as much as parsing it. At 10,000 files (90 MB of YAML) this is what brings a first `vpnsite validate` to about the
 * 5,000 files/s of docs/build-scaling.md on two cores; parsing alone on one core does not reach it.
 *
 * Threads are only worth their start (~0.1 s) for a few hundred files. When a thread cannot start or fails, this
 * thread checks what it left: the result is the same, only slower.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { fromPortable, portable, readAndCheck, type FileCheck, type PortableCheck } from './check-file.ts';
import { validatorsFile } from './schema-check.ts';
import { bundled } from '../compile/bundle.mjs';

/** What a validation thread starts with. */
export interface ThreadInput { dataDir: string; validators: string }
/** A batch of files to check: indexes into the run's list. */
export interface ThreadRequest { batch: number; rels: string[] }
export type ThreadResponse = { ready: true } | { batch: number; checks: PortableCheck[]; stamps: string[] };

/** What checkInThreads found, file by file in the order asked. */
export interface ThreadedChecks {
  checks: FileCheck[];
  /** Each file's parse-cache stamp, taken just before it was read. */
  stamps: string[];
  /** How many files other threads checked. */
  helped: number;
}

/** Below this many files to check, one thread does it: starting another costs more than it saves. */
const MIN_FILES = 400;
const BATCH = 40;

/**
 * Checks every file as checkFile does, on as many threads as there are cores (VPNSITE_THREADS caps them), without
 * keeping the data: each source's data is undefined and its text is read again only to locate a new problem.
 */
export async function checkInThreads(dataDir: string, rels: string[]): Promise<ThreadedChecks> {
  const checks: FileCheck[] = new Array(rels.length);
  const stamps: string[] = new Array(rels.length);
  let helped = 0;
  const queue = Array.from({ length: Math.ceil(rels.length / BATCH) }, (_, b) => b);
  const relsOf = (b: number) => rels.slice(b * BATCH, (b + 1) * BATCH);
  const here = (b: number) => {
    for (let i = b * BATCH; i < Math.min(rels.length, (b + 1) * BATCH); i++) {
      const { check, stamp } = readAndCheck(dataDir, rels[i]!);
      // Kept as a helper's answer is: without the data and the text, which 10,000 files would keep on this heap.
      checks[i] = fromPortable(dataDir, rels[i]!, portable(check));
      stamps[i] = stamp;
    }
  };
  const helpers = threadCount() - 1;
  const entry = helpers > 0 && rels.length >= MIN_FILES ? await workerEntry() : undefined;
  const validators = entry ? validatorsFile() : undefined;
  const threads = entry && validators ? Array.from({ length: helpers }, () => helper(entry, { dataDir, validators }, queue, relsOf, (b, answer) => {
    answer.checks.forEach((c, k) => {
      checks[b * BATCH + k] = fromPortable(dataDir, rels[b * BATCH + k]!, c);
      stamps[b * BATCH + k] = answer.stamps[k]!;
    });
    helped += answer.checks.length;
  })) : [];
  // This thread works through the queue too, letting the helpers' answers in between its batches.
  for (let b = queue.shift(); b !== undefined; b = queue.shift()) {
    here(b);
    if (threads.length) await new Promise((resolve) => setImmediate(resolve));
  }
  // Whatever a helper had not answered when it stopped (it failed), this thread checks itself.
  for (const left of await Promise.all(threads)) left.forEach(here);
  return { checks, stamps, helped };
}

/** The validation thread's bundle: a thread started on the TypeScript through tsx took ~0.7 s to load it. */
async function workerEntry(): Promise<string | undefined> {
  const dir = await bundled(WORKER);
  return dir && join(dir, `${WORKER.replace(/\.ts$/, '').replaceAll('/', '-')}.js`);
}
const WORKER = 'services/content/check-worker.ts';

function threadCount(): number {
  const cap = Number.parseInt(process.env.VPNSITE_THREADS ?? '', 10);
  return Math.max(1, Math.min(availableParallelism(), Number.isNaN(cap) ? Infinity : cap));
}

/**
 * One validation thread: asks the queue for two batches once it is ready (one to work on, one waiting) and one
 * more with each answer. Resolves, once the queue is empty and the thread has answered or failed, with the
 * batches it took and did not answer.
 */
function helper(entry: string, input: ThreadInput, queue: number[], relsOf: (batch: number) => string[], answer: (batch: number, answer: { checks: PortableCheck[]; stamps: string[] }) => void): Promise<number[]> {
  return new Promise((resolve) => {
    const worker = new Worker(entry, { workerData: input });
    const pending = new Set<number>();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      void worker.terminate();
      resolve([...pending]);
    };
    const feed = () => {
      const b = queue.shift();
      if (b === undefined) return;
      pending.add(b);
      worker.postMessage({ batch: b, rels: relsOf(b) } satisfies ThreadRequest);
    };
    worker.on('message', (msg: ThreadResponse) => {
      if ('ready' in msg) {
        feed();
        feed();
      } else {
        answer(msg.batch, msg);
        pending.delete(msg.batch);
        feed();
      }
      if (pending.size === 0) finish();
    });
    worker.on('error', finish);
    worker.on('exit', finish);
  });
}
