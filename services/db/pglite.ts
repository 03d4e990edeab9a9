/**
 * Embedded PostgreSQL (PGlite, WebAssembly) persisted in a directory: the zero-configuration default.
 *
 * PGlite runs a query to its end without yielding, so it runs on a worker thread of its own (pglite-worker.mjs) and
 * this thread, which answers /go/, the health checks and the forms, only sends it messages. A statement given a
 * time limit (the commands' statements, through the channel) that overruns it is stopped by ending that thread and
 * opening the directory again on a new one: PGlite ignores statement_timeout, having no timer signal to cancel a
 * query with, and a thread can always be ended. The directory then opens as after a crash, with every commit.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { QueryTimeout } from './unavailable.ts';
import type { Db, Queryable } from './types.ts';

/** A transaction on the embedded database: it holds the database until it ends. */
export interface PgliteSession {
  conn: Queryable;
  /** Commits (or rolls back); the database is free for other work once this resolves. */
  end(commit: boolean): Promise<void>;
}

export interface Limits {
  /** A statement still running after this many milliseconds is stopped, and fails with SQLSTATE 57014. */
  statementTimeoutMs?: number;
  /** In place of the database's startTimeoutMs; 0 waits as long as it takes. */
  startTimeoutMs?: number;
}

/** A PGlite database, which can also run work as one transaction that nothing else in the process interleaves with. */
export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>;
  /** Opens a transaction and hands back its connection once it has begun. */
  begin(limits?: Limits): Promise<PgliteSession>;
  /** The database with limits on each statement. */
  limited(limits: Limits): Queryable;
}

export interface PgliteOptions {
  /**
   * A request that has not started after this many milliseconds (another statement holds the database) fails with
   * QueryTimeout and is never run, so a caller told "try again" has not had its write made meanwhile.
   */
  startTimeoutMs?: number;
}

type Op =
  | { op: 'query'; sql: string; params?: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'copy'; sql: string; text: string | Uint8Array }
  | { op: 'begin' }
  | { op: 'end'; commit: boolean }
  | { op: 'close' };
type Answer =
  | { id: number; rows: unknown[] }
  | { id: number; error: Record<string, unknown> }
  | { started: number }
  | { ready: boolean; error?: Record<string, unknown> };

interface Pending {
  worker: Worker;
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
  statementTimeoutMs?: number;
  timer?: NodeJS.Timeout;
  started: boolean;
}

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);
const INIT = new URL('./pglite-init.mjs', import.meta.url);
// Between the start deadline passing and this thread giving up on the request: the worker's word that it started
// the request, sent just before, is on its way.
const START_GRACE_MS = 50;

const asError = (e: Record<string, unknown>) => Object.assign(new Error(String(e.message)), e);

