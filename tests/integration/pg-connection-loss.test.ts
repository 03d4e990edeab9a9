/**
 * A connection the server ends while the service holds it (a transaction between two queries, a restart, an
 * administrator's pg_terminate_backend) fails that work, and never the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPg } from '../../services/db/pg.ts';
import type { Db } from '../../services/db/types.ts';
import { isUnavailable } from '../../services/db/unavailable.ts';
import { useOwnPostgres } from '../helpers/service.ts';

describe('a held PostgreSQL connection that the server ends', () => {
  const own = useOwnPostgres();
  let db: Db;
  beforeAll(() => {
    db = openPg(own.databaseUrl());
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Ends one backend and waits until the server has let it go, so its goodbye is on the wire before the next query. */
  async function terminate(pid: number) {
    await db.query('SELECT pg_terminate_backend($1)', [pid]);
    let left = 1;
    while (left > 0)
      left = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0]!.n;
  }

  it('fails the work that held it, not the process, and the next work gets a fresh connection', async () => {
    const held = db.withConnection(async (conn) => {
      await conn.query('BEGIN');
      const pid = (await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await terminate(pid);
      await conn.query('SELECT 1');
    });
    // Failed as "the database could not be reached": forms send their failed page, clicks wait in the buffer.
    const err = await held.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUnavailable(err), String(err)).toBe(true);
    expect((await db.withConnection((conn) => conn.query<{ one: number }>('SELECT 1 AS one'))).rows).toEqual([{ one: 1 }]);
  });
});
