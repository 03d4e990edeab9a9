/**
 * Checking many files on every core: this thread and one validation thread (check-worker.ts) per other core take
 * batches of files from one queue, so a thread that starts late or runs slow simply takes fewer. A thread hands
 * back each file's problems and facts (check-file.ts PortableCheck), never its data: handing the data back cost
 * as much as parsing it. At 10,000 files (90 MB of YAML) this is what brings a first `vpnsite validate` to about the
 * 5,000 files/s of docs/build-scaling.md on two cores; parsing alone on one core does not reach it.
 *
 * Threads are only worth their start (~0.1 s) for a few hundred files (services/compile/threads.ts runs them).
 */
import { fromPortable, portable, readAndCheck, type FileCheck, type PortableCheck } from './check-file.ts';
import { validatorsFile } from './schema-check.ts';
import { batchesOnEveryCore } from '../compile/threads.ts';

/** What a validation thread starts with. */
export interface ThreadInput { dataDir: string; validators: string }
/** A batch of files to check. */
export type ThreadRequest = string[];
/** Each file's problems and facts, and its parse-cache stamp. */
export interface ThreadAnswer { checks: PortableCheck[]; stamps: string[] }

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
  await batchesOnEveryCore<ThreadInput, ThreadRequest, ThreadAnswer>({
    entry: 'services/content/check-worker.ts',
    batches: Math.ceil(rels.length / BATCH),
    worthThreads: rels.length >= MIN_FILES,
    input: () => {
      const validators = validatorsFile();
      return validators ? { dataDir, validators } : undefined;
    },
    request: (b) => rels.slice(b * BATCH, (b + 1) * BATCH),
    here: (b) => {
      for (let i = b * BATCH; i < Math.min(rels.length, (b + 1) * BATCH); i++) {
        const { check, stamp } = readAndCheck(dataDir, rels[i]!);
        // Kept as a helper's answer is: without the data and the text, which 10,000 files would keep on this heap.
        checks[i] = fromPortable(dataDir, rels[i]!, portable(check));
        stamps[i] = stamp;
      }
    },
    answer: (b, answer) => {
      answer.checks.forEach((c, k) => {
        checks[b * BATCH + k] = fromPortable(dataDir, rels[b * BATCH + k]!, c);
        stamps[b * BATCH + k] = answer.stamps[k]!;
      });
      helped += answer.checks.length;
    },
  });
  return { checks, stamps, helped };
}
