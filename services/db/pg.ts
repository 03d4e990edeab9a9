/** PostgreSQL server access through pg.Pool (selected by DATABASE_URL). */
import pg from 'pg';
import { from as copyStream } from 'pg-copy-streams';
import type { Db, Queryable, Rows } from './types.ts';

// int8 (counts, ids) as JavaScript numbers, as PGlite returns them: ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function lastRows(result: pg.QueryResult | pg.QueryResult[]): Rows<Record<string, unknown>> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: last?.rows ?? [] };
}

/** Runs one COPY … FROM STDIN on a connection; resolves when the server has committed it. */
function copyOn(client: pg.PoolClient, sql: string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyStream(sql));
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(text);
  });
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    // Without parameters pg uses the simple protocol, which accepts several statements.
    script: async (sql: string) => lastRows((await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[]),
    async copyFrom(sql, text) {
      if (!(client instanceof pg.Pool)) return copyOn(client, sql, text);
      const conn = await client.connect();
      try {
        await copyOn(conn, sql, text);
        conn.release();
      } catch (err) {
        // A connection whose COPY failed half-way is closed rather than handed to the next query.
        conn.release(err as Error);
        throw err;
      }
    },
  };
}

/** Opens a pool; connections are made lazily, so this never fails while the server is down. */
export function openPg(url: string, opts: { max?: number } = {}): Db {
  // No JIT: compiling took 150–250 ms (measured by bench:report) for report queries that run in a few
  // milliseconds, whenever the planner over-estimated a join; nothing this service runs is long enough to gain.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 2000, options: '-c jit=off' });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return {
    kind: 'pg',
    ...wrap(pool),
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(wrap(client));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
