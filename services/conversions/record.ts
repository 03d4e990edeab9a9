/**
 * One conversion as a network reports it, checked the same way whether it came as a postback or a CSV row, and
 * stored idempotently on (network, txid).
 */
import type { Queryable } from '../db/types.ts';

export const STATUSES = ['approved', 'pending', 'reversed'] as const;
export type ConversionStatus = (typeof STATUSES)[number];

export interface Conversion {
  network: string;
  txid: string;
  /** The click id as sent (the sub-ID), or null when the network sent none. */
  clickRef: string | null;
  /** An exact decimal, e.g. "12.50"; negative for a refund reported as an amount. */
  amount: string;
  /** ISO 4217, upper case. */
  currency: string;
  status: ConversionStatus;
  /** The network's own time of this report (`ts`: Unix seconds or ISO 8601), when it sends one. */
  networkAt: string | null;
  /** The network's own sequence number of this report (`seq`), when it sends one. */
  networkSeq: string | null;
}

/** Every field a postback or a CSV row may carry, and so every field a postback's signature must cover. */
export const FIELD_NAMES = ['click_id', 'txid', 'amount', 'currency', 'status', 'ts', 'seq'] as const;
export type Fields = Partial<Record<(typeof FIELD_NAMES)[number], string>>;

/** C0 controls (NUL included) and DEL: no network id, amount or status holds one, and a database text column refuses NUL. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f]/;

/** A network's timestamp, Unix seconds (or milliseconds) or ISO 8601, as ISO; undefined when it is not one. */
function networkTime(value: string): string | undefined {
  const n = /^\d{9,13}$/.test(value)
    ? Number(value) * (value.length > 11 ? 1 : 1000)
    : /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)
      ? Date.parse(value)
      : NaN;
  return Number.isFinite(n) ? new Date(n).toISOString() : undefined;
}

/** Other words networks use for the three statuses. */
const STATUS_WORDS: Record<string, ConversionStatus> = {
  approved: 'approved',
  approve: 'approved',
  confirmed: 'approved',
  paid: 'approved',
  accepted: 'approved',
  '1': 'approved',
  pending: 'pending',
  open: 'pending',
  'on hold': 'pending',
  '0': 'pending',
  reversed: 'reversed',
  reverse: 'reversed',
  rejected: 'reversed',
  declined: 'reversed',
  cancelled: 'reversed',
  canceled: 'reversed',
  refunded: 'reversed',
  '-1': 'reversed',
};

/**
 * A conversion from its fields, or a sentence saying what is wrong with them. `grouped` (a network's CSV report)
 * also takes thousands separators before a decimal point, "1,000.00", which no other reading makes ambiguous.
 */
export function parseConversion(network: string, f: Fields, opts: { grouped?: boolean } = {}): Conversion | string {
  for (const [k, v] of Object.entries(f))
    if (v !== undefined && CONTROL.test(v)) return `${k} holds a control character (NUL, a line break, …): no network sends one`;
  const txid = f.txid?.trim();
  if (!txid) return "txid is missing: the network's transaction id makes a report of the same sale idempotent";
  if (txid.length > 200) return 'txid is longer than 200 characters';
  // A comma is refused, not guessed at: "12,50" is 12.50 in much of Europe and 1250 to a US spreadsheet.
  const written = f.amount?.trim();
  const amount = opts.grouped && written && /^-?\d{1,3}(,\d{3})+\.\d{1,4}$/.test(written) ? written.replace(/,/g, '') : written;
  if (!amount || !/^-?\d{1,12}(\.\d{1,4})?$/.test(amount))
    return `amount must be a decimal number with a dot and at most 4 decimal places, such as 12.50 (found "${f.amount ?? ''}")`;
  const currency = f.currency?.trim().toUpperCase();
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    return `currency must be a three-letter ISO 4217 code such as USD (found "${f.currency ?? ''}")`;
  const status = STATUS_WORDS[(f.status ?? '').trim().toLowerCase()];
  if (!status) return `status must be approved, pending or reversed (found "${f.status ?? ''}")`;
  const clickRef = f.click_id?.trim() || null;
  if (clickRef && clickRef.length > 200) return 'click_id is longer than 200 characters';
  const ts = f.ts?.trim() || undefined;
  const networkAt = ts === undefined ? null : networkTime(ts);
  if (networkAt === undefined) return `ts must be the network's time of the report, Unix seconds or ISO 8601 (found "${ts}")`;
  const seq = f.seq?.trim() || null;
  if (seq !== null && !/^\d{1,18}$/.test(seq)) return `seq must be the network's sequence number, a whole number (found "${seq}")`;
  return { network, txid, clickRef, amount, currency, status, networkAt, networkSeq: seq };
}

