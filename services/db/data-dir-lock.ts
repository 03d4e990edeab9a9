/**
 * One owner for an embedded database directory. PGlite takes no lock of its own, and two processes writing one
 * directory corrupt it (https://github.com/electric-sql/pglite/issues/1106). The owner is recorded in
 * `vpnsite.pid` inside the directory, as PostgreSQL records its postmaster in postmaster.pid: the process id,
 * when that process started, the command, and the socket other commands reach the database through.
 *
 * The owner is alive exactly as long as its process is. proper-lockfile's own lock proves liveness differently,
 * by a timer that touches the lock's mtime, and PGlite runs on that same thread: a long query or migration would
 * hold the timer up and let another process take the lock of a live owner. So proper-lockfile guards only the few
 * milliseconds in which a process reads, takes over or removes the record, so that two processes never both take
 * over one left by a process that died.
 */
import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/** Who holds a data directory. */
export interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused process id is not taken for the owner. */
  started: number | null;
  host: string;
  /** The vpnsite command holding it, e.g. `serve` or `clicks`. */
  command: string;
  /** When it took the directory (ISO 8601). */
  since: string;
  /** The Unix socket on which the owner answers other commands' queries (only `serve` has one). */
  socket?: string;
  /** Where the owner's HTTP service listens (`serve`), so `vpnsite dev` can pass /go/ and the forms on to it. */
  http?: string;
}

/** Thrown when another live process holds the directory. */
export class DataDirBusy extends Error {
  constructor(
    readonly dir: string,
    readonly owner: Owner,
  ) {
    super(`${dir} is in use by ${describeOwner(owner)}`);
  }
}

/** "vpnsite serve (pid 1234 on host, since …)" */
export function describeOwner(o: Owner): string {
  return `vpnsite ${o.command} (pid ${o.pid}${o.host === hostname() ? '' : ` on ${o.host}`}, since ${o.since})`;
}

export interface Lease {
  readonly owner: Owner;
  /** Records the socket the owner answers on, for other commands to find. */
  advertise(socket: string): Promise<void>;
  /** Records where the owner's HTTP service listens. */
  advertiseHttp(url: string): Promise<void>;
  /** Gives the directory up (the record is removed only while it is still this process's). */
  release(): Promise<void>;
}

const RECORD = 'vpnsite.pid';
/** Directories this process holds: its own pid in a record is then not a stale one. */
const held = new Set<string>();

/** The process's start time from /proc/<pid>/stat (field 22), or null where there is no /proc. */
function startTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields from the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return null;
  }
}

/** True while the recorded process still runs (assumed for a process on another host, which cannot be checked). */
function isAlive(o: Owner, dir: string): boolean {
  if (o.host !== hostname()) return true;
  if (o.pid === process.pid) return held.has(dir);
  try {
    process.kill(o.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTicks(o.pid);
  return o.started === null || started === null || started === o.started;
}

/** The directory's current owner when it is alive, else null. */
export function liveOwner(dir: string): Owner | null {
  const owner = readRecord(join(resolve(dir), RECORD));
  return owner && isAlive(owner, resolve(dir)) ? owner : null;
}

function readRecord(path: string): Owner | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Owner;
  } catch {
    // Absent, or cut short by a crash while it was written: either way nobody holds the directory through it.
    return null;
  }
}

function writeRecord(path: string, owner: Owner): void {
  // Written aside and renamed, so a reader never sees half a record.
  writeFileSync(`${path}.${process.pid}.tmp`, JSON.stringify(owner), { mode: 0o600 });
  renameSync(`${path}.${process.pid}.tmp`, path);
}

/** Runs fn while holding the short mutex that guards the record. */
async function guarded<T>(path: string, fn: () => T): Promise<T> {
  const unlock = await lockfile.lock(path, { realpath: false, stale: 10_000, retries: { retries: 100, minTimeout: 20, maxTimeout: 100 } });
  try {
    return fn();
  } finally {
    await unlock();
  }
}

/** Takes the directory for this process, or throws DataDirBusy naming the live owner. The directory must exist. */
export async function acquireDataDir(dir: string, command: string): Promise<Lease> {
  const root = resolve(dir);
  const path = join(root, RECORD);
  const mine: Owner = { pid: process.pid, started: startTicks(process.pid), host: hostname(), command, since: new Date().toISOString() };
  await guarded(path, () => {
    const current = readRecord(path);
    if (current && isAlive(current, root)) throw new DataDirBusy(dir, current);
    writeRecord(path, mine);
    held.add(root);
  });
  return {
    owner: mine,
    advertise: (socket) =>
      guarded(path, () => {
        mine.socket = socket;
        writeRecord(path, mine);
      }),
    advertiseHttp: (url) =>
      guarded(path, () => {
        mine.http = url;
        writeRecord(path, mine);
      }),
    release: () =>
      guarded(path, () => {
        held.delete(root);
        const current = readRecord(path);
        if (current?.pid === mine.pid && current.since === mine.since && existsSync(path)) unlinkSync(path);
      }),
  };
}
