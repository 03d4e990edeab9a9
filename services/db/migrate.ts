/** Applies services/db/migrations/NNN.do.<name>.sql with postgrator, through the same interface for both databases. */
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Db, Queryable } from './types.ts';

const MIGRATIONS = fileURLToPath(new URL('./migrations/*.sql', import.meta.url));
// Any fixed number: every instance starting at once takes the same lock, so only one migrates at a time.
const LOCK_ID = 7_263_401;
/** How often a migration waiting for the lock says who holds it. */
export const LOCK_REPORT_MS = 5000;
const TRY_EVERY_MS = 250;

export interface MigrateOptions {
  /** Told every LOCK_REPORT_MS while another session holds the migration lock: who it is. */
  onWait?: (holder: string, waitedMs: number) => void;
}

/** Who holds the migration lock, in words: the session's process, role, program, address and what it last ran. */
async function lockHolder(conn: Queryable): Promise<string> {
  const { rows } = await conn.query<{
    pid: number;
    usename: string;
    app: string;
    addr: string | null;
    state: string;
    since: Date;
    query: string;
  }>(
    `SELECT a.pid, a.usename, a.application_name AS app, a.client_addr::text AS addr, a.state, a.backend_start AS since, left(a.query, 100) AS query
     FROM pg_catalog.pg_locks l JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1`,
    [LOCK_ID],
  );
  const h = rows[0];
  if (!h) return 'a session this role may not see (pg_stat_activity shows other roles to superusers and pg_read_all_stats)';
  const from = h.addr ? ` from ${h.addr}` : ' on a local socket';
  return `process ${h.pid}, role ${h.usename}${h.app ? `, program "${h.app}"` : ''}${from}, connected ${h.since.toISOString()}, ${h.state}: ${h.query}`;
}

/** Takes the migration lock, saying every LOCK_REPORT_MS who holds it meanwhile. */
async function lock(conn: Queryable, opts: MigrateOptions): Promise<void> {
  const started = Date.now();
  let reportAt = started + LOCK_REPORT_MS;
  for (;;) {
    const { rows } = await conn.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [LOCK_ID]);
    if (rows[0]!.got) return;
    if (Date.now() >= reportAt) {
      opts.onWait?.(await lockHolder(conn), Date.now() - started);
      reportAt = Date.now() + LOCK_REPORT_MS;
    }
    await new Promise((r) => setTimeout(r, TRY_EVERY_MS));
  }
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrate(db: Db, opts: MigrateOptions = {}): Promise<string[]> {
  return db.withConnection(async (conn) => {
    if (db.kind === 'pg') await lock(conn, opts);
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
