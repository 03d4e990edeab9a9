/**
 * Forms posted without JavaScript. The browser sends them as application/x-www-form-urlencoded and shows whatever
 * comes back, so the form routes answer such a post with a 303 to a page of the site that says how it went
 * (FORM_RESULTS, prerendered from site.yaml) instead of JSON: the success page, the "invalid" page for input the
 * route refused, or the "failed" page for anything else (too many posts, the database away). A JSON post, as the
 * pages send with JavaScript, is answered exactly as before.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORM_RESULTS } from '../../content/routes.ts';
import { contactProblems } from '../../shared/contact-problems.ts';

interface Results {
  ok: string;
  invalid: string;
  failed: string;
  /** Where an answer that carries `pending` goes, with its time in `?sent=`. */
  pending?: string;
  /** The fields a refused post got wrong, which the invalid page lists from `?problems=`. */
  problems?: (body: Record<string, unknown>) => string[];
}

const RESULTS: Record<string, Results> = {
  '/api/newsletter-subscribe': {
    ok: FORM_RESULTS.newsletter.subscribed,
    pending: FORM_RESULTS.newsletter.pending,
    invalid: FORM_RESULTS.newsletter.invalid,
    failed: FORM_RESULTS.newsletter.failed,
  },
  '/api/contact-form': {
    ok: FORM_RESULTS.contact.sent,
    invalid: FORM_RESULTS.contact.invalid,
    failed: FORM_RESULTS.contact.failed,
    problems: contactProblems,
  },
};

/** Answers that mean the visitor's input was refused, as opposed to the service turning the post away. */
const INVALID = new Set([400, 413, 415, 422]);

const isFormPost = (request: FastifyRequest) => /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');

/** The origin the post came from when it was another site's: such posts are refused (a form is a "simple" request, sent cross-site without CORS asking). */
function foreignOrigin(request: FastifyRequest, siteOrigins: readonly string[]): string | undefined {
  const origin = request.headers.origin;
  if (!origin || siteOrigins.includes(origin)) return undefined;
  try {
    return new URL(origin).host === request.host ? undefined : origin;
  } catch {
    return origin;
  }
}

/** The pending page for an answer that says the confirmation mail went out already, with when. */
function pendingAt(results: Results, payload: unknown): string | undefined {
  if (!results.pending || typeof payload !== 'string' || !payload.includes('"pending"')) return undefined;
  const sent = (JSON.parse(payload) as { pending?: { sentAt?: string } }).pending?.sentAt;
  return sent ? `${results.pending}?sent=${encodeURIComponent(sent)}` : undefined;
}

/** The invalid page, naming the fields at fault when the post's body says which. */
function invalidAt(results: Results, body: unknown): string {
  const wrong = results.problems && body && typeof body === 'object' ? results.problems(body as Record<string, unknown>) : [];
  return wrong.length ? `${results.invalid}?problems=${wrong.join(',')}` : results.invalid;
}

/**
 * Adds the urlencoded body parser and the 303 answers to the form routes that `app` registers after this call.
 * `siteOrigins` (CORS_ORIGINS) are the origins of pages served elsewhere: a post from one is sent back to its
 * result page there.
 */
export async function formResults(app: FastifyInstance, siteOrigins: readonly string[]): Promise<void> {
  await app.register(formbody);
  app.addHook('preValidation', async (request, reply) => {
    if (!isFormPost(request) || !RESULTS[request.routeOptions.url ?? '']) return;
    const origin = foreignOrigin(request, siteOrigins);
    if (origin) return reply.code(403).send({ error: `Forms are accepted from this site's own pages, not from ${origin}.` });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const results = RESULTS[request.routeOptions.url ?? ''];
    if (!results || !isFormPost(request)) return payload;
    const status = reply.statusCode;
    const to =
      status < 300 ? (pendingAt(results, payload) ?? results.ok) : INVALID.has(status) ? invalidAt(results, request.body) : results.failed;
    const origin = request.headers.origin;
    const at = origin && siteOrigins.includes(origin) ? `${origin}${to}` : to;
    reply.removeHeader('content-encoding');
    reply.removeHeader('retry-after');
    reply.code(303).header('location', at).type('text/plain; charset=utf-8');
    return `See ${at}`;
  });
}
