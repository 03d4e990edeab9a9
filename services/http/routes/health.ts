/** GET /healthz (CONTRACT): 200 when the database answers, 503 when it does not, for load balancers. */
import type { FastifyInstance } from 'fastify';
import { isUp, type Db } from '../../db/index.ts';

export async function healthRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  app.get('/healthz', {
    schema: {
      response: {
        '2xx': { type: 'object', properties: { status: { const: 'ok' }, db: { const: 'up' } }, required: ['status', 'db'] },
        503: { type: 'object', properties: { status: { const: 'unavailable' }, db: { const: 'down' } }, required: ['status', 'db'] },
      },
    },
    handler: async (_request, reply) => {
      if (await isUp(opts.db)) return reply.header('Cache-Control', 'no-store').send({ status: 'ok', db: 'up' });
      return reply.code(503).header('Cache-Control', 'no-store').send({ status: 'unavailable', db: 'down' });
    },
  });
}
