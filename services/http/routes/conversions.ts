/**
 * GET or POST /api/conversions: the postback an affiliate network calls when a click converts. Parameters in the
 * query string or an urlencoded body (networks send either): network, click_id, txid, amount, currency, status, and
 * optionally ts (the network's time of the report) and seq (its sequence number); and either `token` (the network's
 * secret from POSTBACK_SECRETS) or `sig`, the hex HMAC-SHA256 of that part without `sig`, keyed by that secret.
 * Every field is read from the one part that carries the token or signature, so a signature covers every field used:
 * a request whose other part adds or repeats one is refused, never merged. Idempotent on (network, txid): a replay
 * changes nothing, a later status replaces the earlier one, and a reversal stands (services/conversions/record.ts).
 * Registered only when POSTBACK_SECRETS is set.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTROL, FIELD_NAMES, parseConversion, recordConversion, type Fields } from '../../conversions/record.ts';
import type { Db } from '../../db/index.ts';
import { replyDbDown } from '../db-down.ts';

export interface ConversionOptions {
  db: Db;
  ready: () => boolean;
  /** network → secret. */
  secrets: ReadonlyMap<string, string>;
}

/** Every parameter the endpoint reads. */
const USED: readonly string[] = ['network', 'token', 'sig', ...FIELD_NAMES];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `given` is the text whose SHA-256 is `expected`. Both sides are 32-byte digests, compared in constant
 * time: neither the time nor any early exit tells how long the secret is or how much of it a guess got right.
 */
export function sameSecret(given: string, expected: Buffer): boolean {
  if (expected.length !== 32) throw new Error('compare against a SHA-256 digest');
  return timingSafeEqual(digest(given), expected);
}

/** The signed text: the raw parameters as sent, in their order, without `sig`. */
const withoutSig = (raw: string) =>
  raw
    .split('&')
    .filter((p) => p && !p.startsWith('sig='))
    .join('&');

/** The parameters of a raw query or body; null when one is not valid percent-encoding. */
function params(raw: string): URLSearchParams | null {
  try {
    for (const part of raw.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  return new URLSearchParams(raw);
}

export async function conversionRoutes(app: FastifyInstance, opts: ConversionOptions): Promise<void> {
  if (opts.secrets.size === 0) return;
  // The raw body is what a signature covers, so it is kept as sent.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) =>
    done(null, body),
  );

  // Each secret's digest, taken once: the comparison then never touches the secret itself.
  const digests = new Map([...opts.secrets].map(([network, secret]) => [network, digest(secret)]));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    const rawQuery = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const query = params(rawQuery);
    const body = params(rawBody);
    if (!query || !body) return reply.code(400).send({ error: 'The parameters are not valid percent-encoding.' });
    for (const part of [query, body]) {
      for (const [k, v] of part)
        if (CONTROL.test(k) || CONTROL.test(v))
          return reply.code(400).send({
            error: `${USED.includes(k) ? k : 'a parameter'} holds a control character (NUL, a line break, …): no network sends one`,
          });
    }
    // The part with the credentials is the one read; the other may not carry a field, so nothing unsigned is used.
    const signedInBody = body.has('sig') || body.has('token');
    const [source, other, raw] = signedInBody ? [body, query, rawBody] : [query, body, rawQuery];
    const outside = USED.filter((k) => other.has(k));
    if (outside.length)
      return reply.code(401).send({
        error: `${outside.join(', ')} came outside the ${signedInBody ? 'body' : 'query string'} that carries the token or signature: every field must be in that part.`,
      });
    const repeated = USED.filter((k) => source.getAll(k).length > 1);
    if (repeated.length) return reply.code(400).send({ error: `${repeated.join(', ')} is given more than once.` });
    const get = (k: string) => source.get(k) ?? undefined;
    const network = get('network')?.trim() ?? '';
    const secret = opts.secrets.get(network);
    const token = get('token');
    const sig = get('sig');
    const authentic =
      secret !== undefined &&
      ((token !== undefined && sameSecret(token, digests.get(network)!)) ||
        (sig !== undefined && sameSecret(sig.toLowerCase(), digest(createHmac('sha256', secret).update(withoutSig(raw)).digest('hex')))));
    if (!authentic) return reply.code(401).send({ error: 'Unknown network, or the token or signature does not match its secret.' });
    const parsed = parseConversion(network, Object.fromEntries(FIELD_NAMES.map((f) => [f, get(f)])) as Fields);
    if (typeof parsed === 'string') return reply.code(400).send({ error: parsed });
    if (!opts.ready()) return replyDbDown(reply);
    const { outcome, matched } = await recordConversion(opts.db, parsed, 'postback');
    if (!matched)
      request.log.warn({ network, txid: parsed.txid, clickRef: parsed.clickRef }, 'a conversion names no known click; stored as unmatched');
    return reply.header('Cache-Control', 'no-store').send({ ok: true, outcome, matched });
  };
  // One count per client for GET and POST together (a route's own rateLimit config would count each apart).
  const onRequest = app.rateLimit({ max: 600, timeWindow: 60_000 });
  app.get('/api/conversions', { onRequest }, handler);
  app.post('/api/conversions', { onRequest }, handler);
}

/** POSTBACK_SECRETS: `network:secret,network:secret`; each secret at least 16 characters. */
export function parsePostbackSecrets(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf(':');
    const network = entry.slice(0, at).trim();
    const secret = entry.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9_.-]{1,40}$/.test(network))
      throw new Error(`POSTBACK_SECRETS entries are network:secret, the network a name such as impact (found "${entry.slice(0, 40)}")`);
    if (secret.length < 16 || /\s/.test(secret))
      throw new Error(`POSTBACK_SECRETS: the secret for ${network} must be at least 16 characters without spaces`);
    map.set(network, secret);
  }
  return map;
}
