/** The Fastify instance the service is built on: its logger, limits and timeouts, and how it answers what Node cannot read. */
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';
import type { ServiceConfig } from './config.ts';
import { logSerializers } from './log-redact.ts';
import { RequestLog } from './request-log.ts';
import { trustProxy } from './trust-proxy.ts';

/** Answers a request Node could not take in: too slow (408), headers too large (431), or not HTTP (400). */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) return;
  const [status, text, error] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive. Please try again.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request could not be read as HTTP.'];
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A new instance, configured but with nothing registered. */
export function newFastify(config: ServiceConfig): FastifyInstance {
  return Fastify({
    // In a terminal, one readable line an event; JSON otherwise, for log collectors. pino-pretty runs in this thread
    // (sync): a transport's worker thread could lose the last lines of a shutdown, which say what became of the clicks.
    // Request URLs are logged with their credentials (tokens, signatures) redacted.
    logger:
      config.logFormat === 'pretty'
        ? {
            level: config.logLevel,
            serializers: logSerializers,
            stream: pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
          }
        : { level: config.logLevel, serializers: logSerializers },
    // One line a redirect, at debug (request-log.ts); two at info for everything else.
    logController: new RequestLog(),
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: 16 * 1024,
    // Unknown fields are refused, not silently dropped, and nothing is coerced: the client must send what it means.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // A client that never finishes its request must not hold a connection, or a shutdown, for ever. Node checks
    // these every connectionsCheckingInterval, 30 s by default.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    // Requests that arrive on open connections while closing are still answered: a redirect is never refused.
    return503OnClosing: false,
  });
}
