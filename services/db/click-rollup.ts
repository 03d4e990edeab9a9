/** Brings the daily click rollup up to date: recomputes every day the click writes marked stale (migration 005). */
import type { Queryable } from './types.ts';

/**
 * Recomputes each stale day of the click rollup and of the page-view rollup (migration 019), one transaction per
 * day; returns the click days refreshed.
 */
export async function refreshClickRollup(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM click_rollup_stale ORDER BY day`);
  for (const { day } of rows) await db.query('SELECT refresh_click_rollup($1::date)', [day]);
  const views = await db.query<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM page_view_rollup_stale ORDER BY day`);
  for (const { day } of views.rows) await db.query('SELECT refresh_page_view_rollup($1::date)', [day]);
  return rows.map((r) => r.day);
}
