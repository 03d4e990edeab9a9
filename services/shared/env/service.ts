/** Where the service listens, what it serves, how it logs, which proxy it trusts and how long it waits. */
import { Type } from '@sinclair/typebox';

export const service = {
  HOST: Type.String({ default: '127.0.0.1', description: 'Address to listen on (the flag --host wins).' }),
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535, description: 'Port to listen on (the flag --port wins).' }),
  DIST_DIR: Type.String({ default: 'dist', description: 'The built site (vpnsite build --out).' }),
  VPNSITE_DATA_DIR: Type.String({ default: 'data', description: 'The content directory the /go/ targets come from.' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    {
      default: 'info',
      description:
        'pino log level. At info every request logs two lines except a redirect through /go/, which logs one, at debug (its click is a row already).',
    },
  ),
  LOG_FORMAT: Type.Optional(
    Type.Union([Type.Literal('pretty'), Type.Literal('json')], {
      description:
        'pretty: one readable line an event; json: one JSON object a line, for log collectors. Default: pretty when the output is a terminal, json otherwise.',
    }),
  ),
};

export const proxy = {
  TRUST_PROXY: Type.String({
    default: 'false',
    pattern: '^(false|true|[^,\\s]+(\\s*,\\s*[^,\\s]+)*)$',
    accepts: 'false, true or a comma list of addresses/CIDRs',
    description: 'Honour X-Forwarded-For only from these proxies: false, true (any), or a comma list of addresses/CIDRs.',
  }),
};

export const timeouts = {
  HEADERS_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 1,
    description: 'Milliseconds a client may take to send its request headers (answered 408); at most REQUEST_TIMEOUT_MS.',
  }),
  BODY_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 1,
    description: 'Milliseconds a client may pause within a request body before it is answered 408.',
  }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    default: 30_000,
    minimum: 1,
    description: 'Milliseconds a client may take to send the whole request (answered 408).',
  }),
  KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ default: 5000, minimum: 1, description: 'Milliseconds an idle keep-alive connection stays open.' }),
};
