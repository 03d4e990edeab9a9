/** The clicks and visitor_salts queries behind the click recorder. */
import type { ClickRow, ClickStore } from '../clicks/index.ts';
import { newSalt, utcDay } from '../clicks/index.ts';
import type { Queryable } from './types.ts';

// One INSERT for the whole batch: nine array parameters whatever the batch size, so no parameter limit applies.
const INSERT = `
  INSERT INTO clicks (id, clicked_at, provider, from_path, placement, is_bot, visitor_hash, user_agent, referrer)
  SELECT coalesce(u.id, nextval('clicks_id_seq')), u.clicked_at, u.provider, u.from_path, u.placement, u.is_bot, u.visitor_hash, u.user_agent, u.referrer
  FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[])
    AS u(id, clicked_at, provider, from_path, placement, is_bot, visitor_hash, user_agent, referrer)
  ON CONFLICT (id) DO NOTHING`;

const params = (rows: ClickRow[]) => [
  rows.map((r) => r.id),
  rows.map((r) => r.clickedAt.toISOString()),
  rows.map((r) => r.provider),
  rows.map((r) => r.fromPath),
  rows.map((r) => r.placement),
  rows.map((r) => r.isBot),
  rows.map((r) => r.visitorHash),
  rows.map((r) => r.userAgent),
  rows.map((r) => r.referrer),
];

/** SQLSTATE classes 22 (data exception) and 23 (constraint violation): the rows are at fault, not the connection. */
const isDataError = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown }).code ?? ''));

/** A ClickStore over the database; `onRejected` hears of rows the database refused (written one by one to find them). */
export function clickStore(db: Queryable, onRejected: (row: ClickRow, err: unknown) => void): ClickStore {
  return {
    async allocateIds(n) {
      const { rows } = await db.query<{ id: number }>("SELECT nextval('clicks_id_seq')::int8 AS id FROM generate_series(1, $1)", [n]);
      return rows.map((r) => Number(r.id));
    },
    async saltFor(day) {
      // Yesterday's salt goes as soon as anyone asks for today's: old hashes can then never be recomputed.
      if (day === utcDay(new Date())) await db.query('DELETE FROM visitor_salts WHERE day < $1', [day]);
      await db.query('INSERT INTO visitor_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, newSalt()]);
      const { rows } = await db.query<{ salt: string }>('SELECT salt FROM visitor_salts WHERE day = $1', [day]);
      return rows[0]!.salt;
    },
    async insert(rows) {
      try {
        await db.query(INSERT, params(rows));
      } catch (err) {
        // A bad row must not hold up its whole batch forever: write the rows singly and report the refused ones.
        if (!isDataError(err) || rows.length === 1) {
          if (rows.length === 1 && isDataError(err)) return onRejected(rows[0]!, err);
          throw err;
        }
        for (const row of rows) await this.insert([row]);
      }
    },
  };
}
