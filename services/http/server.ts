/** Builds the Fastify instance from config, listens, and closes with grace on SIGINT/SIGTERM. */
import Fastify, { type FastifyInstance } from 'fastify';
import { formatProblem, loadContent } from '../content/index.ts';
import { app } from './app.ts';
import type { ServiceConfig } from './config.ts';
import { outboundTargets } from './targets.ts';

/** A ready (not listening) instance; throws when the content is invalid. */
export async function createServer(config: ServiceConfig): Promise<FastifyInstance> {
  const loaded = loadContent(config.dataDir);
  if (!loaded.content) {
    const errors = loaded.problems.filter((p) => p.severity === 'error').map(formatProblem);
    throw new Error(`content is invalid, so /go/ has no targets:\n${errors.join('\n')}`);
  }
  const fastify = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy, bodyLimit: 16 * 1024 });
  await fastify.register(app, { distDir: config.distDir, targets: outboundTargets(loaded.content) });
  await fastify.ready();
  return fastify;
}

/** Listens and wires graceful shutdown: stop accepting, finish in-flight work, exit 0. */
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
