/**
 * What the request log may say of a URL: every parameter that is a credential (a postback's token or signature, a
 * newsletter link's token, an API key) has its value replaced, so that whoever reads the logs cannot replay a
 * postback, confirm or unsubscribe someone, or query the stats. The path and the other parameters stay as sent.
 */
import type { FastifyRequest } from 'fastify';

/** Parameter names whose values are credentials, compared without case, `_` or `-`. */
const SECRET_NAMES = new Set([
  'token',
  'sig',
  'signature',
  'secret',
  'key',
  'apikey',
  'password',
  'pass',
  'auth',
  'accesstoken',
  'hmac',
  'hash',
  'code',
]);
export const REDACTED = '[redacted]';

const isSecret = (name: string) => {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // An undecodable name is judged as written.
  }
  return SECRET_NAMES.has(decoded.toLowerCase().replace(/[-_]/g, ''));
};

/** The URL (path and query, as a request line has it) with the value of every credential parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    return isSecret(name) ? `${name}=${REDACTED}` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Fastify's request serializer, with the URL redacted and without the client's address: logs are written to disk,
 * and a visitor's address is never kept there (docs/tables.md).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
    };
  },
};
