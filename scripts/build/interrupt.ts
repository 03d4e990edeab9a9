/**
 * A build stopped with Ctrl-C (SIGINT) or SIGTERM ends as a failed build does: React Router's build is stopped with
 * everything in its process group (esbuild's service, the threads that render pages), the temporary directories are
 * removed, and --out is left as it was. Without this, every interrupted build left its work directory in the project
 * (hundreds of MB at 10,000 pages), and a SIGTERM sent to the CLI alone left its children writing into it.
 *
 * Only the final swap into --out is let finish first, so that --out is never missing.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';

/** The children that lead a process group (spawned `detached`), while they run. */
const groups = new Set<ChildProcess>();
const temporary = new Set<string>();
let swapping: Promise<unknown> | undefined;
let stopping = false;

/**
 * Stops the process group `child` leads (it was spawned `detached`) if the build is interrupted: the threads that
 * render pages live in its process, and esbuild's service in its group.
 */
export function trackGroup<T extends ChildProcess>(child: T): T {
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  if (stopping) signalAll('SIGTERM');
  return child;
}

function signalAll(sig: NodeJS.Signals): void {
  for (const child of groups) {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // None of it is left.
    }
  }
}

/** Removes `paths` if the build is interrupted; the build removes them itself otherwise. */
export function trackTemporary(...paths: string[]): void {
  for (const p of paths) temporary.add(p);
}

export function untrackTemporary(...paths: string[]): void {
  for (const p of paths) temporary.delete(p);
}

/** Runs the swap into --out to its end even when a signal arrives meanwhile. */
export async function uninterruptible<T>(work: () => Promise<T>): Promise<T> {
  const running = work();
  swapping = running;
  try {
    return await running;
  } finally {
    swapping = undefined;
  }
}

async function stopEverything(): Promise<void> {
  await swapping?.catch(() => undefined);
  stopping = true;
  const exited = Promise.all([...groups].map((child) => once(child, 'exit')));
  signalAll('SIGTERM');
  // Whatever does not stop within 5 s is killed, so that nothing writes into what is removed next.
  const kill = setTimeout(() => signalAll('SIGKILL'), 5000);
  await exited;
  clearTimeout(kill);
  await Promise.all([...temporary].map((p) => rm(p, { recursive: true, force: true, maxRetries: 3 })));
}

/**
 * While the build runs: on SIGINT or SIGTERM, stop and clean up, say so, and exit 1 (a failed build). Returns the
 * function that removes the handlers when the build is over.
 */
export function stopOnSignals(say: (signal: NodeJS.Signals) => string, log: (line: string) => void): () => void {
  const handler = (signal: NodeJS.Signals) => {
    void stopEverything()
      .catch((err: unknown) => log(`could not clean up everything: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        log(say(signal));
        process.exit(1);
      });
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
