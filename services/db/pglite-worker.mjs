// @ts-check
/**
 * The embedded database's own thread. PGlite's WebAssembly runs a query to the end without yielding, so on the
 * service's thread one long query held every redirect, health check and form. Here it holds only this thread;
 * pglite-thread.ts is the other side, and the messages are the ones below.
 *
 * Plain JavaScript so that every way the service runs (the bundled CLI, tsx, the tests) starts it the same way.
 *
 * Requests run one at a time, in the order they came. A transaction (`begin` … `end`) holds the database: requests
 * outside it wait until it ends, as they would on PGlite's single session. A request whose deadline has passed
 * while it waited is answered without being run, so a form that was already told "try again" is not written later.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { START_PARAMS } from './pglite-params.mjs';

/** @typedef {{ id: number; deadline?: number; tx?: number }} Head */
/**
 * @typedef {(Head & { op: 'query'; sql: string; params?: unknown[] })
 *   | (Head & { op: 'exec'; sql: string })
 *   | (Head & { op: 'copy'; sql: string; text: string | Uint8Array })
 *   | (Head & { op: 'begin' })
 *   | (Head & { op: 'end'; commit: boolean })
 *   | (Head & { op: 'close' })} Request
 */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dir } = /** @type {{ dir: string }} */ (workerData);

// The data directory holds subscriber addresses (in its tables and its write-ahead log): only its owner may read it.
// PGlite's file system writes its files 0666 whatever the umask, and a worker thread may not change the umask, so
// the modes it asks Node's fs for lose their group and other bits here. Emscripten reaches fs through require(),
// the object patched below, which belongs to this thread alone.
const PRIVATE = 0o077;
if (!dir.startsWith('memory://')) {
  const fs = createRequire(import.meta.url)('node:fs');
  /** @param {unknown} mode */
  const own = (mode) => (typeof mode === 'number' ? mode & ~PRIVATE : mode);
  const { openSync, mkdirSync: mkdir, chmodSync: chmod, fchmodSync, writeFileSync } = fs;
  fs.openSync = (/** @type {any} */ path, /** @type {any} */ flags, /** @type {any} */ mode) => openSync(path, flags, own(mode ?? 0o600));
  fs.mkdirSync = (/** @type {any} */ path, /** @type {any} */ opts) =>
    mkdir(path, typeof opts === 'object' && opts ? { ...opts, mode: own(opts.mode ?? 0o700) } : own(opts ?? 0o700));
  fs.chmodSync = (/** @type {any} */ path, /** @type {any} */ mode) => chmod(path, own(mode));
  fs.fchmodSync = (/** @type {any} */ fd, /** @type {any} */ mode) => fchmodSync(fd, own(mode));
  fs.writeFileSync = (/** @type {any} */ path, /** @type {any} */ data, /** @type {any} */ opts) =>
    writeFileSync(path, data, typeof opts === 'object' && opts ? { ...opts, mode: own(opts.mode ?? 0o600) } : (opts ?? { mode: 0o600 }));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

/** Directories 0700 and files 0600 throughout, for a directory an earlier version wrote with wider modes. */
function tighten(/** @type {string} */ path) {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  if ((st.mode & PRIVATE) !== 0) chmodSync(path, st.mode & 0o700);
  if (st.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}

// PGlite has no COPY sub-protocol: it reads COPY's input from a Blob named /dev/blob.
const fromBlob = (/** @type {string} */ sql) => sql.replace(/\bFROM STDIN\b/i, "FROM '/dev/blob'");

/** @param {unknown} err */
function plain(err) {
  const e = /** @type {Record<string, unknown>} */ (err ?? {});
  /** @type {Record<string, unknown>} */
  const out = { message: typeof e.message === 'string' ? e.message : String(err) };
  // The fields PostgreSQL's errors carry, which callers test (code above all).
  for (const key of ['code', 'detail', 'hint', 'severity', 'position', 'constraint', 'table', 'column', 'schema']) {
    if (typeof e[key] === 'string') out[key] = e[key];
  }
  return out;
}

/** @type {PGlite} */
let pglite;
try {
  pglite = await PGlite.create(dir, { startParams: START_PARAMS });
  if (!dir.startsWith('memory://')) tighten(dir);
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: plain(err) });
  throw err;
}

/** @param {Request} req */
async function run(req) {
  if (req.op === 'query') return (await pglite.query(req.sql, req.params)).rows;
  if (req.op === 'exec') {
    const results = await pglite.exec(req.sql);
    return results[results.length - 1]?.rows ?? [];
  }
  if (req.op === 'copy') {
    await pglite.query(fromBlob(req.sql), [], { blob: new Blob([req.text]) });
    return [];
  }
  throw new Error(`unknown request "${req.op}"`);
}

/** Requests outside any transaction, and `begin`s, in the order they came. */
let main = Promise.resolve();
/** The open transaction: its id, its own chain of requests, and how it ends. */
/** @type {{ id: number; chain: Promise<void>; end: (commit: boolean) => void } | null} */
let open = null;
let nextTx = 1;

/** @param {Request} req @param {() => Promise<unknown>} work */
async function answer(req, work) {
  if (req.deadline !== undefined && Date.now() > req.deadline) {
    port.postMessage({
      id: req.id,
      error: { message: 'the embedded database was busy until this request had timed out; it was not run', code: 'QUERY_TIMEOUT' },
    });
    return;
  }
  port.postMessage({ started: req.id });
  try {
    port.postMessage({ id: req.id, rows: await work() });
  } catch (err) {
    port.postMessage({ id: req.id, error: plain(err) });
  }
}

port.on('message', (/** @type {Request} */ req) => {
  if (req.op === 'close') {
    main = main.then(async () => {
      await pglite.close();
      port.postMessage({ id: req.id, rows: [] });
      port.close();
    });
    return;
  }
  if (req.tx !== undefined) {
    const tx = open;
    if (!tx || tx.id !== req.tx) {
      port.postMessage({ id: req.id, error: { message: 'this transaction has already ended' } });
      return;
    }
    if (req.op === 'end') {
      // After the transaction's requests already sent; the main chain goes on once COMMIT or ROLLBACK has run.
      tx.chain = tx.chain.then(() =>
        answer({ ...req, deadline: undefined }, () => pglite.query(req.commit ? 'COMMIT' : 'ROLLBACK').then(() => [])).finally(() => {
          open = null;
          tx.end(req.commit);
        }),
      );
    } else tx.chain = tx.chain.then(() => answer(req, () => run(req)));
    return;
  }
  if (req.op === 'begin') {
    main = main.then(
      () =>
        new Promise((ended) => {
          const id = nextTx++;
          void answer(req, async () => {
            await pglite.query('BEGIN');
            open = { id, chain: Promise.resolve(), end: () => ended() };
            return [{ tx: id }];
          }).then(() => {
            // Not begun (timed out while waiting, or BEGIN failed): nothing holds the database.
            if (!open || open.id !== id) ended();
          });
        }),
    );
    return;
  }
  main = main.then(() => answer(req, () => run(req)));
});
