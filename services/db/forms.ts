/** The contact form's query (the newsletter's are in subscribers.ts). */
import type { Queryable } from './types.ts';

export interface ContactMessage {
  name: string;
  email: string;
  subject?: string;
  message: string;
}

/**
 * Stores a message exactly as sent (whatever displays it must escape it) and, when `notify` is given, queues its
 * forwarding there in the same statement: a message is never forwarded unsaved, nor saved unforwarded. `replyTo` is
 * the visitor's address once it has passed the email rule.
 */
export async function saveContactMessage(db: Queryable, m: ContactMessage, notify?: { to: string; replyTo?: string }): Promise<void> {
  await db.query(
    `WITH m AS (INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id)
     INSERT INTO mail_outbox (kind, ref_id, recipient, reply_to) SELECT 'contact-notify', id, $5, $6 FROM m WHERE $5::text IS NOT NULL`,
    [m.name, m.email, m.subject || null, m.message, notify?.to ?? null, notify?.replyTo ?? null],
  );
}

/** True when the database answers a trivial query within timeoutMs. */
export async function isUp(db: Queryable, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
