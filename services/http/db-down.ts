/** The answer while the database cannot be reached: 503, a time to retry after, and a sentence a person can read. */
import type { FastifyReply } from 'fastify';

/** Seconds a client is asked to wait. */
export const RETRY_AFTER_SECONDS = 30;

/** Sends the 503. */
export function replyDbDown(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('Retry-After', String(RETRY_AFTER_SECONDS))
    .send({ error: 'We cannot save this right now. Please try again in a minute.' });
}
