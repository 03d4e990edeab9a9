/** Builds the Fastify instance from config, listens, and closes within SHUTDOWN_TIMEOUT_MS on SIGINT/SIGTERM. */
import type { FastifyInstance } from 'fastify';
import { ClickRecorder, type ClickStore } from '../clicks/index.ts';
import { formatProblem, loadContent, type LoadResult } from '../content/index.ts';
import { clickStore, migrate, openDb, type Db } from '../db/index.ts';
import { app } from './app.ts';
import type { ServiceConfig } from './config.ts';
import { DbLink } from './db-link.ts';
import { redisBudget } from './redis-budget.ts';
import { newFastify } from './instance.ts';
import { openJournal, openServiceDb } from './open-stores.ts';
import { scheduleRollupRefresh } from './rollup-refresh.ts';
import { Mailer } from '../mail/mailer.ts';
import { countsViews, PageViewRecorder } from '../views/recorder.ts';
import { linksToCheck } from '../links/health.ts';
import { scheduleLinkChecks } from './link-check-schedule.ts';
import { schedulePriceChecks } from './price-check-schedule.ts';
import { watchFailover } from './link-failover.ts';
import { outboundTargets } from '../content/targets.ts';
import { scheduleBuilds, type ScheduledBuilds } from './scheduled-builds.ts';
import type { SiteControl } from './plugins/static-site.ts';
import { sayNotSetUp } from './not-set-up.ts';
import { watchAnalyst } from './analyst-watch.ts';
import { listeningOrigin, mailOrigin } from './origins.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)).unref());

/** A ready (not listening) instance; throws when the content is invalid or the embedded database is taken. `db` is opened from config unless given. */
export async function createServer(config: ServiceConfig, deps: { db?: Db } = {}): Promise<FastifyInstance> {
  const loaded = loadContent(config.dataDir);
  if (!loaded.content) {
    const errors = loaded.problems.filter((p) => p.severity === 'error').map(formatProblem);
    throw new Error(`content is invalid, so /go/ has no targets:\n${errors.join('\n')}`);
  }
  const fastify = newFastify(config);
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
  const onWait = (holder: string, ms: number) => fastify.log.warn({ holder, ms }, `the migrations wait for their lock, held by ${holder}`);
  const migrateDb = async () => {
    if (deps.db || !config.db.databaseUrl) return migrate(db, { onWait });
    const own = await openDb({ ...config.db, poolSize: 1 });
    try {
      return await migrate(own, { onWait });
    } finally {
      void own.close();
    }
  };
  const link = new DbLink({ migrate: migrateDb, log: fastify.log });
  const refused = 'the database refused a click row; dropped it';
  const store = clickStore(db, (row, err) => fastify.log.error({ err, provider: row.provider }, refused));
  const notReady = () => new Error('the database is not reachable or not migrated yet');
  const gated: ClickStore = {
    ...store,
    insert: (rows) => (link.ready ? store.insert(rows) : Promise.reject(notReady())),
    insertCopy: (text) => (link.ready ? store.insertCopy(text) : Promise.reject(notReady())),
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
  const stopAnalystWatch = watchAnalyst(db, () => link.ready, fastify.log);
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
  let priced = loaded.content.providers;
  const priceChecks = schedulePriceChecks(db, config, { ready: () => link.ready, providers: () => priced, log: fastify.log });
  link.onReady(() => {
    linkChecks.poke();
    priceChecks.poke();
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
      Promise.all([
        stopRollup(),
        stopAnalystWatch(),
        mailer.stop(),
        linkChecks.stop(),
        priceChecks.stop(),
        failover.stop(),
        scheduled?.stop(),
      ]),
      sleep(left() - 200),
    ]);
    await Promise.race([db.close(), sleep(left())]);
  });
  fastify.decorate('clickStats', () => recorder.stats());
  fastify.decorate('pageViewsDropped', () => pageViews.droppedCount());
  fastify.decorate('advertiseHttp', async () => {
    const origin = listeningOrigin(fastify, '127.0.0.1');
    if (!origin) return;
    // On the journal's lock record too: `vpnsite dev` on a PostgreSQL-backed directory finds the service there.
    await journal.lease.advertiseHttp(origin);
    if (db.advertiseHttp) await db.advertiseHttp(origin);
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
    priced = next.content.providers;
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
    redisTimeoutMs: config.redisTimeoutMs,
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
    /** Page-view beacons dropped past the hard limit of their address. */
    pageViewsDropped: () => number;
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
  // Before listening, so the block is out before the first request is answered.
  sayNotSetUp(config, fastify.log);
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
