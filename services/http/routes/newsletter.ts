/**
 * The links in the newsletter's mails.
 *
 * - GET /newsletter/confirm?token=… is the page with one "Confirm" button, which posts to the same URL; the POST
 *   confirms the sign-up, then sends the browser to the page that says so. A GET or HEAD changes nothing, since mail
 *   scanners and browsers' prefetches open links that nobody clicked.
 * - GET /newsletter/unsubscribe?token=… is the page with one button; the button posts to the same URL.
 * - POST /newsletter/unsubscribe?token=… unsubscribes at once: the button's post, and the one POST a mail client
 *   sends for List-Unsubscribe-Post (RFC 8058), whose body it need not read.
 *
 * A link that was altered, made up, cut short or has expired leads to a page that says so and what to do; none is
 * ever a 500. A browser is answered with a 303 to a page of the site; a mail client with a short 200.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { confirmSubscriber, getSubscriber, unsubscribe, type Db } from '../../db/index.ts';
import { FORM_RESULTS } from '../../content/routes.ts';
import { readToken } from '../../mail/tokens.ts';
import { CONFIRM_RESEND_MINUTES, parseSent, pendingParts, resendTimes, UNKNOWN_TIMES } from '../../shared/pending.ts';
import { contentSecurityPolicy, inlineScriptHashes } from '../csp.ts';

export interface NewsletterLinkOptions {
  db: Db;
  ready: () => boolean;
  linkSecret: string;
  /** The built site, whose confirm and unsubscribe pages the GETs answer with. */
  distDir: string;
}

const PAGES = FORM_RESULTS.newsletter;

const query = Type.Object({ token: Type.Optional(Type.String({ maxLength: 300 })) }, { additionalProperties: true });
const pendingQuery = Type.Object({ sent: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: true });

const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

function unavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('Retry-After', '30')
    .type('text/plain; charset=utf-8')
    .send('We cannot do this just now. Please open the link from the mail again in a few minutes.');
}

/** A prerendered page with one button, its form's action `path` (as prerendered) pointed at the link's token. */
function buttonPage(distDir: string, path: string): (reply: FastifyReply, token: string) => FastifyReply {
  const file = `${path.slice(1)}/index.html`;
  return (reply, token) => {
    // Read on each request, rare as it is: a build swapped in since names other assets and scripts.
    const page = prerendered(distDir, file);
    // The page's component renders the same action with the token once hydrated; this makes it work without JavaScript.
    const action = `action="${path}?token=${encodeURIComponent(token)}"`;
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('Content-Security-Policy', page.policy)
      .type('text/html; charset=utf-8')
      .send(page.html.replace(`action="${path}"`, action));
  };
}

function prerendered(distDir: string, file: string): { html: string; policy: string } {
  const html = readFileSync(join(distDir, file), 'utf8');
  return { html, policy: contentSecurityPolicy(inlineScriptHashes(html)) };
}

const PENDING_FILE = 'newsletter/pending/index.html';

/**
 * The pending page with its times filled in from `?sent=`, as the page itself fills them once hydrated: a sign-up
 * posted without JavaScript lands there and still learns when its mail went out. The page's markup is React's, so
 * the replaced elements are exactly what hydration expects.
 */
function fillPending(html: string, sent: Date): string {
  let out = html;
  for (const part of pendingParts('{sent}{again}', resendTimes(sent, CONFIRM_RESEND_MINUTES))) {
    if ('text' in part) continue;
    out = out.replace(
      `<time data-pending="${part.time}">${UNKNOWN_TIMES[part.time]}</time>`,
      `<time datetime="${part.iso}" data-pending="${part.time}">${part.label}</time>`,
    );
  }
  return out;
}

export async function newsletterLinkRoutes(fastify: FastifyInstance, opts: NewsletterLinkOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const confirmPage = buttonPage(opts.distDir, PAGES.confirm);
  const unsubscribePage = buttonPage(opts.distDir, PAGES.unsubscribe);
  await app.register(formbody);
  // RFC 8058 allows the one-click body as multipart too; it carries nothing the token does not say.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));

  // Reads nothing from the database either: the page is the same for every valid link, and the POST tells.
  app.get(PAGES.confirm, { schema: { querystring: query } }, async (request, reply) => {
    const read = readToken(opts.linkSecret, request.query.token);
    if (!read.ok) return reply.redirect(read.reason === 'expired' ? PAGES.linkExpired : PAGES.linkInvalid, 303);
    if (read.token.kind !== 'confirm') return reply.redirect(PAGES.linkInvalid, 303);
    return confirmPage(reply, request.query.token!);
  });

  app.post(PAGES.confirm, { schema: { querystring: query } }, async (request, reply) => {
    const read = readToken(opts.linkSecret, request.query.token);
    if (!read.ok) return reply.redirect(read.reason === 'expired' ? PAGES.linkExpired : PAGES.linkInvalid, 303);
    if (read.token.kind !== 'confirm') return reply.redirect(PAGES.linkInvalid, 303);
    if (!opts.ready()) return unavailable(reply);
    const outcome = await confirmSubscriber(opts.db, read.token.subscriber, read.token.nonce);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(outcome === 'confirmed' ? PAGES.confirmed : PAGES.linkInvalid, 303);
  });

  let pendingPage: { html: string; policy: string } | undefined;
  app.get(PAGES.pending, { schema: { querystring: pendingQuery } }, async (request, reply) => {
    pendingPage ??= prerendered(opts.distDir, PENDING_FILE);
    const sent = parseSent(request.query.sent);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', pendingPage.policy)
      .type('text/html; charset=utf-8')
      .send(sent ? fillPending(pendingPage.html, sent) : pendingPage.html);
  });

  app.get('/newsletter/unsubscribe', { schema: { querystring: query } }, async (request, reply) => {
    const read = readToken(opts.linkSecret, request.query.token);
    if (!read.ok || read.token.kind !== 'unsubscribe') return reply.redirect(PAGES.linkInvalid, 303);
    if (!opts.ready()) return unavailable(reply);
    const s = await getSubscriber(opts.db, read.token.subscriber);
    // Nothing left to unsubscribe: say it is done rather than show a button that does nothing.
    if (!s || s.status === 'unsubscribed') return reply.redirect(PAGES.unsubscribed, 303);
    // The prerendered page, its button's form pointed at this URL, token and all, so it works without JavaScript.
    return unsubscribePage(reply, request.query.token!);
  });

  app.post('/newsletter/unsubscribe', { schema: { querystring: query } }, async (request, reply) => {
    const read = readToken(opts.linkSecret, request.query.token);
    if (!read.ok || read.token.kind !== 'unsubscribe') {
      return wantsPage(request)
        ? reply.redirect(PAGES.linkInvalid, 303)
        : reply.code(400).send({ error: 'This unsubscribe link is not valid.' });
    }
    if (!opts.ready()) return unavailable(reply);
    await unsubscribe(opts.db, read.token.subscriber);
    return wantsPage(request) ? reply.redirect(PAGES.unsubscribed, 303) : reply.send({ ok: true });
  });
}
