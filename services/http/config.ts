/** Service configuration, read and checked once at start-up (.env.example lists every variable). */
import { resolve } from 'node:path';
import { dbConfigFromEnv, type DbConfig } from '../db/index.ts';
import { mailConfigFromEnv, type MailConfig } from '../mail/config.ts';
import { parsePostbackSecrets } from './routes/conversions.ts';

export interface ServiceConfig {
  host: string;
  port: number;
  /** The built site. */
  distDir: string;
  /** The content directory the /go/ targets come from. */
  dataDir: string;
  /** SCHEDULED_BUILDS=1: build the site again at each moment in its _schedule.json (scheduled-builds.ts). */
  scheduledBuilds: boolean;
  /** Fastify trustProxy: false (default), true, or the proxy addresses/CIDRs whose X-Forwarded-For is honoured. */
  trustProxy: boolean | string[];
  logLevel: string;
  /** Log lines for people (a terminal) or JSON, one object a line (log collectors). */
  logFormat: 'pretty' | 'json';
  db: DbConfig;
  /** Most clicks (and page views) held in memory while the database is away; more clicks wait in the journal only, more page views are dropped and counted. */
  clickBatchCap: number;
  /** Where every answered click is journalled until it is stored. */
  clickJournalDir: string;
  /** Most bytes the click journal may take on disk; past it clicks are dropped, counted and logged. */
  clickJournalMaxBytes: number;
  /** Form posts allowed per visitor in 10 minutes. */
  formRateLimit: number;
  /** Human clicks counted per visitor a minute; past it clicks still redirect but are flagged. 0: no budget. */
  clickBudgetPerMinute: number;
  /** Page views counted per visitor a minute; past it they are stored flagged and never counted. 0: no budget. */
  pageViewBudgetPerMinute: number;
  /** How often the service reads the stored link checks to know which affiliate links fail over. */
  linkFailoverRefreshMs: number;
  /** PostgreSQL: how long a query of the service may wait for its answer. */
  dbQueryTimeoutMs: number;
  /** Most time for a request's headers, for a pause within its body, and for the whole request (each answered 408). */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Rate-limit counters live here when set, shared by every instance. */
  redisUrl?: string;
  /** Other origins whose pages may post to the form endpoints. */
  corsOrigins: string[];
  /** How long shutdown may take in all: finishing requests, writing the last clicks, closing the database. */
  shutdownTimeoutMs: number;
  /** Bearer token for GET /api/clicks; undefined disables the endpoint. */
  statsToken?: string;
  /** GET /api/clicks requests per client per minute. */
  statsRateLimit: number;
  /** How often stale days of the click rollup are recomputed; 0 leaves it to `vpnsite db refresh-rollup`. */
  rollupRefreshMs: number;
  /** Hours between runs of the link check; 0 (the default) runs none. */
  linkCheckIntervalHours: number;
  /** The request header a CDN puts the visitor's country in (lower case); unset, country rules never match. */
  geoCountryHeader?: string;
  /** Affiliate networks' postback secrets (POSTBACK_SECRETS): network → secret. Empty: no postback endpoint. */
  postbackSecrets: Map<string, string>;
  /** SMTP or .eml files, the sender, contact forwarding, and the secret that signs the links in mails. */
  mail: MailConfig;
}

function parseTrustProxy(value: string | undefined): ServiceConfig['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function whole(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min} (found "${value}")`);
  return n;
}

function origins(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((v) => v.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const o of list)
    if (!/^https?:\/\/[^/\s]+$/.test(o))
      throw new Error(`CORS_ORIGINS entries must be origins such as https://www.example.com (found "${o}")`);
  return list;
}

function geoHeader(value: string | undefined): string | undefined {
  const name = value?.trim().toLowerCase();
  if (!name) return undefined;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`GEO_COUNTRY_HEADER must be a header name such as cf-ipcountry (found "${value}")`);
  return name;
}

function onOff(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`${name} must be 1 (on) or 0 (off) (found "${value}")`);
}

/** Builds the config from flags (which win) and the environment; throws a readable error on a bad value. */
export function loadConfig(
  flags: Partial<Pick<ServiceConfig, 'host' | 'port' | 'distDir' | 'dataDir'>> = {},
  env = process.env,
): ServiceConfig {
  const port = flags.port ?? Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be a whole number from 0 to 65535 (found ${port})`);
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  const headersTimeoutMs = whole('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000, 1);
  const requestTimeoutMs = whole('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, 1);
  // Node refuses a headers timeout longer than the whole request's.
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be more than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  const logFormat = env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
  if (logFormat !== 'pretty' && logFormat !== 'json') throw new Error(`LOG_FORMAT must be pretty or json (found ${logFormat})`);
  const statsToken = env.STATS_TOKEN || undefined;
  // A short token could be guessed within the rate limit; 32 random bytes in hex or base64 is the intent.
  if (statsToken && (statsToken.length < 16 || /\s/.test(statsToken)))
    throw new Error('STATS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 32)');
  return {
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    port,
    distDir: resolve(flags.distDir ?? env.DIST_DIR ?? 'dist'),
    dataDir: resolve(flags.dataDir ?? env.VPNSITE_DATA_DIR ?? 'data'),
    scheduledBuilds: onOff('SCHEDULED_BUILDS', env.SCHEDULED_BUILDS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat,
    db: dbConfigFromEnv(env),
    clickBatchCap: whole('CLICK_BATCH_CAP', env.CLICK_BATCH_CAP, 100_000, 1),
    clickJournalDir: resolve(env.CLICK_JOURNAL_DIR || 'var/clicks.journal'),
    clickJournalMaxBytes: whole('CLICK_JOURNAL_MAX_MB', env.CLICK_JOURNAL_MAX_MB, 1024, 1) * 1024 * 1024,
    formRateLimit: whole('FORM_RATE_LIMIT', env.FORM_RATE_LIMIT, 5, 1),
    clickBudgetPerMinute: whole('CLICK_BUDGET_PER_MINUTE', env.CLICK_BUDGET_PER_MINUTE, 20),
    pageViewBudgetPerMinute: whole('PAGE_VIEW_BUDGET_PER_MINUTE', env.PAGE_VIEW_BUDGET_PER_MINUTE, 30),
    linkFailoverRefreshMs: whole('LINK_FAILOVER_REFRESH_MS', env.LINK_FAILOVER_REFRESH_MS, 60_000, 100),
    dbQueryTimeoutMs: whole('DATABASE_QUERY_TIMEOUT_MS', env.DATABASE_QUERY_TIMEOUT_MS, 5000, 1),
    headersTimeoutMs,
    bodyTimeoutMs: whole('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, 10_000, 1),
    requestTimeoutMs,
    keepAliveTimeoutMs: whole('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5000, 1),
    redisUrl,
    corsOrigins: origins(env.CORS_ORIGINS),
    shutdownTimeoutMs: whole('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 0),
    statsToken,
    statsRateLimit: whole('STATS_RATE_LIMIT', env.STATS_RATE_LIMIT, 30, 1),
    rollupRefreshMs: whole('CLICK_ROLLUP_REFRESH_SECONDS', env.CLICK_ROLLUP_REFRESH_SECONDS, 60, 0) * 1000,
    geoCountryHeader: geoHeader(env.GEO_COUNTRY_HEADER),
    postbackSecrets: parsePostbackSecrets(env.POSTBACK_SECRETS),
    linkCheckIntervalHours: whole('LINK_CHECK_INTERVAL_HOURS', env.LINK_CHECK_INTERVAL_HOURS, 0),
    mail: mailConfigFromEnv(env),
  };
}
