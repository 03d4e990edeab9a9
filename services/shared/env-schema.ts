/**
 * Every environment variable vpnsite reads, declared once: its type, default, allowed values and a description for
 * people. The service's config reads the environment through it (env-read.ts), and `.env.example` is written from it
 * (`npm run env:example`), so adding a setting here is all it takes for both.
 *
 * Beside JSON Schema's own keywords a variable may carry `accepts` (what the error line says it takes, when the
 * keywords alone would read badly) and `secret` (the error line never repeats the value).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

const ORIGIN = '^https?://[^/\\s]+/*$';
const NO_SPACES = '^\\S+$';

const service = {
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

const database = {
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      accepts: 'a postgres:// URL',
      secret: true,
      description: 'A postgres:// URL selects a PostgreSQL server; without it the embedded PGlite database is used.',
    }),
  ),
  PGLITE_DIR: Type.String({
    default: 'var/pglite',
    description:
      'Where PGlite keeps its files when DATABASE_URL is empty. One process owns it: vpnsite serve, or a command run while no service does; other commands reach it through the running service.',
  }),
  DATABASE_POOL_SIZE: Type.Integer({ default: 10, minimum: 1, description: 'Connections in the PostgreSQL pool.' }),
  DATABASE_QUERY_TIMEOUT_MS: Type.Integer({
    default: 5000,
    minimum: 1,
    description:
      "PostgreSQL: how long one of the service's queries (click writes, forms, reports) may wait for an answer before it counts as failed, so a server that hangs behaves like one that is down. Embedded PGlite: how long one may wait to start while a command's statement holds the database; it then fails and is never run.",
  }),
};

const proxy = {
  TRUST_PROXY: Type.String({
    default: 'false',
    pattern: '^(false|true|[^,\\s]+(\\s*,\\s*[^,\\s]+)*)$',
    accepts: 'false, true or a comma list of addresses/CIDRs',
    description: 'Honour X-Forwarded-For only from these proxies: false, true (any), or a comma list of addresses/CIDRs.',
  }),
};

const clicks = {
  CLICK_JOURNAL_DIR: Type.String({
    default: 'var/clicks.journal',
    description:
      'Every answered click is appended here (one directory per running service) before its redirect goes out, and deleted once stored; after a crash or a kill the next start stores what is left, once (docs/redirect.md).',
  }),
  CLICK_JOURNAL_MAX_MB: Type.Integer({
    default: 1024,
    minimum: 1,
    description:
      'Most megabytes the journal may take while the database is away (about 2,500 clicks a megabyte); past it clicks are still redirected but dropped, counted and logged.',
  }),
  CLICK_BATCH_CAP: Type.Integer({
    default: 100_000,
    minimum: 1,
    description:
      'Most unwritten clicks (and page views) held in memory while the database is unreachable; more clicks wait in the journal on disk only, more page views are dropped, counted and logged.',
  }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 0,
    description:
      'How long a shutdown may take in all (finishing requests, writing the last clicks), in milliseconds; the process is gone within a second more whatever clients and the database do. Clicks not written by then stay in the journal.',
  }),
};

const timeouts = {
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

const counting = {
  CLICK_BUDGET_PER_MINUTE: Type.Integer({
    default: 20,
    minimum: 0,
    description:
      '/go/ is never refused. Each visitor (the daily visitor hash) counts at most this many human clicks in any minute; clicks past it still redirect and are stored with over_budget set, never as human clicks (0 = no budget).',
  }),
  PAGE_VIEW_BUDGET_PER_MINUTE: Type.Integer({
    default: 30,
    minimum: 0,
    description:
      'Page views likewise: each visitor counts at most this many in any minute; the rest are stored with over_budget set and never counted (0 = no budget).',
  }),
  GEO_COUNTRY_HEADER: Type.Optional(
    Type.String({
      pattern: '^\\s*[A-Za-z0-9-]+\\s*$',
      accepts: 'a header name such as cf-ipcountry',
      description:
        "The request header your CDN puts the visitor's country in, e.g. cf-ipcountry (Cloudflare) or cloudfront-viewer-country (CloudFront). Only set it when such a proxy is in front and strips the header from clients: routing rules by country (data/README.md, Smart links) match only with it.",
    }),
  ),
  LINK_CHECK_INTERVAL_HOURS: Type.Integer({
    default: 0,
    minimum: 0,
    description: 'Hours between runs of the outbound link check in the service (vpnsite links report, GET /api/links); 0 = never.',
  }),
  LINK_FAILOVER_REFRESH_MS: Type.Integer({
    default: 60_000,
    minimum: 100,
    description: 'Milliseconds between reads of the stored link checks, which tell the service which affiliate links fail over.',
  }),
};

const publishing = {
  SCHEDULED_BUILDS: Type.Boolean({
    default: false,
    accepts: '1 (on) or 0 (off)',
    description:
      '1: publish on the clock. `vpnsite serve` builds the site again at each publishAt and expiresAt in dist/_schedule.json (ahead of time, into a directory beside dist, swapped in at the moment), and serves it without a restart; a failed build leaves dist as it was. Instances sharing one dist build it once (docs/deploy.md).',
  }),
};

const forms = {
  FORM_RATE_LIMIT: Type.Integer({ default: 5, minimum: 1, description: 'Posts per visitor per 10 minutes on each form.' }),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://',
      accepts: 'a redis:// or rediss:// URL',
      secret: true,
      description: "redis:// URL: the forms' and /api/clicks' rate-limit counters shared by every instance (otherwise each keeps its own).",
    }),
  ),
  CORS_ORIGINS: Type.Optional(
    Type.String({
      pattern: `^\\s*(https?://[^/\\s,]+/?)(\\s*,\\s*https?://[^/\\s,]+/?)*\\s*,?\\s*$`,
      accepts: 'a comma list of origins such as https://www.example.com',
      description: 'Other origins whose pages may post to the form endpoints (comma list), e.g. https://www.vpncompass.com',
    }),
  ),
};

const stats = {
  STATS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      pattern: NO_SPACES,
      accepts: 'at least 16 characters without spaces (e.g. openssl rand -hex 32)',
      secret: true,
      description: 'Bearer token for GET /api/clicks (e.g. `openssl rand -hex 32`); empty disables the endpoint (404).',
    }),
  ),
  STATS_RATE_LIMIT: Type.Integer({ default: 30, minimum: 1, description: 'GET /api/clicks requests per client per minute.' }),
  CLICK_ROLLUP_REFRESH_SECONDS: Type.Integer({
    default: 60,
    minimum: 0,
    description: "Seconds between recomputations of the click rollup's stale days (0 = only `vpnsite db refresh-rollup`).",
  }),
  POSTBACK_SECRETS: Type.Optional(
    Type.String({
      secret: true,
      description:
        'Affiliate networks that may report conversions to /api/conversions: network:secret pairs, comma-separated, each secret at least 16 characters (README, Revenue). Empty: the endpoint does not exist.',
    }),
  ),
};

const mail = {
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://[^/\\s]',
      accepts: 'an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com',
      secret: true,
      description:
        'Mail (docs/mail.md). smtp:// or smtps:// URL with user and password; empty: every mail is written to MAIL_DIR as an .eml file instead, and the log says so once.',
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({
      description: 'The sender, Name <address>; required with SMTP_URL. Its address is also the mailto: of List-Unsubscribe.',
    }),
  ),
  CONTACT_NOTIFY_TO: Type.Optional(
    Type.String({
      description: 'One address that receives every contact message, with the visitor as Reply-To; empty: messages are only stored.',
    }),
  ),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: ORIGIN,
      accepts: 'an origin such as https://www.example.com',
      description: "The origin the links in mails point to. Empty: site.yaml's url with SMTP_URL, this service's address without.",
    }),
  ),
  MAIL_LINK_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      pattern: NO_SPACES,
      accepts: 'at least 32 characters without spaces (e.g. openssl rand -hex 32)',
      secret: true,
      description:
        'Signs the links in mails (e.g. `openssl rand -hex 32`). Empty: one is made and kept in var/mail-link-secret. Set the same value on every machine that serves the site or exports the list.',
    }),
  ),
  MAIL_RETRY_SECONDS: Type.Number({
    default: 60,
    exclusiveMinimum: 0,
    maximum: 3600,
    accepts: 'a number of seconds from 0 to 3600',
    description: 'Seconds before the first retry of a mail that could not be sent; each retry waits twice as long, up to an hour.',
  }),
  MAIL_DIR: Type.String({ default: 'var/mail', description: 'Where mail is written without SMTP_URL.' }),
};

const build = {
  VITE_API_ORIGIN: Type.Optional(
    Type.String({
      pattern: ORIGIN,
      accepts: 'an origin such as https://api.example.com',
      description: "Build time, not run time: the origin the site's forms post to (default: the page's own origin).",
    }),
  ),
  VPNSITE_CACHE_DIR: Type.Optional(
    Type.String({
      description:
        'vpnsite validate and build: where they keep their caches (compiled schemas, rendered reviews and articles and their gzip sizes; default node_modules/.cache/vpnsite).',
    }),
  ),
  VPNSITE_CACHE: Type.Optional(
    Type.Literal('0', {
      description:
        '0: vpnsite validate and build use no cache (the CLI then also runs its TypeScript through tsx instead of its compiled bundle in node_modules/.cache/vpnsite/compiled).',
    }),
  ),
  VPNSITE_THREADS: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'vpnsite build: how many threads render the reviews and articles, and finish and check the built pages (default one per core; 1 does everything in one thread).',
    }),
  ),
  VPNSITE_PLAIN_BUILD: Type.Optional(
    Type.Literal('1', {
      description:
        "1: vpnsite build lets React Router prerender every page itself and keeps no page for the next build: the baseline that npm run bench:build:plain measures the build's own machinery against.",
    }),
  ),
};

/** The variables in the order `.env.example` lists them, a blank line between groups. */
export const ENV_GROUPS: readonly Record<string, TSchema>[] = [
  service,
  database,
  proxy,
  clicks,
  timeouts,
  counting,
  publishing,
  forms,
  stats,
  mail,
  build,
];

export const EnvSchema = Type.Object({
  ...service,
  ...database,
  ...proxy,
  ...clicks,
  ...timeouts,
  ...counting,
  ...publishing,
  ...forms,
  ...stats,
  ...mail,
  ...build,
});

/** The environment as read: every variable with a default has its value, the others may be missing. */
export type Env = Static<typeof EnvSchema>;
export type EnvName = keyof Env;
