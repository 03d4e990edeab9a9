/**
 * POST /api/newsletter-subscribe and POST /api/contact-form. The schemas mirror the client rules; unknown fields are
 * refused. A filled `website` field is the honeypot: bots that fill every input get the same 200 and nothing is
 * stored. Until the database is reached, and whenever it cannot be, they answer 503 with Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { saveContactMessage, subscribe, type ContactMessage, type Db } from '../../db/index.ts';
import { EMAIL_PATTERN } from '../../forms/email.ts';
import { replyDbDown } from '../db-down.ts';
import { formResults } from './form-results.ts';

export interface FormOptions {
  db: Db;
  /** True once the database has been reached and migrated. */
  ready: () => boolean;
  /** Posts per visitor per 10 minutes. */
  rateLimit: number;
  /** Origins of the site's pages when they are served elsewhere (CORS_ORIGINS). */
  siteOrigins: readonly string[];
}

// Control characters have no place in a name, an address or a subject, and PostgreSQL refuses NUL in text outright;
// a message may hold tabs and line breaks.
export const CONTROL = '[\\u0000-\\u001f\\u007f-\\u009f]';
const MESSAGE_CONTROL = '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]';

// The browser's own rule for <input type=email> (services/forms/email.ts); RFC 5321 caps an address at 254 characters.
const email = { type: 'string', minLength: 1, maxLength: 254, pattern: EMAIL_PATTERN, description: 'email address' } as const;
const honeypot = { type: 'string', maxLength: 1000, description: 'hidden from people; anything here means a bot' } as const;
const ok = { 200: { type: 'object', properties: { ok: { const: true } }, required: ['ok'], additionalProperties: false } };
const errors = { '4xx': { type: 'object', properties: { error: { type: 'string' } }, required: ['error'], additionalProperties: false } };

const text = (max: number, what: string, control = CONTROL) => ({ type: 'string', maxLength: max, not: { pattern: control }, description: what }) as const;
const nonBlank = (max: number, what: string, control = CONTROL) => ({ ...text(max, what, control), minLength: 1, pattern: '\\S' }) as const;

export async function formRoutes(app: FastifyInstance, opts: FormOptions): Promise<void> {
  // Posted without JavaScript, as a plain HTML form: answered with a 303 to a page that says how it went.
  await formResults(app, opts.siteOrigins);
  // Each form keeps its own count per visitor (the limiter's counters are per route).
  const config = { rateLimit: { max: opts.rateLimit, timeWindow: 10 * 60_000 } };
  // Fastify reads text/plain as a string, which the schema would then call "not a JSON object": a body of another
  // type is answered 415 instead, which says what to send.
  app.removeContentTypeParser('text/plain');
  // After validation, so a bad form is told what is wrong even while the database is away.
  app.addHook('preHandler', async (_request, reply) => {
    if (!opts.ready()) return replyDbDown(reply);
  });

  app.post<{ Body: { email: string; website?: string } }>('/api/newsletter-subscribe', {
    config,
    schema: {
      body: { type: 'object', properties: { email, website: honeypot }, required: ['email'], additionalProperties: false },
      response: { ...ok, ...errors },
    },
    handler: async (request) => {
      if (request.body.website) return { ok: true };
      // Already subscribed or not, the answer is the same: it never reveals who is on the list.
      await subscribe(opts.db, request.body.email);
      return { ok: true };
    },
  });

  app.post<{ Body: ContactMessage & { website?: string } }>('/api/contact-form', {
    config,
    schema: {
      body: {
        type: 'object',
        properties: {
          name: nonBlank(100, 'sender name'),
          email,
          subject: text(200, 'optional subject'),
          message: nonBlank(5000, 'the message', MESSAGE_CONTROL),
          website: honeypot,
        },
        required: ['name', 'email', 'message'],
        additionalProperties: false,
      },
      response: { ...ok, ...errors },
    },
    handler: async (request) => {
      const { website, ...message } = request.body;
      if (website) return { ok: true };
      await saveContactMessage(opts.db, { ...message, email: message.email.trim() });
      return { ok: true };
    },
  });
}
