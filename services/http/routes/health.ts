/**
 * GET /healthz for load balancers: 200 whenever this process can redirect, which it can with the database down (clicks
 * then wait in memory), so an outage of the database never takes the instances out of the balancer. GET /healthz/db
 * for monitoring: 200 or 503 by whether the database answers and is migrated. GET /healthz/mail for monitoring too:
 * 503 once a mail has waited in the outbox for more than MAIL_STALE_SECONDS, i.e. SMTP has been failing for a while.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { isUp, outboxBacklog, type Db } from '../../db/index.ts';
import { replyDbDown } from '../db-down.ts';
import { StringEnum } from '../schemas.ts';

/** A queued mail older than this means the mail is not going out. */
export const MAIL_STALE_SECONDS = 3600;

export interface HealthOptions {
  db: Db;
  /** True once the database has been reached and migrated. */
  ready: () => boolean;
}

const Status = Type.Object({ status: StringEnum(['ok', 'unavailable']), db: StringEnum(['up', 'down']) });

export async function healthRoutes(fastify: FastifyInstance, opts: HealthOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dbUp = async () => opts.ready() && (await isUp(opts.db, 500));
  app.get('/healthz', {
    schema: { response: { 200: Status } },
    handler: async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ status: 'ok', db: (await dbUp()) ? 'up' : 'down' }),
  });
  app.get('/healthz/db', {
    schema: { response: { '2xx': Status, 503: Status } },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (await dbUp()) return reply.send({ status: 'ok', db: 'up' });
      return reply.code(503).send({ status: 'unavailable', db: 'down' });
    },
  });
  app.get('/healthz/mail', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!(await dbUp())) return replyDbDown(reply);
    const { queued, oldestSeconds } = await outboxBacklog(opts.db);
    const stale = oldestSeconds !== null && oldestSeconds > MAIL_STALE_SECONDS;
    return reply.code(stale ? 503 : 200).send({ status: stale ? 'delayed' : 'ok', queued, oldestQueuedSeconds: oldestSeconds });
  });
}
