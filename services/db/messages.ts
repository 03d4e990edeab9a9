/** What the owner does with what the forms collected: read and handle contact messages, and erase an address. */
import type { Queryable } from './types.ts';

/** One contact message as the owner reads it. */
export type StoredMessage = {
  id: number;
  received_at: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  handled_at: string | null;
};

const COLUMNS = `id::int AS id, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS received_at, name, email, subject, message,
  to_char(handled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS handled_at`;

/** Messages newest first; `since` is a UTC day (YYYY-MM-DD), `unhandled` leaves out the handled ones. */
export async function listMessages(db: Queryable, opts: { since?: string; unhandled?: boolean } = {}): Promise<StoredMessage[]> {
  const { rows } = await db.query<StoredMessage>(
    `SELECT ${COLUMNS} FROM contact_messages
     WHERE ($1::date IS NULL OR received_at >= $1::date::timestamp AT TIME ZONE 'UTC') AND (NOT $2::boolean OR handled_at IS NULL)
     ORDER BY received_at DESC, id DESC`,
    [opts.since ?? null, opts.unhandled ?? false],
  );
  return rows;
}

/** One message by id, or undefined. */
export async function getMessage(db: Queryable, id: number): Promise<StoredMessage | undefined> {
  const { rows } = await db.query<StoredMessage>(`SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
  return rows[0];
}

/** Marks messages handled (those already handled keep their time); returns the ids that exist. */
export async function handleMessages(db: Queryable, ids: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'UPDATE contact_messages SET handled_at = coalesce(handled_at, now()) WHERE id = ANY($1::bigint[]) RETURNING id::int AS id',
    [ids],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** What an erasure removed. */
export interface Erased {
  subscribers: number;
  messages: number;
  /** Sign-ups not yet worked, and mails to, about or on behalf of the address, sent or not. */
  signups: number;
  mails: number;
}

/**
 * Erases everything stored under an address (a right-to-erasure request): its newsletter sign-up, every contact
 * message sent from it, and every mail to it or forwarding its messages. One statement, so it is all or nothing.
 * Addresses are compared trimmed and case-blind, as the forms store and a person types them.
 */
export async function forgetAddress(db: Queryable, email: string): Promise<Erased> {
  const { rows } = await db.query<Erased>(
    `WITH s AS (DELETE FROM newsletter_subscribers WHERE email = lower(btrim($1)) RETURNING id),
          q AS (DELETE FROM newsletter_signups WHERE email = lower(btrim($1)) RETURNING 1),
          m AS (DELETE FROM contact_messages WHERE lower(btrim(email)) = lower(btrim($1)) RETURNING id),
          o AS (DELETE FROM mail_outbox
                WHERE lower(recipient) = lower(btrim($1)) OR lower(reply_to) = lower(btrim($1))
                   OR (kind = 'newsletter-confirm' AND ref_id IN (SELECT id FROM s))
                   OR (kind = 'contact-notify' AND ref_id IN (SELECT id FROM m))
                RETURNING 1)
     SELECT (SELECT count(*) FROM s)::int AS subscribers, (SELECT count(*) FROM m)::int AS messages,
            (SELECT count(*) FROM q)::int AS signups, (SELECT count(*) FROM o)::int AS mails`,
    [email],
  );
  return rows[0]!;
}
