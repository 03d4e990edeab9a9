/**
 * A build stopped with Ctrl-C (SIGINT) or SIGTERM ends as a failed build does: its child processes (React Router's
 * build, whose process group holds the threads that render pages) are stopped, its temporary directories are removed, and --out is left as it was.
 * Without this, every interrupted build left its work directory in the project (hundreds of MB at 10,000 pages),
 * and a SIGTERM sent to the CLI alone left its children writing into it.
 *
 * Only the final swap into --out is let finish first, so that --out is never missing.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';

const children = new Set<ChildProcess>();
/** Process groups led by a child (spawned `detached`): its own children (esbuild's service) are stopped with it. */
const groups = new Set<number>();
const temporary = new Set<string>();
let swapping: Promise<unknown> | undefined;
let stopping = false;

/**
 * Stops `child` with the build if the build is interrupted. With `group`, the child was spawned `detached` and leads
 * a process group: the whole group is signalled, and the build waits until none of it is left.
 */
export function trackChild<T extends ChildProcess>(child: T, { group = false } = {}): T {
  const pgid = group ? child.pid : undefined;
  children.add(child);
  if (pgid !== undefined) groups.add(pgid);
  child.once('exit', () => {
    children.delete(child);
    // Once the build is being stopped, the group is waited for until it is empty.
    if (pgid !== undefined && !stopping) groups.delete(pgid);
  });
  // A child that the build started while it was being stopped is stopped at once.
  if (stopping) signalAll('SIGTERM');
  return child;
}

function signalAll(sig: NodeJS.Signals): void {
  for (const c of children) if (c.pid === undefined || !groups.has(c.pid)) c.kill(sig);
  for (const g of groups) {
    try {
      process.kill(-g, sig);
    } catch {
      // None of it is left.
    }
  }
}

/**
 * Whether any process of group `pgid` still runs. kill(…, 0) counts processes that have exited but that init has not
 * reaped yet; on Linux, /proc tells those apart.
 */
function groupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (!existsSync('/proc/self/stat')) return true;
  return readdirSync('/proc').some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return state !== 'Z' && Number(pgrp) === pgid;
    } catch {
      return false;
    }
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  stopping = true;
  signalAll('SIGTERM');
  // Whatever does not stop within 5 s is killed, so that nothing writes into what is removed next.
  const started = Date.now();
  let killed = false;
  while (children.size > 0 || [...groups].some(groupRunning)) {
    if (!killed && Date.now() - started > 5000) {
      killed = true;
      signalAll('SIGKILL');
    }
    if (Date.now() - started > 10_000) break;
    await sleep(20);
  }
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
