/**
 * The newsletter's list, with double opt-in. The form only records the sign-up (`recordSignup`); the service then
 * works it (`takeSignups`): a new address becomes pending and is sent a confirmation mail, a pending one is sent a
 * fresh one at most once an hour, an unsubscribed one starts again as pending, and a confirmed one is left as it is.
 * The sign-up's answer is thus the same, and costs the same, whoever signs up, except for a pending address whose
 * mail went out within the hour (`recentConfirmation`): it is told when rather than promised another.
 */
import { randomBytes } from 'node:crypto';
import { inTransaction } from './transaction.ts';
import type { Db, Queryable } from './types.ts';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** Stores a sign-up as it arrived: one insert, whatever is known of the address. */
export async function recordSignup(db: Queryable, email: string, source: string): Promise<void> {
  await db.query('INSERT INTO newsletter_signups (email, source) VALUES ($1, $2)', [email.trim().toLowerCase(), source.slice(0, 300)]);
}

import { CONFIRM_RESEND_MINUTES } from '../shared/pending.ts';

export { CONFIRM_RESEND_MINUTES };

/**
 * When the confirmation mail of a pending address went out, if that was within the last hour: a sign-up then sends
 * no new one, and its answer says so rather than promising a mail. Undefined for an address that is new, confirmed,
 * unsubscribed, or whose last mail is older, so that those answers stay alike.
 */
export async function recentConfirmation(db: Queryable, email: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ sent: Date | string }>(
    `SELECT confirm_sent_at AS sent FROM newsletter_subscribers
     WHERE email = lower(btrim($1)) AND status = 'pending' AND confirm_sent_at > now() - make_interval(mins => $2)`,
    [email, CONFIRM_RESEND_MINUTES],
  );
  const sent = rows[0]?.sent;
  return sent === undefined ? undefined : new Date(sent);
}

const newNonce = () => randomBytes(9).toString('base64url');

interface Existing {
  id: number;
  status: SubscriberStatus;
  mail_due: boolean;
}

/**
 * Works up to `limit` stored sign-ups in one transaction, queueing their confirmation mails in it; returns how many
 * it took. Several services may run it at once: each takes rows the others have not locked.
 */