export type Outcome = 'added' | 'updated' | 'unchanged';

/**
 * Stores a conversion: added, updated (a new status, amount or click), or unchanged (a replay, or a report the stored
 * one outranks). A report older than the stored one by the network's timestamp or sequence never replaces it, and a
 * reversal stands against any report that is not newer by one of them: a replayed approval cannot undo it.
 */
export async function recordConversion(
  db: Queryable,
  c: Conversion,
  source: 'postback' | 'import',
): Promise<{ outcome: Outcome; matched: boolean }> {
  const clickId = c.clickRef && /^\d{1,18}$/.test(c.clickRef) ? c.clickRef : null;
  // The click's day and columns are copied in, so reports group conversions without joining them to the clicks.
  const { rows } = await db.query<{ inserted: boolean; changed: boolean; matched: boolean }>(
    `WITH up AS (
       INSERT INTO conversions (network, txid, click_ref, click_id, amount, currency, status, source,
                                click_day, provider, from_path, placement, destination, variant, country, device, network_at, network_seq)
       SELECT $1, $2, $3, $4::bigint, $5::numeric, $6, $7, $8,
              (c.clicked_at AT TIME ZONE 'UTC')::date, c.provider, c.from_path, c.placement, c.destination, c.variant, c.country, c.device, $9::timestamptz, $10::bigint
       FROM (SELECT 1) AS one LEFT JOIN clicks c ON c.id = $4::bigint
       ON CONFLICT (network, txid) DO UPDATE SET
         click_ref = EXCLUDED.click_ref, click_id = EXCLUDED.click_id, amount = EXCLUDED.amount, currency = EXCLUDED.currency,
         status = EXCLUDED.status, updated_at = now(), click_day = EXCLUDED.click_day, provider = EXCLUDED.provider,
         from_path = EXCLUDED.from_path, placement = EXCLUDED.placement, destination = EXCLUDED.destination,
         variant = EXCLUDED.variant, country = EXCLUDED.country, device = EXCLUDED.device,
         network_at = coalesce(EXCLUDED.network_at, conversions.network_at), network_seq = coalesce(EXCLUDED.network_seq, conversions.network_seq)
       WHERE (conversions.status, conversions.amount, conversions.currency, conversions.click_ref)
             IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.amount, EXCLUDED.currency, EXCLUDED.click_ref)
         AND NOT coalesce(EXCLUDED.network_seq < conversions.network_seq OR EXCLUDED.network_at < conversions.network_at, false)
         AND (conversions.status <> 'reversed'
              OR coalesce(EXCLUDED.network_seq > conversions.network_seq, false)
              OR coalesce(EXCLUDED.network_at > coalesce(conversions.network_at, conversions.updated_at), false))
       RETURNING (xmax = 0) AS inserted
     )
     SELECT coalesce((SELECT inserted FROM up), false) AS inserted,
            EXISTS (SELECT 1 FROM up) AS changed,
            EXISTS (SELECT 1 FROM clicks WHERE id = $4::bigint) AS matched`,
    [c.network, c.txid, c.clickRef, clickId, c.amount, c.currency, c.status, source, c.networkAt, c.networkSeq],
  );
  const r = rows[0]!;
  return { outcome: r.inserted ? 'added' : r.changed ? 'updated' : 'unchanged', matched: r.matched };
}
