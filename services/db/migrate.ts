/** Applies services/db/migrations/NNN.do.<name>.sql with postgrator, through the same interface for both databases. */
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Db } from './types.ts';

const MIGRATIONS = fileURLToPath(new URL('./migrations/*.sql', import.meta.url));
// Any fixed number: every instance starting at once takes the same lock, so only one migrates at a time.
const LOCK_ID = 7_263_401;

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrate(db: Db): Promise<string[]> {
  return db.withConnection(async (conn) => {
    if (db.kind === 'pg') await conn.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    try {
      const postgrator = new Postgrator({
        migrationPattern: MIGRATIONS,
        driver: 'pg',
        schemaTable: 'schemaversion',
        currentSchema: 'public',
        execQuery: (sql) => conn.script(sql),
      });
      const applied = await postgrator.migrate();
      return applied.map((m) => `${String(m.version).padStart(3, '0')}.${m.name}`);
    } finally {
      if (db.kind === 'pg') await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]);
    }
  });
}