/** One worker thread holding the database, opened again after it is ended or dies. */
class PgliteThread {
  private worker: Worker | undefined;
  private opening: Promise<Worker> | undefined;
  /** A worker being ended: the next one opens the directory only once it is gone. */
  private ending: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly opts: PgliteOptions,
  ) {}

  /** The running worker, started (and its database opened) if there is none. */
  open(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    baselineWasmOnly();
    this.opening ??= this.ending.then(async () => {
      if (!this.dir.startsWith('memory://') && !existsSync(join(this.dir, 'PG_VERSION'))) await makeCluster(this.dir);
      return this.spawn();
    });
    return this.opening;
  }

  private spawn(): Promise<Worker> {
    return new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(WORKER, { workerData: { dir: this.dir }, execArgv: [] });
      worker.on('message', (m: Answer) => {
        if ('ready' in m) {
          this.opening = undefined;
          if (m.ready) resolve((this.worker = worker));
          else reject(asError(m.error ?? { message: 'the embedded database did not open' }));
        } else this.answer(m);
      });
      worker.on('error', (err) => {
        this.opening = undefined;
        reject(err);
      });
      worker.on('exit', () => this.lost(worker));
    });
  }

  async send(op: Op, tx?: number, limits: Limits = {}): Promise<unknown[]> {
    if (this.closed) throw new Error('the embedded database is closed');
    const worker = await this.open();
    const id = this.nextId++;
    const startTimeoutMs = op.op === 'end' || op.op === 'close' ? undefined : (limits.startTimeoutMs ?? this.opts.startTimeoutMs);
    return new Promise((resolve, reject) => {
      const p: Pending = { worker, resolve, reject, started: false, statementTimeoutMs: limits.statementTimeoutMs };
      this.pending.set(id, p);
      if (startTimeoutMs) {
        p.timer = setTimeout(() => {
          if (p.started || !this.pending.delete(id)) return;
          reject(new QueryTimeout(startTimeoutMs));
        }, startTimeoutMs + START_GRACE_MS);
      }
      worker.postMessage({ ...op, id, tx, deadline: startTimeoutMs ? Date.now() + startTimeoutMs : undefined });
    });
  }

  private answer(m: Exclude<Answer, { ready: boolean }>): void {
    if ('started' in m) {
      const p = this.pending.get(m.started);
      if (!p) return;
      p.started = true;
      clearTimeout(p.timer);
      const ms = p.statementTimeoutMs;
      if (ms) p.timer = setTimeout(() => this.stop(m.started, ms), ms);
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    clearTimeout(p.timer);
    if ('error' in m) p.reject(asError(m.error));
    else p.resolve(m.rows);
  }

  /** Ends the thread running statement `id` past its limit; the next request opens the directory again. */
  private stop(id: number, ms: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.reject(Object.assign(new Error(`canceling statement due to statement timeout (${ms / 1000} s): it was stopped`), { code: '57014' }));
    if (this.worker === p.worker) this.worker = undefined;
    this.ending = p.worker.terminate();
  }

  /**
   * A worker is gone, ended or dead: every request it had fails as "unavailable" (none of them had started, but the
   * one stopped), so the service's writers try again, and the next request starts a new worker.
   */
  private lost(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue;
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.reject(Object.assign(new Error('the embedded database stopped and is being opened again; try again'), { code: '57P01' }));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker ?? (await this.opening?.catch(() => undefined));
    if (worker) {
      await this.send({ op: 'close' }).catch(() => {});
      await worker.terminate();
    }
    this.closed = true;
  }
}

/**
 * PGlite's WebAssembly (9 MB) is compiled by V8's baseline compiler only. By default V8 also compiles the functions
 * it finds hot again with its optimising compiler, which held some 50 MB more while it ran, for the first minutes of
 * every start, and took a core from the service's thread meanwhile; the queries this service runs are short, and ran
 * no slower without it (docs/benchmarks/pglite-memory.md). Set for the whole process, before the first compile: it
 * applies to WebAssembly only.
 */
let baselineSet = false;
function baselineWasmOnly(): void {
  if (baselineSet) return;
  baselineSet = true;
  setFlagsFromString('--liftoff-only');
}

/**
 * Makes a new cluster in dir in a process that exits once it is made (pglite-init.mjs): initdb grows PGlite's
 * memory to several hundred megabytes, which no process gives back while it lives, not even when the thread that
 * held it ends.
 */
function makeCluster(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(process.execPath, [fileURLToPath(INIT), dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`the embedded database could not be made in ${dir} (${signal ?? `exit ${code}`}): ${stderr.trim()}`)),
    );
  });
}

function queryable(thread: PgliteThread, tx?: number, limits?: Limits): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await thread.send({ op: 'query', sql, params }, tx, limits)) as T[] }),
    script: async (sql: string) => ({ rows: (await thread.send({ op: 'exec', sql }, tx, limits)) as Record<string, unknown>[] }),
    copyFrom: async (sql: string, text: string | Uint8Array) => void (await thread.send({ op: 'copy', sql, text }, tx, limits)),
  };
}

/** Opens (creating if needed) the database in dir; `memory://` keeps it in memory. Takes no lock: see open.ts. */
export async function openPglite(dir: string, opts: PgliteOptions = {}): Promise<PgliteDb> {
  const thread = new PgliteThread(dir, opts);
  await thread.open();
  const conn = queryable(thread);
  const begin = async (limits?: Limits): Promise<PgliteSession> => {
    const [row] = (await thread.send({ op: 'begin' }, undefined, limits)) as { tx: number }[];
    const tx = row!.tx;
    return { conn: queryable(thread, tx, limits), end: async (commit) => void (await thread.send({ op: 'end', commit }, tx)) };
  };
  return {
    kind: 'pglite',
    ...conn,
    // PGlite is a single connection, so a "session" is the database itself.
    withConnection: (fn) => fn(conn),
    begin,
    limited: (limits) => queryable(thread, undefined, limits),
    async transaction(fn) {
      const session = await begin();
      let result;
      try {
        result = await fn(session.conn);
      } catch (err) {
        await session.end(false).catch(() => {});
        throw err;
      }
      await session.end(true);
      return result;
    },
    close: () => thread.close(),
  };
}
