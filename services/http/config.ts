/** Service configuration, read and checked once at start-up through the environment schema (services/shared/env-schema.ts). */
import { resolve } from 'node:path';
import type { Env } from '../shared/env-schema.ts';
import { dbConfigFromEnv, type DbConfig } from '../db/index.ts';
import { mailConfigFromEnv, type MailConfig } from '../mail/config.ts';
import { readEnv } from '../shared/env-read.ts';
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
  logLevel: Env['LOG_LEVEL'];
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
  /** How long a Redis command may take before it counts as failed. */
  redisTimeoutMs: number;
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
  /** Hours between runs of the price check; 0 (the default) runs none. */
  priceCheckIntervalHours: number;
  /** How long one pricing page may take. */
  priceCheckTimeoutMs: number;
  /** The request header a CDN puts the visitor's country in (lower case); unset, country rules never match. */
  geoCountryHeader?: string;
  /** Affiliate networks' postback secrets (POSTBACK_SECRETS): network → secret. Empty: no postback endpoint. */
  postbackSecrets: Map<string, string>;
  /** SMTP or .eml files, the sender, contact forwarding, and the secret that signs the links in mails. */
  mail: MailConfig;
}

const NAMES = [
  'HOST',
  'PORT',
  'DIST_DIR',
  'VPNSITE_DATA_DIR',
  'SCHEDULED_BUILDS',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'CLICK_BATCH_CAP',
  'CLICK_JOURNAL_DIR',
  'CLICK_JOURNAL_MAX_MB',
  'FORM_RATE_LIMIT',
  'CLICK_BUDGET_PER_MINUTE',
  'PAGE_VIEW_BUDGET_PER_MINUTE',
  'LINK_FAILOVER_REFRESH_MS',
  'DATABASE_QUERY_TIMEOUT_MS',
  'HEADERS_TIMEOUT_MS',
  'BODY_TIMEOUT_MS',
  'REQUEST_TIMEOUT_MS',
  'KEEP_ALIVE_TIMEOUT_MS',
  'REDIS_URL',
  'REDIS_TIMEOUT_MS',
  'CORS_ORIGINS',
  'SHUTDOWN_TIMEOUT_MS',
  'STATS_TOKEN',
  'STATS_RATE_LIMIT',
  'CLICK_ROLLUP_REFRESH_SECONDS',
  'GEO_COUNTRY_HEADER',
  'POSTBACK_SECRETS',
  'LINK_CHECK_INTERVAL_HOURS',
  'PRICE_CHECK_INTERVAL_HOURS',
  'PRICE_CHECK_TIMEOUT_MS',
] as const;

/** A comma list; the schema has checked each entry's shape. */
function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Builds the config from flags (which win) and the environment (env-schema.ts); throws one readable line on a bad value. */
export function loadConfig(
  flags: Partial<Pick<ServiceConfig, 'host' | 'port' | 'distDir' | 'dataDir'>> = {},
  env = process.env,
): ServiceConfig {
  const e = readEnv(NAMES, env);
  // Node refuses a headers timeout longer than the whole request's.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new Error(`HEADERS_TIMEOUT_MS (${e.HEADERS_TIMEOUT_MS}) must not be more than REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS})`);
  return {
    host: flags.host ?? e.HOST,
    port: flags.port ?? e.PORT,
    distDir: resolve(flags.distDir ?? e.DIST_DIR),
    dataDir: resolve(flags.dataDir ?? e.VPNSITE_DATA_DIR),
    scheduledBuilds: e.SCHEDULED_BUILDS,
    trustProxy: e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY === 'true' ? true : list(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    db: dbConfigFromEnv(env),
    clickBatchCap: e.CLICK_BATCH_CAP,
    clickJournalDir: resolve(e.CLICK_JOURNAL_DIR),
    clickJournalMaxBytes: e.CLICK_JOURNAL_MAX_MB * 1024 * 1024,
    formRateLimit: e.FORM_RATE_LIMIT,
    clickBudgetPerMinute: e.CLICK_BUDGET_PER_MINUTE,
    pageViewBudgetPerMinute: e.PAGE_VIEW_BUDGET_PER_MINUTE,
    linkFailoverRefreshMs: e.LINK_FAILOVER_REFRESH_MS,
    dbQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    corsOrigins: list(e.CORS_ORIGINS).map((o) => o.replace(/\/$/, '')),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    statsToken: e.STATS_TOKEN,
    statsRateLimit: e.STATS_RATE_LIMIT,
    rollupRefreshMs: e.CLICK_ROLLUP_REFRESH_SECONDS * 1000,
    geoCountryHeader: e.GEO_COUNTRY_HEADER?.trim().toLowerCase(),
    postbackSecrets: parsePostbackSecrets(e.POSTBACK_SECRETS),
    linkCheckIntervalHours: e.LINK_CHECK_INTERVAL_HOURS,
    priceCheckIntervalHours: e.PRICE_CHECK_INTERVAL_HOURS,
    priceCheckTimeoutMs: e.PRICE_CHECK_TIMEOUT_MS,
    mail: mailConfigFromEnv(env),
  };
}