export async function takeSignups(db: Db, limit = 100): Promise<number> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: number; email: string; source: string; received_at: string }>(
      `DELETE FROM newsletter_signups WHERE id IN (SELECT id FROM newsletter_signups ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id::int AS id, email, source, received_at`,
      [limit],
    );
    rows.sort((a, b) => a.id - b.id);
    for (const s of rows) {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO newsletter_subscribers (email, subscribed_at, consent_source, status, confirm_nonce, confirm_sent_at)
         VALUES ($1, $2, $3, 'pending', $4, now()) ON CONFLICT (email) DO NOTHING RETURNING id::int AS id`,
        [s.email, s.received_at, s.source, newNonce()],
      );
      let mailFor = inserted.rows[0]?.id;
      if (mailFor === undefined) {
        const { rows: found } = await tx.query<Existing>(
          `SELECT id::int AS id, status, (confirm_sent_at IS NULL OR confirm_sent_at <= now() - make_interval(mins => $2)) AS mail_due
           FROM newsletter_subscribers WHERE email = $1 FOR UPDATE`,
          [s.email, CONFIRM_RESEND_MINUTES],
        );
        const row = found[0];
        if (!row || row.status === 'confirmed') continue;
        // A new consent: its time and place replace the old, and a link sent before the unsubscribe no longer works.
        await tx.query(
          `UPDATE newsletter_subscribers SET status = 'pending', subscribed_at = $2, consent_source = $3,
             confirm_nonce = CASE WHEN status = 'unsubscribed' OR confirm_nonce IS NULL THEN $4 ELSE confirm_nonce END,
             confirmed_at = NULL, unsubscribed_at = NULL,
             confirm_sent_at = CASE WHEN $5::boolean THEN now() ELSE confirm_sent_at END
           WHERE id = $1`,
          [row.id, s.received_at, s.source, newNonce(), row.mail_due],
        );
        if (row.mail_due) mailFor = row.id;
      }
      if (mailFor !== undefined) {
        await tx.query(`INSERT INTO mail_outbox (kind, ref_id, recipient) VALUES ('newsletter-confirm', $1, $2)`, [mailFor, s.email]);
      }
    }
    return rows.length;
  });
}

export interface Subscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  confirm_nonce: string | null;
}

export async function getSubscriber(db: Queryable, id: number): Promise<Subscriber | undefined> {
  const { rows } = await db.query<Subscriber>(
    'SELECT id::int AS id, email, status, confirm_nonce FROM newsletter_subscribers WHERE id = $1',
    [id],
  );
  return rows[0];
}

/**
 * Confirms a pending sign-up whose nonce the link carries. `confirmed` also when it already was (a link followed
 * twice); `stale` when the link belongs to an earlier sign-up, or the address was unsubscribed or erased since.
 */
export async function confirmSubscriber(db: Queryable, id: number, nonce: string): Promise<'confirmed' | 'stale'> {
  const { rows } = await db.query<{ status: SubscriberStatus }>(
    `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = coalesce(confirmed_at, now())
     WHERE id = $1 AND confirm_nonce = $2 AND status IN ('pending', 'confirmed') RETURNING status`,
    [id, nonce],
  );
  return rows.length ? 'confirmed' : 'stale';
}

/**
 * Unsubscribes, keeping the row marked so that no export includes the address again, and drops its queued
 * confirmation mail. `gone` when no such subscriber is left (erased): there is then nothing to send to either.
 */
export async function unsubscribe(db: Queryable, id: number): Promise<'unsubscribed' | 'gone'> {
  const { rows } = await db.query<{ n: number }>(
    `WITH u AS (UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now())
                WHERE id = $1 RETURNING id),
          o AS (UPDATE mail_outbox SET state = 'skipped', finished_at = now(), last_error = 'unsubscribed before it was sent'
                WHERE kind = 'newsletter-confirm' AND ref_id IN (SELECT id FROM u) AND state = 'queued')
     SELECT count(*)::int AS n FROM u`,
    [id],
  );
  return rows[0]!.n ? 'unsubscribed' : 'gone';
}

/** Unsubscribes by address, for requests that reach the owner by mail; false when the address is not on the list. */
export async function unsubscribeAddress(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>('SELECT id::int AS id FROM newsletter_subscribers WHERE email = lower(btrim($1))', [
    email,
  ]);
  return rows[0] ? (await unsubscribe(db, rows[0].id)) === 'unsubscribed' : false;
}

export interface ExportedSubscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  subscribed_at: string;
  consent_source: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

const UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Subscribers with the given status (or all), oldest sign-up first. */
export async function listSubscribers(db: Queryable, status: SubscriberStatus | 'all'): Promise<ExportedSubscriber[]> {
  const { rows } = await db.query<ExportedSubscriber>(
    `SELECT id::int AS id, email, status, ${UTC('subscribed_at')} AS subscribed_at, consent_source,
            ${UTC('confirmed_at')} AS confirmed_at, ${UTC('unsubscribed_at')} AS unsubscribed_at
     FROM newsletter_subscribers WHERE $1 = 'all' OR status = $1 ORDER BY subscribed_at, id`,
    [status],
  );
  return rows;
}

/** Days an address may stay pending (unconfirmed) before it is deleted. */
export const UNCONFIRMED_DAYS = 30;

/**
 * Deletes sign-ups never confirmed within UNCONFIRMED_DAYS, with their mails: without a confirmation there is no
 * consent to keep the address for. Addresses from before double opt-in (no consent_source) are left for the owner.
 */
export async function purgeUnconfirmed(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM newsletter_subscribers
                   WHERE status = 'pending' AND consent_source IS NOT NULL AND subscribed_at < now() - make_interval(days => $1)
                   RETURNING id),
          mails AS (DELETE FROM mail_outbox WHERE kind = 'newsletter-confirm' AND ref_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    [UNCONFIRMED_DAYS],
  );
  return rows[0]!.n;
}
