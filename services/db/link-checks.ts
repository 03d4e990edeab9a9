/** The link check's results: stored per run, read back as the latest result of each link. */
import type { Queryable } from './types.ts';

/** One link's check, as the health check makes it and the table keeps it. */
export interface Hop {
  url: string;
  status: number;
}

export interface LinkResult {
  provider: string;
  link: string;
  url: string;
  finalUrl: string | null;
  /** The final HTTP status, or null when the network failed. */
  status: number | null;
  /** It ends in a page that answers (2xx) after at most MAX_HOPS redirects, without a loop. */
  ok: boolean;
  /** What a person should look at: empty when all is well. */
  problems: string[];
  hops: Hop[];
}

/** Stores one run's results (one statement) and deletes runs older than 90 days. */
export async function saveLinkChecks(db: Queryable, results: readonly LinkResult[]): Promise<void> {
  await db.query(
    `INSERT INTO link_checks (provider, link, url, final_url, status, ok, problems, hops)
     SELECT provider, link, url, "finalUrl", status, ok, ARRAY(SELECT jsonb_array_elements_text(problems)), hops
     FROM jsonb_to_recordset($1::jsonb) AS r(provider text, link text, url text, "finalUrl" text, status int, ok boolean, problems jsonb, hops jsonb)`,
    [JSON.stringify(results)],
  );
  await db.query("DELETE FROM link_checks WHERE checked_at < now() - interval '90 days'");
}

export interface StoredLinkCheck extends LinkResult {
  checkedAt: string;
}

/** The latest result of each link, by provider and link. */
export async function latestLinkChecks(db: Queryable): Promise<StoredLinkCheck[]> {
  const { rows } = await db.query<StoredLinkCheck>(
    `SELECT DISTINCT ON (provider, link) to_char(checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "checkedAt",
            provider, link, url, final_url AS "finalUrl", status, ok, problems, hops
     FROM link_checks ORDER BY provider, link, checked_at DESC`,
  );
  return rows;
}

/** When the last run was, in milliseconds since the epoch; null before the first. */
export async function lastLinkCheck(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ at: number | null }>(
    'SELECT (extract(epoch FROM max(checked_at)) * 1000)::float8 AS at FROM link_checks',
  );
  return rows[0]?.at ?? null;
}
