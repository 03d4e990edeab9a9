/**
 * Batches of work on every core: this thread and one worker thread per other core take batches from one queue, so
 * a thread that starts late or runs slow simply takes fewer. A worker thread runs as the bundle bundle.mjs makes of
 * its entry (a thread started on the TypeScript through tsx took ~0.7 s to load it), and serves batches with
 * serveBatches.
 *
 * When a thread cannot start or fails, this thread does what it left: the result is the same, only slower.
 * VPNSITE_THREADS caps the threads (1: this one alone).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';
import { bundled } from './bundle.mjs';

export interface BatchOptions<Input, Request, Answer> {
  /** The worker thread's TypeScript entry, relative to the project root. */
  entry: string;
  batches: number;
  /** False when there is too little work to be worth a thread's start: this thread then does it all. */
  worthThreads: boolean;
  /** What a worker thread starts with; undefined keeps the work on this thread. */
  input: () => Input | undefined;
  /** What a worker thread is sent for batch `b`. */
  request: (b: number) => Request;
  /** Does batch `b` on this thread. */
  here: (b: number) => void;
  /** A worker thread's answer for batch `b`. */
  answer: (b: number, answer: Answer) => void;
}

type Message<Answer> = { ready: true } | { batch: number; answer: Answer };

/** Runs every batch once, on this thread or a worker thread. */
export async function batchesOnEveryCore<Input, Request, Answer>(opts: BatchOptions<Input, Request, Answer>): Promise<void> {
  const queue = Array.from({ length: opts.batches }, (_, b) => b);
  const helpers = threadCount() - 1;
  const entry = helpers > 0 && opts.worthThreads ? await entryOf(opts.entry) : undefined;
  const input = entry ? opts.input() : undefined;
  const threads = entry && input !== undefined ? Array.from({ length: helpers }, () => helper(entry, input, queue, opts.request, opts.answer)) : [];
  // This thread works through the queue too, letting the helpers' answers in between its batches.
  for (let b = queue.shift(); b !== undefined; b = queue.shift()) {
    opts.here(b);
    if (threads.length) await new Promise((resolve) => setImmediate(resolve));
  }
  // Whatever a helper had not answered when it stopped (it failed), this thread does itself.
  for (const left of await Promise.all(threads)) left.forEach(opts.here);
}

/** In a worker thread's entry: answers each batch it is sent with `work`, after telling that it is ready. */
export function serveBatches<Request, Answer>(work: (request: Request) => Answer): void {
  const port = parentPort!;
  port.on('message', ({ batch, request }: { batch: number; request: Request }) => {
    port.postMessage({ batch, answer: work(request) } satisfies Message<Answer>);
  });
  port.postMessage({ ready: true } satisfies Message<Answer>);
}

async function entryOf(entry: string): Promise<string | undefined> {
  const dir = await bundled(entry);
  return dir && join(dir, `${entry.replace(/\.ts$/, '').replaceAll('/', '-')}.js`);
}

function threadCount(): number {
  const cap = Number.parseInt(process.env.VPNSITE_THREADS ?? '', 10);
  return Math.max(1, Math.min(availableParallelism(), Number.isNaN(cap) ? Infinity : cap));
}

/**
 * One worker thread: asks the queue for two batches once it is ready (one to work on, one waiting) and one more
 * with each answer. Resolves, once the queue is empty and the thread has answered or failed, with the batches it
 * took and did not answer.
 */
function helper<Input, Request, Answer>(entry: string, input: Input, queue: number[], request: (b: number) => Request, answer: (b: number, answer: Answer) => void): Promise<number[]> {
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
      worker.postMessage({ batch: b, request: request(b) });
    };
    worker.on('message', (msg: Message<Answer>) => {
      if ('ready' in msg) {
        feed();
        feed();
      } else {
        answer(msg.batch, msg.answer);
        pending.delete(msg.batch);
        feed();
      }
      if (pending.size === 0) finish();
    });
    worker.on('error', finish);
    worker.on('exit', finish);
  });
}
