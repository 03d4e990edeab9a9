/** The Fastify app as a plugin: registers everything, never listens (server.ts does). */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { staticSite } from './plugins/static-site.ts';
import { goRoutes } from './routes/go.ts';

export interface AppOptions {
  distDir: string;
  targets: ReadonlyMap<string, string>;
}

export async function app(fastify: FastifyInstance, opts: AppOptions): Promise<void> {
  await fastify.register(compress, { threshold: 1024 });
  // One error handler: 4xx keep their message, 5xx never leak details.
  fastify.setErrorHandler((err: { statusCode?: number; message: string }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error(err);
    return reply.code(status).send({ error: status >= 500 ? 'Something went wrong on our side. Please try again.' : err.message });
  });
  await fastify.register(goRoutes, { targets: opts.targets });
  await fastify.register(staticSite, { distDir: opts.distDir });
}
