/** Runs work as one transaction on whichever database is behind a Db. */
import type { PgliteDb } from './pglite.ts';
import type { Db, Queryable } from './types.ts';

/** Committed when fn resolves, rolled back when it throws. */
export async function inTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  // The embedded database opened in this process.
  if (typeof (db as Partial<PgliteDb>).transaction === 'function') return (db as PgliteDb).transaction(fn);
  // Through the service that owns the embedded database, a session already is one transaction.
  if (db.kind === 'pglite') return db.withConnection(fn);
  return db.withConnection(async (conn) => {
    await conn.query('BEGIN');
    try {
      const result = await fn(conn);
      await conn.query('COMMIT');
      return result;
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => {});
      throw err;
    }
  });
}
