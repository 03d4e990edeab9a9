/**
 * The links in the newsletter's mails carry signed tokens (HMAC-SHA256 with MAIL_LINK_SECRET), so a link cannot be
 * made up or altered, and they name the subscriber by its row id, so no address ever appears in a URL or a log.
 *
 * - Confirmation: `c.<subscriber id>.<nonce>.<expiry, Unix seconds>.<signature>`; good for 7 days, and only for the
 *   sign-up whose nonce it carries.
 * - Unsubscribe: `u.<subscriber id>.<signature>`; never expires, since it is printed in every mail and in the export
 *   a mailing tool sends from.
 *
 * A token has one spelling: the one issued. The body is signed as written, and the signature must match character
 * for character.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;

export type Token = { kind: 'confirm'; subscriber: number; nonce: string; expiresAt: number } | { kind: 'unsubscribe'; subscriber: number };

/** Why a token was refused: `invalid` (altered, made up, cut short) or `expired`. */
export type TokenResult = { ok: true; token: Token } | { ok: false; reason: 'invalid' | 'expired' };

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A random nonce for a new sign-up. */
export const newNonce = () => randomBytes(9).toString('base64url');

export function confirmToken(secret: string, subscriber: number, nonce: string, now = Date.now()): string {
  const body = `c.${subscriber}.${nonce}.${Math.floor((now + CONFIRM_TTL_MS) / 1000)}`;
  return `${body}.${sign(secret, body)}`;
}

export function unsubscribeToken(secret: string, subscriber: number): string {
  const body = `u.${subscriber}`;
  return `${body}.${sign(secret, body)}`;
}

export function readToken(secret: string, token: unknown, now = Date.now()): TokenResult {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'invalid' };
  const cut = token.lastIndexOf('.');
  const body = token.slice(0, cut);
  // The signature is compared as the text it was issued as, not as the bytes it decodes to: base64 decoders take
  // padding, the other alphabet, stray characters and spare low bits, so one token would have many spellings.
  const given = Buffer.from(token.slice(cut + 1));
  const wanted = Buffer.from(sign(secret, body));
  if (cut < 0 || given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: 'invalid' };
  const parts = body.split('.');
  const id = Number(parts[1]);
  if (!Number.isSafeInteger(id) || id < 1) return { ok: false, reason: 'invalid' };
  if (parts[0] === 'u' && parts.length === 2) return { ok: true, token: { kind: 'unsubscribe', subscriber: id } };
  if (parts[0] === 'c' && parts.length === 4 && parts[2]) {
    const expiresAt = Number(parts[3]) * 1000;
    if (!Number.isSafeInteger(expiresAt)) return { ok: false, reason: 'invalid' };
    if (expiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, token: { kind: 'confirm', subscriber: id, nonce: parts[2], expiresAt } };
  }
  return { ok: false, reason: 'invalid' };
}
