/**
 * Whether a /go/ visit counts, and what of it may be stored: decided apart from recording, so the rules can be tested without a database.
 * Pure: no I/O, so every rule is unit-tested directly.
 */
import { isbot } from 'isbot';
import { remembered } from '../shared/remembered.ts';
import { cropText, decodeHeader, sanitizeFrom, sanitizePlacement } from './sanitize.ts';

export type Headers = Record<string, string | string[] | undefined>;

export interface Visit {
  method: string;
  headers: Headers;
  query: Record<string, unknown>;
}

/** Why a visit was redirected without a row. */
export type SkipReason = 'head' | 'prefetch' | 'notrack';

export type VisitDecision =
  | { record: false; reason: SkipReason }
  | { record: true; isBot: boolean; fromPath: string | null; placement: string | null; userAgent: string | null; referrer: string | null };

export const USER_AGENT_MAX = 512;
export const REFERRER_MAX = 1024;

const header = (headers: Headers, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Speculative loads a person did not ask for: Chromium's `Sec-Purpose: prefetch[;prerender]`, the older
 * `Purpose: prefetch`, Firefox's `X-Moz: prefetch` and Safari's `X-Purpose: preview`.
 */
const SPECULATIVE = /prefetch|preview|prerender/i;
const speculative = (v: string | undefined) => v !== undefined && SPECULATIVE.test(v);
function isSpeculative(headers: Headers): boolean {
  if (header(headers, 'sec-purpose') !== undefined) return true;
  return speculative(header(headers, 'purpose')) || speculative(header(headers, 'x-purpose')) || speculative(header(headers, 'x-moz'));
}

/** isbot's pattern costs a few microseconds a call, and a /go/ route sees the same few hundred user agents over and over. */
const isBotAgent = remembered(isbot);

/** Decides whether a redirect is recorded, and sanitises what is stored. `routes` holds every page path of the site. */
export function classifyVisit(visit: Visit, routes: ReadonlySet<string>): VisitDecision {
  if (visit.method === 'HEAD') return { record: false, reason: 'head' };
  if (isSpeculative(visit.headers)) return { record: false, reason: 'prefetch' };
  const notrack = visit.query.notrack;
  if (notrack === '1' || notrack === 'true') return { record: false, reason: 'notrack' };
  const ua = decodeHeader(header(visit.headers, 'user-agent'));
  return {
    record: true,
    // Browsers always send a user agent, so a visit without one is a script.
    isBot: !ua || isBotAgent(ua),
    fromPath: sanitizeFrom(visit.query.from, routes),
    placement: sanitizePlacement(visit.query.placement),
    userAgent: cropText(ua, USER_AGENT_MAX),
    referrer: cropText(decodeHeader(header(visit.headers, 'referer')), REFERRER_MAX),
  };
}
