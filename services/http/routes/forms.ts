/**
 * POST /api/newsletter-subscribe and POST /api/contact-form (CONTRACT "HTTP", spec §5, §7). The schemas mirror
 * the client rules; unknown fields are refused. A filled `website` field is the honeypot: bots that fill
 * every input get the same 200 and nothing is stored.
 */
import type { FastifyInstance } from 'fastify';
import { saveContactMessage, subscribe, type ContactMessage, type Db } from '../../db/index.ts';
import { formResults } from './form-results.ts';

export interface FormOptions {
  db: Db;
  /** Posts per visitor per 10 minutes. */
  rateLimit: number;
  /** Origins of the site's pages when they are served elsewhere (CORS_ORIGINS). */
  siteOrigins: readonly string[];
}

// Spec §5: non-empty and containing an @, as the client checks; RFC 5321 caps an address at 254 characters.
const email = { type: 'string', minLength: 1, maxLength: 254, pattern: '@', description: 'email address' } as const;
const honeypot = { type: 'string', maxLength: 1000, description: 'hidden from people; anything here means a bot' } as const;
const ok = { 200: { type: 'object', properties: { ok: { const: true } }, required: ['ok'], additionalProperties: false } };
const errors = { '4xx': { type: 'object', properties: { error: { type: 'string' } }, required: ['error'], additionalProperties: false } };

const nonBlank = (max: number, what: string) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S', description: what }) as const;

export async function formRoutes(app: FastifyInstance, opts: FormOptions): Promise<void> {
  // Posted without JavaScript, as a plain HTML form: answered with a 303 to a page that says how it went.
  await formResults(app, opts.siteOrigins);
  // Each form keeps its own count per visitor (the limiter's counters are per route).
  const config = { rateLimit: { max: opts.rateLimit, timeWindow: 10 * 60_000 } };

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
          subject: { type: 'string', maxLength: 200, description: 'optional subject' },
          message: nonBlank(5000, 'the message'),
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
      await saveContactMessage(opts.db, message);
      return { ok: true };
    },
  });
}
