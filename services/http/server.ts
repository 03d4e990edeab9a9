/** Builds the Fastify instance from config, listens, and closes with grace on SIGINT/SIGTERM. */
import Fastify, { type FastifyInstance } from 'fastify';
import { ClickRecorder } from '../clicks/index.ts';
import { formatProblem, loadContent } from '../content/index.ts';
import { clickStore, migrate, openDb, type Db } from '../db/index.ts';
import { app } from './app.ts';
import type { ServiceConfig } from './config.ts';
import { scheduleRollupRefresh } from './rollup-refresh.ts';
import { outboundTargets } from './targets.ts';

/** A ready (not listening) instance with a migrated database; throws when the content is invalid. `db` is opened from config unless given. */
export async function createServer(config: ServiceConfig, deps: { db?: Db } = {}): Promise<FastifyInstance> {
  const loaded = loadContent(config.dataDir);
  if (!loaded.content) {
    const errors = loaded.problems.filter((p) => p.severity === 'error').map(formatProblem);
    throw new Error(`content is invalid, so /go/ has no targets:\n${errors.join('\n')}`);
  }
  const fastify = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    // Unknown fields are refused, not silently dropped, and nothing is coerced: the client must send what it means.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });
  const db = deps.db ?? (await openDb(config.db));
  try {
    const applied = await migrate(db);
    if (applied.length) fastify.log.info({ applied }, 'database migrated');
  } catch (err) {
    await db.close();
    throw err;
  }
  const recorder = new ClickRecorder({
    store: clickStore(db, (row, err) => fastify.log.error({ err, provider: row.provider }, 'the database refused a click row; dropped it')),
    batch: { cap: config.clickBatchCap },
    log: fastify.log,
  });
  await recorder.start();
  const stopRollup = scheduleRollupRefresh(db, config.rollupRefreshMs, fastify.log);
  // Runs after the server has stopped accepting and in-flight requests have finished: their clicks are queued.
  fastify.addHook('onClose', async () => {
    await recorder.close(config.shutdownTimeoutMs);
    const stats = recorder.stats();
    fastify.log[stats.dropped ? 'error' : 'info'](stats, 'click batch flushed');
    await stopRollup();
    await db.close();
  });
  await fastify.register(app, {
    distDir: config.distDir,
    targets: outboundTargets(loaded.content),
    routes: new Set(loaded.routes.map((r) => r.path)),
    db,
    recorder,
    formRateLimit: config.formRateLimit,
    goRateLimit: config.goRateLimit,
    corsOrigins: config.corsOrigins,
    redisUrl: config.redisUrl,
    statsToken: config.statsToken,
    statsRateLimit: config.statsRateLimit,
  });
  await fastify.ready();
  return fastify;
}

/** Listens and wires graceful shutdown: stop accepting, finish in-flight work, flush clicks, exit 0. */
export async function startServer(config: ServiceConfig): Promise<FastifyInstance> {
  const fastify = await createServer(config);
  await fastify.listen({ host: config.host, port: config.port });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info({ signal }, 'shutting down');
    fastify.close().then(
      () => process.exit(0),
      (err) => {
        fastify.log.error(err, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return fastify;
}
