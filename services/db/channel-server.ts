/**
 * The owner's side of the local channel: other vpnsite commands reach the embedded database through the process that
 * holds its directory, never by opening the directory a second time. It listens on a Unix socket that only the
 * directory's user can open. Requests on one connection run in order. A session (`begin` … `commit`) is one PGlite
 * transaction, which holds the database while it lasts, so a session whose client goes quiet is rolled back.
 *
 * PGlite's own socket server was measured for this and left out: docs/database.md says why.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { encode, lineReader, type ChannelRequest, type ChannelResponse } from './channel-codec.ts';
import type { PgliteDb } from './pglite.ts';
import type { Queryable } from './types.ts';

export interface ChannelServer {
  readonly path: string;
  /** Stops listening, rolls back open sessions and closes every connection. */
  close(): Promise<void>;
}

export interface ChannelOptions {
  /** A session with no request for this long is rolled back and its connection closed. */
  sessionIdleMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

interface Session {
  conn: Queryable;
  end(commit: boolean): void;
  done: Promise<void>;
}

const ROLLBACK = Symbol('rollback');

/** Opens a transaction and hands back its connection once it has begun. */
function openSession(db: PgliteDb): Promise<Session> {
  return new Promise((ready, fail) => {
    let began = false;
    const done = db.transaction(
      (conn) =>
        new Promise<void>((resolve, reject) => {
          began = true;
          // Called after BEGIN has run, by which time `settled` below exists.
          ready({ conn, end: (commit) => (commit ? resolve() : reject(ROLLBACK)), done: settled });
        }),
    );
    const settled = done.catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
    settled.catch((err: unknown) => began || fail(err));
  });
}

/** Listens on `path` (replacing a socket a dead owner left there) and answers requests on `db`. */
export async function serveChannel(db: PgliteDb, path: string, opts: ChannelOptions = {}): Promise<ChannelServer> {
  const idleMs = opts.sessionIdleMs ?? 10_000;
  const sockets = new Set<Socket>();
  const sessions = new Set<Promise<void>>();

  const server = createServer((socket) => {
    sockets.add(socket);
    let chain = Promise.resolve();
    let session: Session | null = null;
    let idle: NodeJS.Timeout | undefined;
    const send = (m: ChannelResponse) => void (socket.destroyed || socket.write(encode(m)));
    const endSession = (commit: boolean) => {
      clearTimeout(idle);
      const s = session;
      session = null;
      s?.end(commit);
      return s;
    };

    const run = async (req: ChannelRequest): Promise<void> => {
      clearTimeout(idle);
      try {
        const target = session?.conn ?? db;
        if (req.op === 'begin') {
          if (session) throw new Error('a session is already open on this connection');
          session = await openSession(db);
          const ended = session.done.catch(() => {});
          sessions.add(ended);
          void ended.then(() => sessions.delete(ended));
          send({ id: req.id, rows: [] });
        } else if (req.op === 'commit' || req.op === 'rollback') {
          const s = endSession(req.op === 'commit');
          if (!s) throw new Error('no session is open on this connection');
          await s.done;
          send({ id: req.id, rows: [] });
        } else if (req.op === 'query') send({ id: req.id, rows: (await target.query(req.sql, req.params)).rows });
        else if (req.op === 'script') send({ id: req.id, rows: (await target.script(req.sql)).rows });
        else if (req.op === 'copy') {
          await target.copyFrom(req.sql, req.text);
          send({ id: req.id, rows: [] });
        } else throw new Error(`unknown request "${(req as { op: string }).op}"`);
      } catch (err) {
        const e = err as { message?: string; code?: unknown };
        send({ id: req.id, error: { message: e.message ?? String(err), ...(typeof e.code === 'string' ? { code: e.code } : {}) } });
      }
      if (session) {
        // The transaction holds the database for everyone: a client that stops talking must not keep it.
        idle = setTimeout(() => {
          opts.log?.warn({ idleMs }, 'a command left its database session idle; rolled it back and closed its connection');
          endSession(false);
          socket.destroy();
        }, idleMs);
      }
    };

    const read = lineReader<ChannelRequest>((req) => (chain = chain.then(() => run(req))));
    socket.on('data', (chunk: Buffer) => {
      try {
        read(chunk);
      } catch {
        // Not this protocol: nothing to answer.
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      endSession(false);
    });
  });

  rmSync(path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    path,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await Promise.all([closed, ...sessions]);
      rmSync(path, { force: true });
    },
  };
}
