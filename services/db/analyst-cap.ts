/**
 * The analyst role's statements stop at its cap whatever the session sets. The cap is the role's own
 * statement_timeout (for this database, or else for the role), which a session may lift with SET; so the service
 * cancels, every few seconds, each analyst statement that has run past it. PostgreSQL only: the embedded database
 * has no analyst sessions.
 */
import type { Queryable } from './types.ts';

export interface Cancelled {
  pid: number;
  seconds: number;
  query: string;
}

// The role's setting, as a database's or the role's own; a bare number is milliseconds, as PostgreSQL reads it.
const SQL = `
WITH setting AS (
  SELECT split_part(s, '=', 2) AS v
  FROM pg_catalog.pg_db_role_setting r, unnest(r.setconfig) s
  WHERE r.setrole = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = 'analyst')
    AND r.setdatabase IN (0, (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database()))
    AND s LIKE 'statement_timeout=%'
  ORDER BY r.setdatabase DESC
  LIMIT 1
), cap AS (
  SELECT CASE WHEN v ~ '^\\d+$' THEN (v || ' milliseconds')::interval ELSE v::interval END AS cap FROM setting
)
SELECT a.pid, extract(epoch FROM now() - a.query_start)::float8 AS seconds, left(a.query, 120) AS query,
       pg_catalog.pg_cancel_backend(a.pid) AS cancelled
FROM pg_catalog.pg_stat_activity a, cap
WHERE a.usename = 'analyst' AND a.state = 'active' AND a.datname = current_database()
  AND cap.cap > interval '0' AND now() - a.query_start > cap.cap`;

/** Cancels the analyst's statements past the role's cap; returns those it cancelled. */
export async function cancelOverCap(db: Queryable): Promise<Cancelled[]> {
  const { rows } = await db.query<Cancelled & { cancelled: boolean }>(SQL);
  return rows.filter((r) => r.cancelled).map(({ pid, seconds, query }) => ({ pid, seconds, query }));
}
