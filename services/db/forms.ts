/** The two forms' queries: newsletter sign-ups and contact messages. */
import type { Queryable } from './types.ts';

/** Adds an address (trimmed, lower-cased); an address already on the list is left as it is. */
export async function subscribe(db: Queryable, email: string): Promise<void> {
  await db.query('INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT (email) DO NOTHING', [email.trim().toLowerCase()]);
}

export interface ContactMessage {
  name: string;
  email: string;
  subject?: string;
  message: string;
}

/** Stores a message exactly as sent; whatever displays it must escape it. */
export async function saveContactMessage(db: Queryable, m: ContactMessage): Promise<void> {
  await db.query('INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4)', [m.name, m.email, m.subject || null, m.message]);
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
