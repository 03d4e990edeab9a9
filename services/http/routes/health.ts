/**
 * GET /healthz for load balancers: 200 whenever this process can redirect, which it can with the database down (clicks
 * then wait in memory), so an outage of the database never takes the instances out of the balancer. GET /healthz/db
 * for monitoring: 200 or 503 by whether the database answers and is migrated. GET /healthz/mail for monitoring too:
 * 503 once a mail has waited in the outbox for more than MAIL_STALE_SECONDS, i.e. SMTP has been failing for a while.
 * All three answer from what a background check found at most HEALTH_REFRESH_MS ago, never by asking the database.
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

/** How often the answers are refreshed: a check sees the database's state as it was at most this long ago. */
export const HEALTH_REFRESH_MS = 1000;

interface Known {
  db: boolean;
  mail: { queued: number; oldestSeconds: number | null } | null;
}

export async function healthRoutes(fastify: FastifyInstance, opts: HealthOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Answered from memory, refreshed in the background: however often the checks are hit, the database is asked
  // once a second.
  const known: Known = { db: false, mail: null };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    try {
      known.db = opts.ready() && (await isUp(opts.db, 500));
      known.mail = known.db ? await outboxBacklog(opts.db) : null;
    } catch {
      known.mail = null;
    }
    if (!stopped) timer = setTimeout(refresh, HEALTH_REFRESH_MS).unref();
  };
  void refresh();
  fastify.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
  });
  app.get('/healthz', {
    schema: { response: { 200: Status } },
    handler: async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok', db: known.db ? 'up' : 'down' }),
  });
  app.get('/healthz/db', {
    schema: { response: { '2xx': Status, 503: Status } },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (known.db) return reply.send({ status: 'ok', db: 'up' });
      return reply.code(503).send({ status: 'unavailable', db: 'down' });
    },
  });
  app.get('/healthz/mail', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!known.db || !known.mail) return replyDbDown(reply);
    const { queued, oldestSeconds } = known.mail;
    const stale = oldestSeconds !== null && oldestSeconds > MAIL_STALE_SECONDS;
    return reply.code(stale ? 503 : 200).send({ status: stale ? 'delayed' : 'ok', queued, oldestQueuedSeconds: oldestSeconds });
  });
}
