/** PostgreSQL server access through pg.Pool (selected by DATABASE_URL). */
import pg from 'pg';
import { from as copyStream } from 'pg-copy-streams';
import type { Db, Queryable, Rows } from './types.ts';
import { isUnavailable, QueryTimeout } from './unavailable.ts';

// int8 (counts, ids) as JavaScript numbers, as PGlite returns them: ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function lastRows(result: pg.QueryResult | pg.QueryResult[]): Rows<Record<string, unknown>> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: last?.rows ?? [] };
}

/** Runs one COPY … FROM STDIN on a connection; resolves when the server has committed it, rejects after timeoutMs. */
function copyOn(client: pg.PoolClient, sql: string, text: string | Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // pg's query_timeout does not cover COPY's stream.
    const timer = timeoutMs > 0 ? setTimeout(() => reject(new QueryTimeout(timeoutMs)), timeoutMs) : undefined;
    const stream = client.query(copyStream(sql));
    stream.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    stream.on('finish', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.end(text);
  });
}

/**
 * While a connection is checked out the pool stops listening for its errors, so a server that ends the session
 * between two queries (a restart, pg_terminate_backend, a failover) would be an uncaught exception that takes the
 * process down. This listens for the time it is held; the returned function stops and gives the error, if any, so
 * the connection is closed on release instead of going back to the pool.
 */
function watchHeld(client: pg.PoolClient): () => Error | undefined {
  let lost: Error | undefined;
  const onError = (err: Error) => {
    lost = err;
  };
  client.on('error', onError);
  return () => {
    client.removeListener('error', onError);
    return lost;
  };
}

function wrap(client: pg.Pool | pg.PoolClient, timeoutMs: number): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    // Without parameters pg uses the simple protocol, which accepts several statements.
    script: async (sql: string) => lastRows((await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[]),
    async copyFrom(sql, text) {
      if (!(client instanceof pg.Pool)) return copyOn(client, sql, text, timeoutMs);
      const conn = await client.connect();
      const unwatch = watchHeld(conn);
      try {
        await copyOn(conn, sql, text, timeoutMs);
        conn.release(unwatch());
      } catch (err) {
        unwatch();
        // A connection whose COPY failed half-way is closed rather than handed to the next query.
        conn.release(err as Error);
        throw err;
      }
    },
  };
}

/**
 * Opens a pool; connections are made lazily, so this never fails while the server is down. With queryTimeoutMs, a
 * query without an answer in time fails and its connection is closed: a server that hangs without closing its
 * connections (stopped, or its host unreachable) then behaves like one that is down.
 */
export function openPg(url: string, opts: { max?: number; queryTimeoutMs?: number } = {}): Db {
  const timeoutMs = opts.queryTimeoutMs ?? 0;
  // No JIT: compiling took far longer than the report queries it was meant to speed up, whenever the planner
  // over-estimated a join (bench:report; docs/database.md); nothing this service runs is long enough to gain.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: 2000,
    options: '-c jit=off',
    ...(timeoutMs > 0 ? { query_timeout: timeoutMs } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return {
    kind: 'pg',
    ...wrap(pool, timeoutMs),
    async withConnection(fn) {
      const client = await pool.connect();
      const unwatch = watchHeld(client);
      let lost: Error | undefined;
      try {
        return await fn(wrap(client, timeoutMs));
      } catch (err) {
        // A connection that stopped answering is closed rather than handed to the next query.
        if (isUnavailable(err)) lost = err as Error;
        throw err;
      } finally {
        client.release(unwatch() ?? lost);
      }
    },
    close: () => pool.end(),
  };
}
