/** The scheduled price check's results (migration 027): stored per run, read back as the latest run's rows. */
import type { Queryable } from './types.ts';

/** One plan's one field as the check read it (services/prices/check.ts makes them). */
export interface PriceCheckRow {
  provider: string;
  plan: string;
  field: string;
  previous: number | null;
  found: number | null;
  changed: boolean;
  error: string | null;
}

export interface StoredPriceCheck extends PriceCheckRow {
  checkedAt: string;
}

/**
 * Stores one run and, when a price changed or could not be read and there is an owner to tell, queues the mail about
 * it, in one statement: a run is never stored unannounced, nor announced unstored. Runs older than a year are deleted.
 */
export async function savePriceCheck(db: Queryable, rows: readonly PriceCheckRow[], notifyTo?: string): Promise<void> {
  const changed = rows.filter((r) => r.changed && r.error === null).length;
  const failed = rows.filter((r) => r.error !== null).length;
  await db.query(
    `WITH run AS (INSERT INTO price_check_runs (changed, failed) VALUES ($2, $3) RETURNING id),
     saved AS (
       INSERT INTO price_checks (run_id, provider, plan, field, previous, found, changed, error)
       SELECT run.id, r.provider, r.plan, r.field, r.previous, r.found, r.changed, r.error
       FROM run, jsonb_to_recordset($1::jsonb) AS r(provider text, plan text, field text, previous numeric, found numeric, changed boolean, error text)
     )
     INSERT INTO mail_outbox (kind, ref_id, recipient)
     SELECT 'price-check', run.id, $4 FROM run WHERE $4::text IS NOT NULL AND ($2::int > 0 OR $3::int > 0)`,
    [JSON.stringify(rows), changed, failed, notifyTo ?? null],
  );
  await db.query("DELETE FROM price_check_runs WHERE checked_at < now() - interval '1 year'");
}

const COLUMNS = `to_char(c.checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "checkedAt",
  p.provider, p.plan, p.field, p.previous::float8 AS previous, p.found::float8 AS found, p.changed, p.error`;

/** One run's rows, in the order they were read; empty for a run that is gone. */
export async function priceCheckRun(db: Queryable, runId: number): Promise<StoredPriceCheck[]> {
  const { rows } = await db.query<StoredPriceCheck>(
    `SELECT ${COLUMNS} FROM price_checks p JOIN price_check_runs c ON c.id = p.run_id WHERE p.run_id = $1 ORDER BY p.id`,
    [runId],
  );
  return rows;
}

/** The latest result of each plan and field. */
export async function latestPriceChecks(db: Queryable): Promise<StoredPriceCheck[]> {
  const { rows } = await db.query<StoredPriceCheck>(
    `SELECT DISTINCT ON (p.provider, p.plan, p.field) ${COLUMNS}
     FROM price_checks p JOIN price_check_runs c ON c.id = p.run_id
     ORDER BY p.provider, p.plan, p.field, c.checked_at DESC, p.id DESC`,
  );
  return rows;
}

/** When the last run was, in milliseconds since the epoch; null before the first. */
export async function lastPriceCheck(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ at: number | null }>(
    'SELECT (extract(epoch FROM max(checked_at)) * 1000)::float8 AS at FROM price_check_runs',
  );
  return rows[0]?.at ?? null;
}
