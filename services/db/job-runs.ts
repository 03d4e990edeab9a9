/** Scheduled work that several instances on one database run once per interval between them (migration 022). */
import type { Queryable } from './types.ts';

/**
 * Claims `job` when it last started at least `everyMs` ago (or never): true for exactly one of any number of callers
 * at once, which then runs it; false for the rest.
 */
export async function claimJob(db: Queryable, job: string, everyMs: number): Promise<boolean> {
  const { rows } = await db.query<{ job: string }>(
    `INSERT INTO job_runs (job, started_at) VALUES ($1, now())
     ON CONFLICT (job) DO UPDATE SET started_at = now() WHERE job_runs.started_at <= now() - make_interval(secs => $2)
     RETURNING job`,
    [job, everyMs / 1000],
  );
  return rows.length === 1;
}
