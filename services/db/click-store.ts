/** The clicks and visitor_salts queries behind the click recorder. */
import type { ClickRow, ClickStore } from '../shared/click-row.ts';
import { clickLine, LINE_COLUMNS, linesOf, parseClickLine, withNewlines } from '../shared/click-line.ts';
import { newSalt, utcDay } from '../shared/visitor-hash.ts';
import type { Queryable } from './types.ts';

// A batch goes in as one COPY: PostgreSQL spent 7 µs of CPU per row on it against 12 µs for the INSERT below
// (500-row batches, medians of three runs). COPY needs every id, so rows without a reserved one (the database was
// away when they were clicked) take the INSERT. COPY cannot skip rows already stored either: a retried batch whose
// first attempt committed fails on the primary key, and its rows then go singly through the INSERT, which skips them.
/** The step clicks_id_seq counts in (migration 025): each value it gives out reserves this many ids. */
const ID_STEP = 1000;

const COPY = `COPY clicks (${LINE_COLUMNS}) FROM STDIN`;

/** The rows in COPY's text format: the line each row was journalled as, or one made now. */
function copyText(rows: ClickRow[]): string {
  return withNewlines(rows.map((r) => r.line ?? clickLine(r)));
}

// One INSERT for the whole batch, its rows sent as one JSON parameter: JSON.stringify is native, while pg escapes
// array parameters element by element in JavaScript, which cost the service about three times the CPU per batch.
// ON CONFLICT makes a batch stored again harmless: after an attempt that committed but whose answer was lost, or
// from the journal after a restart. It is the id for rows that have one, and click_key for those that do not.
const INSERT = `
  INSERT INTO clicks (id, click_key, clicked_at, provider, destination, paid, variant, country, device, from_path, placement, is_bot, over_budget, visitor_hash, user_agent, referrer)
  SELECT coalesce(u.id, nextval('clicks_id_seq')), u.key, u."clickedAt", u.provider, u.destination, coalesce(u.paid, u.destination = 'affiliate'), u.variant, u.country, u.device, u."fromPath", u.placement, u."isBot", u."overBudget", u."visitorHash", u."userAgent", u.referrer
  FROM json_to_recordset($1::json) AS u(id bigint, key uuid, "clickedAt" timestamptz, provider text, destination text, paid boolean, variant text, country text, device text, "fromPath" text, placement text,
    "isBot" boolean, "overBudget" boolean, "visitorHash" text, "userAgent" text, referrer text)
  ON CONFLICT DO NOTHING`;

/** The rows as JSON, keyed by ClickRow's field names. */
const params = (rows: ClickRow[]) => [JSON.stringify(rows)];

/** SQLSTATE classes 22 (data exception) and 23 (constraint violation): the rows are at fault, not the connection. */
const isDataError = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown }).code ?? ''));
const isDuplicate = (err: unknown) => (err as { code?: unknown }).code === '23505';

/** A ClickStore over the database; `onRejected` hears of rows the database refused (written one by one to find them). */
export function clickStore(db: Queryable, onRejected: (row: ClickRow, err: unknown) => void): ClickStore {
  /** Stores rows: by COPY when `copy` allows and every row has its id, otherwise by the INSERT. */
  async function insertRows(rows: ClickRow[], copy: boolean): Promise<void> {
    try {
      if (copy && rows.length > 1 && rows.every((r) => r.id !== null)) {
        try {
          await db.copyFrom(COPY, copyText(rows));
        } catch (err) {
          // Some of the rows are stored already (a batch from the journal, or retried): the INSERT skips those.
          if (!isDuplicate(err)) throw err;
          await db.query(INSERT, params(rows));
        }
      } else await db.query(INSERT, params(rows));
    } catch (err) {
      // A bad row must not hold up its whole batch forever: write the rows singly and report the refused ones. The
      // failed statement stored none of them; the single INSERTs skip any an earlier attempt stored.
      if (!isDataError(err) || rows.length === 1) {
        if (rows.length === 1 && isDataError(err)) return onRejected(rows[0]!, err);
        throw err;
      }
      for (const row of rows) await insertRows([row], false);
    }
  }

  return {
    async allocateIds(n) {
      // The sequence counts in steps of ID_STEP (migration 025): each nextval() reserves the ids from its value up to
      // the next step, so a block costs one call rather than one per id.
      const { rows } = await db.query<{ first: number }>("SELECT nextval('clicks_id_seq') AS first FROM generate_series(1, $1)", [
        Math.ceil(n / ID_STEP),
      ]);
      const ids: number[] = [];
      for (const { first } of rows) for (let i = 0; i < ID_STEP && ids.length < n; i++) ids.push(Number(first) + i);
      return ids;
    },
    async saltFor(day) {
      // Yesterday's salt goes as soon as anyone asks for today's: old hashes can then never be recomputed.
      if (day === utcDay(new Date())) await db.query('DELETE FROM visitor_salts WHERE day < $1', [day]);
      await db.query('INSERT INTO visitor_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, newSalt()]);
      const { rows } = await db.query<{ salt: string }>('SELECT salt FROM visitor_salts WHERE day = $1', [day]);
      return rows[0]!.salt;
    },
    insert: (rows) => insertRows(rows, true),
    async insertCopy(text) {
      try {
        await db.copyFrom(COPY, text);
      } catch (err) {
        // Stored already in part (retried, or read back from the journal), or a row the database refuses: the
        // INSERT, which skips the stored rows and, if it fails too, finds the bad row by writing each alone.
        if (!isDuplicate(err) && !isDataError(err)) throw err;
        await insertRows(
          linesOf(text).map((line) => parseClickLine(line)!),
          false,
        );
      }
    },
  };
}
