/**
 * GET or POST /api/conversions: the postback an affiliate network calls when a click converts. Parameters in the
 * query string or an urlencoded body (networks send both): network, click_id, txid, amount, currency, status, and
 * either `token` (the network's secret from POSTBACK_SECRETS) or `sig`, the hex HMAC-SHA256 of the query string (or
 * body) without `sig`, keyed by that secret. Idempotent on (network, txid): a replay changes nothing, a later status
 * replaces the earlier one. Registered only when POSTBACK_SECRETS is set.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseConversion, recordConversion } from '../../conversions/record.ts';
import type { Db } from '../../db/index.ts';
import { replyDbDown } from '../db-down.ts';

export interface ConversionOptions {
  db: Db;
  ready: () => boolean;
  /** network → secret. */
  secrets: ReadonlyMap<string, string>;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The signed text: the raw parameters as sent, in their order, without `sig`. */
const withoutSig = (raw: string) => raw.split('&').filter((p) => p && !p.startsWith('sig=')).join('&');

export async function conversionRoutes(app: FastifyInstance, opts: ConversionOptions): Promise<void> {
  if (opts.secrets.size === 0) return;
  // The raw body is what a signature covers, so it is kept as sent.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => done(null, body));

  const handler = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const rawQuery = request.raw.url?.split('?')[1] ?? '';
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const query = new URLSearchParams(rawQuery);
    const body = new URLSearchParams(rawBody);
    const get = (k: string) => body.get(k) ?? query.get(k) ?? undefined;
    const network = get('network')?.trim() ?? '';
    const secret = opts.secrets.get(network);
    const token = get('token');
    const sig = body.get('sig') ?? query.get('sig');
    const signed = body.has('sig') ? withoutSig(rawBody) : withoutSig(rawQuery);
    const authentic =
      secret !== undefined &&
      ((token !== undefined && same(token, secret)) || (sig !== null && same(sig.toLowerCase(), createHmac('sha256', secret).update(signed).digest('hex'))));
    if (!authentic) return reply.code(401).send({ error: 'Unknown network, or the token or signature does not match its secret.' });
    const parsed = parseConversion(network, { click_id: get('click_id'), txid: get('txid'), amount: get('amount'), currency: get('currency'), status: get('status') });
    if (typeof parsed === 'string') return reply.code(400).send({ error: parsed });
    if (!opts.ready()) return replyDbDown(reply);
    const { outcome, matched } = await recordConversion(opts.db, parsed, 'postback');
    if (!matched) request.log.warn({ network, txid: parsed.txid, clickRef: parsed.clickRef }, 'a conversion names no known click; stored as unmatched');
    return reply.header('Cache-Control', 'no-store').send({ ok: true, outcome, matched });
  };
  const config = { rateLimit: { max: 600, timeWindow: 60_000 } };
  app.get('/api/conversions', { config }, handler);
  app.post('/api/conversions', { config }, handler);
}

/** POSTBACK_SECRETS: `network:secret,network:secret`; each secret at least 16 characters. */
export function parsePostbackSecrets(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const at = entry.indexOf(':');
    const network = entry.slice(0, at).trim();
    const secret = entry.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9_.-]{1,40}$/.test(network)) throw new Error(`POSTBACK_SECRETS entries are network:secret, the network a name such as impact (found "${entry.slice(0, 40)}")`);
    if (secret.length < 16 || /\s/.test(secret)) throw new Error(`POSTBACK_SECRETS: the secret for ${network} must be at least 16 characters without spaces`);
    map.set(network, secret);
  }
  return map;
}
