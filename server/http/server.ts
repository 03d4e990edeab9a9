/** Builds the Fastify instance from config, listens, and closes within SHUTDOWN_TIMEOUT_MS on SIGINT/SIGTERM. */
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ClickRecorder, type ClickStore } from '../clicks/index.ts';
import { ClickJournal } from '../clicks/journal.ts';
import { acquireDataDir, DataDirBusy as JournalBusy, describeOwner } from '../../db/data-dir-lock.ts';
import { mkdirSync } from 'node:fs';
import { formatProblem, loadContent, type LoadResult } from '../../content/index.ts';
import { clickStore, DataDirBusy, migrate, openDb, type Db } from '../../db/index.ts';
import { app } from './app.ts';
import type { ServiceConfig } from './config.ts';
import { DbLink } from './db-link.ts';
import { redisBudget } from './redis-budget.ts';
import { RequestLog } from './request-log.ts';
import { trustProxy } from './trust-proxy.ts';
import { logSerializers } from './log-redact.ts';
import { scheduleRollupRefresh } from './rollup-refresh.ts';
import { Mailer } from '../mail/mailer.ts';
import { countsViews, PageViewRecorder } from '../views/recorder.ts';
import { linksToCheck } from '../links/health.ts';
import { scheduleLinkChecks } from './link-check-schedule.ts';
import { watchFailover } from './link-failover.ts';
import { outboundTargets } from '../../content/targets.ts';
import { scheduleBuilds, type ScheduledBuilds } from './scheduled-builds.ts';
import type { SiteControl } from './plugins/static-site.ts';
import pretty from 'pino-pretty';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)).unref());

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

/**
 * Opens the database; the embedded one under its directory's lock, answering other commands on the local channel.
 * Another `vpnsite serve` holding the directory is an error at once; a shorter command holding it is waited for.
 */
async function openServiceDb(config: ServiceConfig, log: FastifyInstance['log']): Promise<Db> {
  const deadline = Date.now() + 8000;
  for (;;) {
    try {
      return await openDb({ ...config.db, queryTimeoutMs: config.dbQueryTimeoutMs }, { command: 'serve', channel: true, log });
    } catch (err) {
      if (!(err instanceof DataDirBusy) || err.owner.command === 'serve' || Date.now() > deadline) throw err;
      await sleep(200);
    }
  }
}

/**
 * Opens the click journal, which one process owns at a time: two services started from one directory need a
 * CLICK_JOURNAL_DIR each. A journal left by a process that died is taken over, and its clicks stored.
 */
async function openJournal(config: ServiceConfig, log: FastifyInstance['log']) {
  mkdirSync(config.clickJournalDir, { recursive: true, mode: 0o700 });
  let lease: Awaited<ReturnType<typeof acquireDataDir>>;
  try {
    lease = await acquireDataDir(config.clickJournalDir, 'serve');
  } catch (err) {
    if (err instanceof JournalBusy)
      throw new Error(
        `the click journal ${config.clickJournalDir} is in use by ${describeOwner(err.owner)}: give each instance its own CLICK_JOURNAL_DIR`,
      );
    throw err;
  }
  try {
    return {
      lease,
      journal: ClickJournal.open({
        dir: config.clickJournalDir,
        maxBytes: config.clickJournalMaxBytes,
        onError: (err) => log.error({ err }, 'the click journal could not be written or synced'),
      }),
    };
  } catch (err) {
    await lease.release();
    throw err;
  }
}

/**
 * The origin the links in mails point to: PUBLIC_URL when set. Otherwise, mail sent through SMTP goes to real readers,
 * whose links must reach the public site (site.yaml's url); mail written to files is read on this machine, whose
 * links reach the service where it listens.
 */
