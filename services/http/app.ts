/** The Fastify app as a plugin: registers everything, never listens (server.ts does). */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { ClickRecorder } from '../clicks/index.ts';
import type { Db } from '../db/index.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSite } from './plugins/static-site.ts';
import { clicksApiRoutes } from './routes/clicks-api.ts';
import { formRoutes } from './routes/forms.ts';
import { goRoutes } from './routes/go.ts';
import { healthRoutes } from './routes/health.ts';
import type { OutboundTarget } from './targets.ts';
import { validationMessage } from './validation-message.ts';

export interface AppOptions {
  distDir: string;
  targets: ReadonlyMap<string, OutboundTarget>;
  /** Every page path, for checking `from` on /go/. */
  routes: ReadonlySet<string>;
  db: Db;
  recorder: ClickRecorder;
  formRateLimit: number;
  goRateLimit: number;
  corsOrigins: string[];
  redisUrl?: string;
  /** Bearer token for GET /api/clicks; undefined disables it. */
  statsToken?: string;
  statsRateLimit: number;
}

const MESSAGES: Record<number, string> = {
  413: 'The request is too large: 16 KB at most.',
  415: 'Send the form as JSON (Content-Type: application/json) or as an HTML form (application/x-www-form-urlencoded).',
};

export async function app(fastify: FastifyInstance, opts: AppOptions): Promise<void> {
  fastify.setSchemaErrorFormatter((errors, dataVar) => new Error(validationMessage(errors, dataVar)));
  // One error handler: 4xx keep a readable message, 5xx never leak details.
  fastify.setErrorHandler((err: { statusCode?: number; message: string }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error(err);
    const message = status >= 500 ? 'Something went wrong on our side. Please try again.' : (MESSAGES[status] ?? err.message);
    return reply.code(status).send({ error: message });
  });
  // The redirect sits apart from the pages and forms: an empty-bodied 302 needs neither page security headers,
  // compression nor CORS, and its limiter never waits on Redis. Every hook those add ran on each redirect, and
  // cost it throughput (scripts/bench/redirect.ts).
  await fastify.register(goRoutes, { targets: opts.targets, routes: opts.routes, recorder: opts.recorder, rateLimit: opts.goRateLimit });
  await fastify.register(async (site) => {
    await site.register(securityPlugin, { corsOrigins: opts.corsOrigins, redisUrl: opts.redisUrl });
    await site.register(compress, { threshold: 1024 });
    await site.register(formRoutes, { db: opts.db, rateLimit: opts.formRateLimit, siteOrigins: opts.corsOrigins });
    await site.register(healthRoutes, { db: opts.db });
    await site.register(clicksApiRoutes, { db: opts.db, statsToken: opts.statsToken, rateLimit: opts.statsRateLimit });
    await site.register(staticSite, { distDir: opts.distDir });
  });
}
