/**
 * The mail outbox. Rows are written in the transaction that causes the mail; senders take due rows with
 * FOR UPDATE SKIP LOCKED, so several services never send one mail twice, and push the row's next attempt ahead while
 * they hold it, so a sender that dies mid-send leaves the mail to be tried again rather than lost.
 */
import type { Queryable } from './types.ts';

export type MailKind = 'newsletter-confirm' | 'contact-notify' | 'price-check';

export interface OutboxRow {
  id: number;
  kind: MailKind;
  ref_id: number;
  recipient: string;
  reply_to: string | null;
  attempts: number;
  created_at: string;
}

/** Takes up to `limit` due mails and holds them for `holdSeconds`. */
export async function takeDueMail(db: Queryable, limit: number, holdSeconds: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
     WHERE id IN (SELECT id FROM mail_outbox WHERE state = 'queued' AND next_attempt_at <= now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id::int AS id, kind, ref_id::int AS ref_id, recipient, reply_to, attempts, created_at`,
    [limit, holdSeconds],
  );
  return rows.sort((a, b) => a.id - b.id);
}

export async function mailSent(db: Queryable, id: number, messageId: string | undefined): Promise<void> {
  await db.query(`UPDATE mail_outbox SET state = 'sent', finished_at = now(), message_id = $2, last_error = NULL WHERE id = $1`, [
    id,
    messageId ?? null,
  ]);
}

/** Finished without sending: `skipped` (nothing left to say) or `failed` (refused for good, or too old). */
export async function mailFinished(db: Queryable, id: number, state: 'skipped' | 'failed', why: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET state = $2, finished_at = now(), last_error = $3 WHERE id = $1`, [id, state, why.slice(0, 1000)]);
}

export async function mailRetry(db: Queryable, id: number, afterSeconds: number, why: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1`, [
    id,
    afterSeconds,
    why.slice(0, 1000),
  ]);
}

/** Queued mails, and the oldest one's age in seconds: what `/healthz` and the logs report. */
export async function outboxBacklog(db: Queryable): Promise<{ queued: number; oldestSeconds: number | null }> {
  const { rows } = await db.query<{ queued: number; oldest: number | null }>(
    `SELECT count(*)::int AS queued, floor(extract(epoch FROM now() - min(created_at)))::int AS oldest FROM mail_outbox WHERE state = 'queued'`,
  );
  return { queued: rows[0]!.queued, oldestSeconds: rows[0]!.oldest };
}
