/**
 * One owner for a directory the service writes alone: the embedded database's (PGlite takes no lock of its own, and
 * two processes writing one directory corrupt it: https://github.com/electric-sql/pglite/issues/1106) and each click
 * journal.
 *
 * The owner holds an exclusive flock(2) on `vpnsite.lock` in the directory, through a file descriptor it keeps open.
 * The kernel holds that lock, not a record: it is released the moment the owner's process ends in any way, and it
 * belongs to the open file, never to a process id. So two containers on one volume, each its own PID 1 under the same
 * hostname, cannot both hold it, and neither can mistake the other's lock for its own, as a check of a recorded pid
 * and hostname could. proper-lockfile, already used elsewhere, proves liveness by a timer that touches an mtime
 * instead, and is not used here: PGlite runs on the same process, and a long query could hold the timer up.
 *
 * Beside the lock, `vpnsite.pid` says who the owner is, as PostgreSQL's postmaster.pid does: the process id, host and
 * command for the message a second owner prints, and the socket and HTTP address other commands reach it through.
 * It is written only while the lock is held, and read only to describe a holder that the lock proved alive.
 */
import { closeSync, fstatSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { flockSync } from 'fs-ext-extra-prebuilt';

/** Who holds a data directory. */
export interface Owner {
  pid: number;
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
  if (!o.command) return 'another process (it holds the lock but has not said who it is)';
  return `vpnsite ${o.command} (pid ${o.pid}${o.host === hostname() ? '' : ` on ${o.host}`}, since ${o.since})`;
}

export interface Lease {
  readonly owner: Owner;
  /** Records the socket the owner answers on, for other commands to find. */
  advertise(socket: string): Promise<void>;
  /** Records where the owner's HTTP service listens. */
  advertiseHttp(url: string): Promise<void>;
  /**
   * True while the lock this process holds is still the directory's: false once the directory, or its lock file,
   * was deleted (someone else may then lock a new one).
   */
  holds(): boolean;
  /** Takes the lock again in a directory made anew after it was deleted; false when another process took it first. */
  relock(): boolean;
  /** Gives the directory up: removes the record, then closes the file, which releases the lock. */
  release(): Promise<void>;
}

const LOCK = 'vpnsite.lock';
const RECORD = 'vpnsite.pid';
/**
 * How long a busy lock is tried again before the directory is called taken: another process may be holding it for
 * the microseconds of liveOwner()'s look, or have just taken it and not yet written its record.
 */
const SETTLE_MS = 300;

const isBusy = (err: unknown) => ['EAGAIN', 'EWOULDBLOCK'].includes((err as NodeJS.ErrnoException).code ?? '');

/** Sleeps the thread: a start-up that waits a few milliseconds for a lock has nothing else to do meanwhile. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** An open descriptor on the lock file holding `how` ('exnb' or 'shnb'), or null when another process holds it. */
function tryLock(path: string, how: 'exnb' | 'shnb'): number | null {
  const fd = openSync(path, 'a', 0o600);
  try {
    flockSync(fd, how);
    return fd;
  } catch (err) {
    closeSync(fd);
    if (isBusy(err)) return null;
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`cannot lock ${path} (${code ?? String(err)}): the directory must be on a file system that supports flock`);
  }
}

function readRecord(root: string): Owner | null {
  try {
    return JSON.parse(readFileSync(join(root, RECORD), 'utf8')) as Owner;
  } catch {
    // Absent, or cut short by a crash while it was written.
    return null;
  }
}

/**
 * Written aside and renamed, so a reader never sees half a record. A record that cannot be written (a full disk) is
 * not an error: the lock alone makes the owner, and a second owner is then told only that the directory is taken.
 */
function writeRecord(root: string, owner: Owner): void {
  const path = join(root, RECORD);
  const aside = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(aside, JSON.stringify(owner), { mode: 0o600 });
    renameSync(aside, path);
  } catch {
    // Nor may an older record, of an owner that has died, stand for this one.
    for (const stale of [aside, path])
      try {
        unlinkSync(stale);
      } catch {
        // Not there.
      }
  }
}

/** Who holds a lock this process could not take: its record, once it has written one. */
function holderOf(root: string): Owner {
  return readRecord(root) ?? { pid: 0, host: hostname(), command: '', since: '' };
}

/** The directory's current owner when there is one (the kernel says whether the lock is held), else null. */
export function liveOwner(dir: string): Owner | null {
  const root = resolve(dir);
  const path = join(root, LOCK);
  let fd: number | null;
  try {
    fd = tryLock(path, 'shnb');
  } catch (err) {
    // No directory, or none this process may write: nobody can hold a lock in it either.
    if (['ENOENT', 'EACCES', 'EROFS'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
    throw err;
  }
  if (fd === null) return holderOf(root);
  closeSync(fd);
  return null;
}

/** Takes the directory for this process, or throws DataDirBusy naming the live owner. The directory must exist. */
export async function acquireDataDir(dir: string, command: string): Promise<Lease> {
  const root = resolve(dir);
  const path = join(root, LOCK);
  let fd = tryLock(path, 'exnb');
  for (const until = Date.now() + SETTLE_MS; fd === null && Date.now() < until; ) {
    pause(10);
    fd = tryLock(path, 'exnb');
  }
  if (fd === null) throw new DataDirBusy(dir, holderOf(root));
  const mine: Owner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  writeRecord(root, mine);
  let released = false;
  const holds = () => {
    if (released) return false;
    try {
      const held = fstatSync(fd!);
      const now = statSync(path);
      return held.ino === now.ino && held.dev === now.dev;
    } catch {
      return false;
    }
  };
  return {
    owner: mine,
    advertise: async (socket) => {
      mine.socket = socket;
      if (holds()) writeRecord(root, mine);
    },
    advertiseHttp: async (url) => {
      mine.http = url;
      if (holds()) writeRecord(root, mine);
    },
    holds,
    relock: () => {
      if (holds()) return true;
      const next = tryLock(path, 'exnb');
      if (next === null) return false;
      closeSync(fd!);
      fd = next;
      writeRecord(root, mine);
      return true;
    },
    release: async () => {
      if (released) return;
      // The record goes first, while the lock still proves it is this process's.
      if (holds()) {
        try {
          unlinkSync(join(root, RECORD));
        } catch {
          // Already gone with its directory.
        }
      }
      released = true;
      closeSync(fd!);
    },
  };
}
