/**
 * GET /healthz for load balancers: 200 whenever this process can redirect, which it can with the database down (clicks
 * then wait in memory), so an outage of the database never takes the instances out of the balancer. GET /healthz/db
 * for monitoring: 200 or 503 by whether the database answers and is migrated.
 */
import type { FastifyInstance } from 'fastify';
import { isUp, type Db } from '../../db/index.ts';

export interface HealthOptions {
  db: Db;
  /** True once the database has been reached and migrated. */
  ready: () => boolean;
}

const status = { status: { enum: ['ok', 'unavailable'] }, db: { enum: ['up', 'down'] } };

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  const dbUp = async () => opts.ready() && (await isUp(opts.db, 500));
  app.get('/healthz', {
    schema: { response: { 200: { type: 'object', properties: status, required: ['status', 'db'] } } },
    handler: async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok', db: (await dbUp()) ? 'up' : 'down' }),
  });
  app.get('/healthz/db', {
    schema: { response: { '2xx': { type: 'object', properties: status, required: ['status', 'db'] }, 503: { type: 'object', properties: status, required: ['status', 'db'] } } },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (await dbUp()) return reply.send({ status: 'ok', db: 'up' });
      return reply.code(503).send({ status: 'unavailable', db: 'down' });
    },
  });
}