function mailOrigin(config: ServiceConfig, fastify: FastifyInstance, siteUrl: string): string {
  if (config.mail.publicUrl) return config.mail.publicUrl;
  if (config.mail.smtpUrl) return new URL(siteUrl).origin;
  const address = fastify.server.address();
  if (!address || typeof address === 'string') return new URL(siteUrl).origin;
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** A ready (not listening) instance; throws when the content is invalid or the embedded database is taken. `db` is opened from config unless given. */
export async function createServer(config: ServiceConfig, deps: { db?: Db } = {}): Promise<FastifyInstance> {
  const loaded = loadContent(config.dataDir);
  if (!loaded.content) {
    const errors = loaded.problems.filter((p) => p.severity === 'error').map(formatProblem);
    throw new Error(`content is invalid, so /go/ has no targets:\n${errors.join('\n')}`);
  }
  const fastify = Fastify({
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
  const journal = await openJournal(config, fastify.log);
  let db: Db;
  try {
    db = deps.db ?? (await openServiceDb(config, fastify.log));
  } catch (err) {
    await journal.journal.close(0);
    await journal.lease.release();
    throw err;
  }
  // Migrations on PostgreSQL run on a connection of their own, free of the service's query timeout.
  const migrateDb = async () => {
    if (deps.db || !config.db.databaseUrl) return migrate(db);
    const own = await openDb({ ...config.db, poolSize: 1 });
    try {
      return await migrate(own);
    } finally {
      void own.close();
    }
  };
  const link = new DbLink({ migrate: migrateDb, log: fastify.log });
  const store = clickStore(db, (row, err) =>
    fastify.log.error({ err, provider: row.provider }, 'the database refused a click row; dropped it'),
  );
  const gated: ClickStore = {
    ...store,
    insert: (rows) => (link.ready ? store.insert(rows) : Promise.reject(new Error('the database is not reachable or not migrated yet'))),
  };
  // With several instances, a visitor's budgets are counted in Redis, asked as each batch is written.
  const shared = config.redisUrl ? redisBudget(config.redisUrl, fastify.log) : undefined;
  const pageViews = new PageViewRecorder(db, (day) => store.saltFor(day), fastify.log, {
    cap: config.clickBatchCap,
    ready: () => link.ready,
    budgetPerMinute: config.pageViewBudgetPerMinute,
    shared,
  });
  const recorder = new ClickRecorder({
    store: gated,
    journal: journal.journal,
    batch: { memory: config.clickBatchCap },
    budgetPerMinute: config.clickBudgetPerMinute,
    shared,
    log: fastify.log,
  });
  if (journal.journal.recovered)
    fastify.log.warn(
      { clicks: journal.journal.recovered, dir: config.clickJournalDir },
      'the click journal holds clicks an earlier run had not stored; they are stored once the database is reached',
    );
  // Ready, for the health check and the forms, once the first block of click ids is reserved too: a redirect
  // answered between the two would go without its sub-ID.
  let recording = false;
  link.onReady(() => void recorder.start().then(() => (recording = true)));
  const stopRollup = scheduleRollupRefresh(db, config.rollupRefreshMs, fastify.log, () => link.ready);
  const mailer = new Mailer({
    db,
    config: config.mail,
    siteName: loaded.content.site.brand.name,
    origin: () => mailOrigin(config, fastify, loaded.content!.site.url),
    ready: () => link.ready,
    log: fastify.log,
  });
  link.onReady(() => mailer.nudge());
  let outbound = linksToCheck(loaded.content);
  // The /go/ targets and the known pages, replaced in place when `vpnsite dev` sees the content change.
  const targets = outboundTargets(loaded.content);
  const failover = watchFailover({
    db,
    ready: () => link.ready,
    current: () => new Map(outbound.filter((l) => l.link === 'affiliate').map((l) => [l.provider, l.url])),
    fallbackOf: (slug) => targets.get(slug)?.main.direct?.url,
    refreshMs: config.linkFailoverRefreshMs,
    log: fastify.log,
  });
  const linkChecks = scheduleLinkChecks({
    db,
    hours: config.linkCheckIntervalHours,
    ready: () => link.ready,
    links: () => outbound,
    log: fastify.log,
    saved: () => void failover.refresh(),
  });
  link.onReady(() => {
    linkChecks.poke();
    void failover.refresh();
  });

  let scheduled: ScheduledBuilds | undefined;
  const site: SiteControl = {};
  let deadline = 0;
  let cutStalled: NodeJS.Timeout | undefined;
  fastify.addHook('preClose', async () => {
    deadline = Date.now() + config.shutdownTimeoutMs;
    // In-flight requests get half the time to finish; then every connection still open (a client stalled half-way
    // through its body, say) is closed, so the clicks can be written in the time left.
    cutStalled = setTimeout(() => fastify.server.closeAllConnections(), Math.min(5000, config.shutdownTimeoutMs / 2));
    cutStalled.unref();
  });
  // Runs once the server has stopped accepting and in-flight requests have finished: their clicks are queued.
  fastify.addHook('onClose', async () => {
    clearTimeout(cutStalled);
    const left = () => deadline - Date.now();
    // The link keeps trying meanwhile: a database that comes back during the shutdown still gets the clicks.
    await Promise.all([recorder.close(Math.max(0, left() - 300)), pageViews.close(Math.max(0, left() - 300))]);
    await shared?.close();
    link.stop();
    await journal.lease.release();
    const stats = recorder.stats();
    if (stats.kept)
      fastify.log.warn(
        { kept: stats.kept, written: stats.written, dir: config.clickJournalDir, shutdownTimeoutMs: config.shutdownTimeoutMs },
        `${stats.kept} clicks were not written to the database within SHUTDOWN_TIMEOUT_MS: they stay in the click journal and are stored at the next start`,
      );
    if (stats.dropped)
      fastify.log.error(
        { dropped: stats.dropped, clickJournalMaxMb: config.clickJournalMaxBytes / 1048576 },
        `${stats.dropped} clicks were dropped: the click journal was full (CLICK_JOURNAL_MAX_MB) or could not be written`,
      );
    if (!stats.dropped && !stats.kept) fastify.log.info({ written: stats.written }, 'every click was written');
    await Promise.race([
      Promise.all([stopRollup(), mailer.stop(), linkChecks.stop(), failover.stop(), scheduled?.stop()]),
      sleep(left() - 200),
    ]);
    await Promise.race([db.close(), sleep(left())]);
  });
  fastify.decorate('clickStats', () => recorder.stats());
  fastify.decorate('advertiseHttp', async () => {
    const address = fastify.server.address();
    if (!address || typeof address === 'string' || !db.advertiseHttp) return;
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    await db.advertiseHttp(`http://${host}:${address.port}`);
  });
  const routes = new Set(loaded.routes.map((r) => r.path));
  const viewRoutes = new Set(loaded.routes.filter(countsViews).map((r) => r.path));
  fastify.decorate('reloadContent', (loaded?: LoadResult) => {
    const next = loaded ?? loadContent(config.dataDir);
    if (!next.content) return false;
    targets.clear();
    for (const [slug, t] of outboundTargets(next.content)) targets.set(slug, t);
    routes.clear();
    for (const r of next.routes) routes.add(r.path);
    viewRoutes.clear();
    for (const r of next.routes.filter(countsViews)) viewRoutes.add(r.path);
    outbound = linksToCheck(next.content);
    void failover.refresh();
    return true;
  });
  await fastify.register(app, {
    distDir: config.distDir,
    site,
    targets,
    failingOver: failover.broken,
    routes,
    db,
    dbReady: () => link.ready && recording,
    recorder,
    formRateLimit: config.formRateLimit,
    bodyTimeoutMs: config.bodyTimeoutMs,
    corsOrigins: config.corsOrigins,
    redisUrl: config.redisUrl,
    statsToken: config.statsToken,
    statsRateLimit: config.statsRateLimit,
    geoCountryHeader: config.geoCountryHeader,
    postbackSecrets: config.postbackSecrets,
    pageViews,
    viewRoutes,
    mail: { linkSecret: config.mail.linkSecret, contactNotifyTo: config.mail.contactNotifyTo, queued: () => mailer.nudge() },
  });
  await fastify.ready();
  // The site built again at each scheduled moment; the new build (and its content's /go/ targets) read once in place.
  if (config.scheduledBuilds) {
    scheduled = scheduleBuilds({
      distDir: config.distDir,
      dataDir: config.dataDir,
      log: fastify.log,
      onNewBuild: () => {
        site.reload?.();
        if (!fastify.reloadContent())
          fastify.log.error({ dataDir: config.dataDir }, 'the content is invalid now: /go/ keeps the targets it had');
      },
    });
  }
  link.start();
  mailer.start();
  return fastify;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Clicks written and dropped so far (dropped at shutdown, or while the batch was full). */
    clickStats: () => ReturnType<ClickRecorder['stats']>;
    /** Records, for the embedded database's owner, where it listens (call once listening). */
    advertiseHttp: () => Promise<void>;
    /**
     * Reads the content directory again (or takes `loaded`, a loadContent of it made by the caller, judged now and
     * not in preview) and, when it is valid, takes its /go/ targets and pages; false when not.
     */
    reloadContent: (loaded?: LoadResult) => boolean;
  }
}

/** Listens and wires shutdown: stop accepting, finish or cut requests, write the clicks; exit 1 if any were lost. */
export async function startServer(config: ServiceConfig): Promise<FastifyInstance> {
  const fastify = await createServer(config);
  try {
    await fastify.listen({ host: config.host, port: config.port });
  } catch (err) {
    await fastify.close();
    throw err;
  }
  await fastify.advertiseHttp();
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info(
      { signal, shutdownTimeoutMs: config.shutdownTimeoutMs },
      'shutting down: no new connections; finishing requests and writing the clicks still in memory',
    );
    // Whatever the clients and the database do, the process is gone within SHUTDOWN_TIMEOUT_MS and a second.
    setTimeout(() => {
      fastify.log.error(
        { shutdownTimeoutMs: config.shutdownTimeoutMs, clicks: fastify.clickStats() },
        'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting now',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs + 800).unref();
    fastify.close().then(
      () => process.exit(fastify.clickStats().dropped ? 1 : 0),
      (err: unknown) => {
        fastify.log.error({ err }, 'closing the service failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return fastify;
}
