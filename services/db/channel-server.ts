/**
 * The owner's side of the local channel: other vpnsite commands reach the embedded database through the process that
 * holds its directory, never by opening the directory a second time. It listens on a Unix socket that only the
 * directory's user can open. Requests on one connection run in order. A session (`begin` … `commit`) is one PGlite
 * transaction, which holds the database while it lasts, so a session whose client goes quiet is rolled back. Every
 * statement has a time limit (the request's, or 30 s), past which it is stopped: a forgotten query must not hold the
 * service's own writes for ever.
 *
 * PGlite's own socket server was measured for this and left out: docs/database.md says why.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import {
  ALIVE_EVERY_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  encode,
  lineReader,
  type ChannelRequest,
  type ChannelResponse,
} from './channel-codec.ts';
import type { PgliteDb, PgliteSession } from './pglite.ts';

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

/** Listens on `path` (replacing a socket a dead owner left there) and answers requests on `db`. */
export async function serveChannel(db: PgliteDb, path: string, opts: ChannelOptions = {}): Promise<ChannelServer> {
  const idleMs = opts.sessionIdleMs ?? 10_000;
  const sockets = new Set<Socket>();
  const sessions = new Set<Promise<void>>();
  /** Per connection: rolls back its open session, if any. */
  const rollbacks = new Set<() => void>();

  const server = createServer((socket) => {
    sockets.add(socket);
    let chain = Promise.resolve();
    let session: PgliteSession | null = null;
    let idle: NodeJS.Timeout | undefined;
    const send = (m: ChannelResponse) => void (socket.destroyed || socket.write(encode(m)));
    /** Ends the open session; resolves once the database is free again. */
    const endSession = (commit: boolean): Promise<void> | undefined => {
      clearTimeout(idle);
      const s = session;
      session = null;
      if (!s) return undefined;
      const ended = s.end(commit);
      const settled = ended.catch(() => {});
      sessions.add(settled);
      void settled.then(() => sessions.delete(settled));
      return ended;
    };

    const rollback = () => void endSession(false)?.catch(() => {});
    rollbacks.add(rollback);

    const run = async (req: ChannelRequest): Promise<void> => {
      clearTimeout(idle);
      // The command hears from the service while the statement runs, however long it takes.
      const alive = setInterval(() => send({ alive: true }), ALIVE_EVERY_MS);
      try {
        // A command waits its turn behind the service's work however long that takes; it hears that we are alive.
        const limits = { statementTimeoutMs: req.timeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS, startTimeoutMs: 0 };
        const target = session?.conn ?? db.limited(limits);
        if (req.op === 'begin') {
          if (session) throw new Error('a session is already open on this connection');
          session = await db.begin(limits);
          // The client left while the transaction began: nobody will end it.
          if (socket.destroyed) return rollback();
          send({ id: req.id, rows: [] });
        } else if (req.op === 'commit' || req.op === 'rollback') {
          const ended = endSession(req.op === 'commit');
          if (!ended) throw new Error('no session is open on this connection');
          await ended;
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
      } finally {
        clearInterval(alive);
      }
      if (session) {
        // The transaction holds the database for everyone: a client that stops talking must not keep it.
        idle = setTimeout(() => {
          opts.log?.warn({ idleMs }, 'a command left its database session idle; rolled it back and closed its connection');
          void endSession(false)?.catch(() => {});
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
      rollbacks.delete(rollback);
      rollback();
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
      for (const rollback of rollbacks) rollback();
      for (const s of sockets) s.destroy();
      await Promise.all([closed, ...sessions]);
      rmSync(path, { force: true });
    },
  };
}
