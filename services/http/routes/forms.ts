/**
 * POST /api/newsletter-subscribe and POST /api/contact-form. The schemas mirror the client rules; unknown fields are
 * refused. A filled `website` field is the honeypot: bots that fill every input get the same 200 and nothing is
 * stored. Until the database is reached, and whenever it cannot be, they answer 503 with Retry-After.
 *
 * A sign-up is stored as it came and worked in the background (confirmation mail, hourly cap), so the answer is the
 * same, in the same time, for a new, pending, confirmed or unsubscribed address. A contact message is saved with its
 * forwarding mail queued in the same statement.
 */
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFIRM_RESEND_MINUTES, recentConfirmation, recordSignup, saveContactMessage, type Db } from '../../db/index.ts';
import { EMAIL_PATTERN, isValidEmail } from '../../shared/email.ts';
import { replyDbDown } from '../db-down.ts';
import { ErrorBody } from '../schemas.ts';
import { formResults } from './form-results.ts';

export interface FormOptions {
  db: Db;
  /** True once the database has been reached and migrated. */
  ready: () => boolean;
  /** Posts per visitor per 10 minutes. */
  rateLimit: number;
  /** Origins of the site's pages when they are served elsewhere (CORS_ORIGINS). */
  siteOrigins: readonly string[];
  /** Where contact messages are forwarded (CONTACT_NOTIFY_TO), if anywhere. */
  contactNotifyTo?: string;
  /** Called once something was queued for the mailer. */
  queued: () => void;
}

/** Where a sign-up was made, as its consent's source: the page of this site the form was on. */
function consentSource(request: FastifyRequest, siteOrigins: readonly string[]): string {
  try {
    const from = new URL(request.headers.referer ?? '');
    if (from.host === request.host || siteOrigins.includes(from.origin)) return `newsletter form on ${from.pathname}`;
  } catch {
    // No Referer, or not a URL: the form is all that is known.
  }
  return 'newsletter form';
}

// Control characters have no place in a name, an address or a subject, and PostgreSQL refuses NUL in text outright;
// a message may hold tabs and line breaks.
export const CONTROL = '[\\u0000-\\u001f\\u007f-\\u009f]';
const MESSAGE_CONTROL = '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]';

// The browser's own rule for <input type=email> (services/shared/email.ts); RFC 5321 caps an address at 254 characters.
const email = Type.String({ minLength: 1, maxLength: 254, pattern: EMAIL_PATTERN, description: 'email address' });
const honeypot = Type.Optional(Type.String({ maxLength: 1000, description: 'hidden from people; anything here means a bot' }));
const errors = { '4xx': ErrorBody };
// `ok` is the constant true (not TypeBox's Literal, which would add a `type` the answers never needed).
const ok = Type.Unsafe<true>({ const: true });
const pending = Type.Object({ sentAt: Type.String(), againAt: Type.String() }, { additionalProperties: false });

const textRule = (max: number, what: string, control: string) => ({ maxLength: max, not: { pattern: control }, description: what });
const text = (max: number, what: string, control = CONTROL) => Type.String(textRule(max, what, control));
const nonBlank = (max: number, what: string, control = CONTROL) =>
  Type.String({ ...textRule(max, what, control), minLength: 1, pattern: '\\S' });

const Subscribe = Type.Object({ email, website: honeypot }, { additionalProperties: false });
const Contact = Type.Object(
  {
    name: nonBlank(100, 'sender name'),
    email,
    subject: Type.Optional(text(200, 'optional subject')),
    message: nonBlank(5000, 'the message', MESSAGE_CONTROL),
    website: honeypot,
  },
  { additionalProperties: false },
);

export async function formRoutes(fastify: FastifyInstance, opts: FormOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Posted without JavaScript, as a plain HTML form: answered with a 303 to a page that says how it went.
  await formResults(fastify, opts.siteOrigins);
  // Each form keeps its own count per visitor (the limiter's counters are per route).
  const config = { rateLimit: { max: opts.rateLimit, timeWindow: 10 * 60_000 } };
  // Fastify reads text/plain as a string, which the schema would then call "not a JSON object": a body of another
  // type is answered 415 instead, which says what to send.
  app.removeContentTypeParser('text/plain');
  // After validation, so a bad form is told what is wrong even while the database is away.
  app.addHook('preHandler', async (_request, reply) => {
    if (!opts.ready()) return replyDbDown(reply);
  });

  app.post('/api/newsletter-subscribe', {
    config,
    schema: {
      body: Subscribe,
      response: { 200: Type.Object({ ok, pending: Type.Optional(pending) }, { additionalProperties: false }), ...errors },
    },
    handler: async (request) => {
      if (request.body.website) return { ok: true } as const;
      // A pending address whose confirmation went out within the hour gets no new mail (one an hour at most), and is
      // told when the last one was sent. Every other answer is the same, subscribed or not: it never reveals who is
      // on the list.
      const sent = await recentConfirmation(opts.db, request.body.email);
      await recordSignup(opts.db, request.body.email, consentSource(request, opts.siteOrigins));
      opts.queued();
      if (!sent) return { ok: true } as const;
      return {
        ok: true as const,
        pending: { sentAt: sent.toISOString(), againAt: new Date(sent.getTime() + CONFIRM_RESEND_MINUTES * 60_000).toISOString() },
      };
    },
  });

  app.post('/api/contact-form', {
    config,
    schema: { body: Contact, response: { 200: Type.Object({ ok }, { additionalProperties: false }), ...errors } },
    handler: async (request) => {
      const { website, ...message } = request.body;
      if (website) return { ok: true } as const;
      const email = message.email.trim();
      // The schema applied the email rule already; the check here keeps any other address out of a mail header.
      const notify = opts.contactNotifyTo ? { to: opts.contactNotifyTo, replyTo: isValidEmail(email) ? email : undefined } : undefined;
      await saveContactMessage(opts.db, { ...message, email }, notify);
      if (notify) opts.queued();
      return { ok: true } as const;
    },
  });
}
