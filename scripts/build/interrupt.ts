/**
 * A build stopped with Ctrl-C (SIGINT) or SIGTERM ends as a failed build does: its child processes (React Router's
 * build, the render workers) are stopped, its temporary directories are removed, and --out is left as it was.
 * Without this, every interrupted build left its work directory in the project (hundreds of MB at 10,000 pages),
 * and a SIGTERM sent to the CLI alone left its workers writing into it.
 *
 * Only the final swap into --out is let finish first, so that --out is never missing.
 */
import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';

const children = new Set<ChildProcess>();
const temporary = new Set<string>();
let swapping: Promise<unknown> | undefined;

/** Stops `child` with the build if the build is interrupted. */
export function trackChild<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Removes `path` if the build is interrupted; the build removes it itself otherwise. */
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
  const exited = [...children].map((c) => new Promise((r) => c.once('exit', r)));
  for (const c of children) c.kill('SIGTERM');
  // A worker that does not stop within 5 s is killed, so that nothing writes into what is removed next.
  const stubborn = setTimeout(() => {
    for (const c of children) c.kill('SIGKILL');
  }, 5000);
  await Promise.all(exited);
  clearTimeout(stubborn);
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
