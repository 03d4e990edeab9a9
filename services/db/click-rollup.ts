/** Brings the daily click rollup up to date: recomputes every day the click writes marked stale (migration 005). */
import type { Queryable } from './types.ts';

/**
 * Recomputes each stale day of the click rollup and of the page-view rollup (migration 019), one transaction per
 * day; returns the click days refreshed.
 *
 * With `settled` (the schedule's), a click day is recomputed only once no click has been written to it since the
 * previous look, whose write counts the map keeps. A day still being written is marked stale again by the next
 * batch, 50 ms after its recount, so the recount (the whole day, every interval) bought reports nothing: they read
 * a stale day from the raw clicks, and stay exact either way. Under load it cost PostgreSQL about as much CPU as storing the clicks.
 */
export async function refreshClickRollup(db: Queryable, settled?: Map<string, number>): Promise<string[]> {
  const stale = await db.query<{ day: string; writes: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, writes FROM click_rollup_stale ORDER BY day`,
  );
  let rows = stale.rows;
  if (settled) {
    const seen = new Map(rows.map((r) => [r.day, Number(r.writes)]));
    rows = rows.filter((r) => settled.get(r.day) === Number(r.writes));
    settled.clear();
    for (const [day, writes] of seen) settled.set(day, writes);
  }
  for (const { day } of rows) await db.query('SELECT refresh_click_rollup($1::date)', [day]);
  const views = await db.query<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM page_view_rollup_stale ORDER BY day`);
  for (const { day } of views.rows) await db.query('SELECT refresh_page_view_rollup($1::date)', [day]);
  return rows.map((r) => r.day);
}
