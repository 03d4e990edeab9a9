/**
 * GET /api/clicks: the `vpnsite clicks` report over HTTP for spreadsheets and dashboards. Query
 * parameters match the CLI flags (by, repeatable; since; until; include-bots). JSON by default; `Accept:
 * text/csv` (or format=csv) gives CSV. Needs `Authorization: Bearer <STATS_TOKEN>`; without a configured
 * token the route is not registered at all, so it answers 404 like any unknown path.
 *
 * GET /api/links, with the same token: the latest result of the link check for each outbound link; each affiliate
 * link's row says whether /go/ fails over from it now (`failover`).
 * GET /api/stats, with the same token: the `vpnsite stats` report (views, clicks, conversions, revenue, EPC).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { today } from '../../content/index.ts';
import { clickReport, latestLinkChecks, statsReport, STATS_DIMENSIONS, type Db } from '../../db/index.ts';
import {
  formatCsv,
  formatStatsCsv,
  parseReportQuery,
  parseStatsQuery,
  reportObjects,
  statsObjects,
  UsageError,
} from '../../reports/index.ts';
import { replyDbDown } from '../db-down.ts';

export interface ClicksApiOptions {
  db: Db;
  /** Providers whose affiliate link fails over now: their affiliate row says so (`failover: true`). */
  failingOver?: ReadonlySet<string>;
  /** True once the database has been reached and migrated. */
  ready: () => boolean;
  /** The shared secret; undefined disables the endpoint. */
  statsToken?: string;
  /** Requests per client per minute. */
  rateLimit: number;
}

interface Query {
  by?: string | string[];
  since?: string;
  until?: string;
  'include-bots'?: string;
  'include-over-budget'?: string;
  format?: 'json' | 'csv';
}

const yes = (flag: string | undefined) => ['', 'true', '1'].includes(flag ?? 'false');
const digest = (text: string) => createHash('sha256').update(text).digest();
const text = (description: string) => ({ type: 'string', maxLength: 40, description }) as const;
const error = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] } as const;

/** True when the header carries the token. Both sides are hashed first, so the comparison takes the same time whatever the length or content. */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(m?.[1] ?? ''), expected) && m !== null;
}

/** A report as CSV when `format=csv` or the Accept header asks for it, JSON otherwise; never cached. */
function sendTable(
  request: FastifyRequest,
  reply: FastifyReply,
  format: 'json' | 'csv' | undefined,
  csv: () => string,
  json: () => unknown,
) {
  reply.header('Cache-Control', 'no-store').header('Vary', 'Accept');
  if (format === 'csv' || (format === undefined && /\btext\/csv\b/i.test(request.headers.accept ?? '')))
    return reply.type('text/csv; charset=utf-8; header=present').send(csv());
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(json()));
}

export async function clicksApiRoutes(app: FastifyInstance, opts: ClicksApiOptions): Promise<void> {
  if (!opts.statsToken) return;
  const expected = digest(opts.statsToken);
  // After the rate limiter (onRequest), so wrong guesses count against the limit; before validation, so
  // nothing about the parameters is told to a caller without the token.
  const authorise = async (request: FastifyRequest, reply: FastifyReply) => {
    if (bearerMatches(request.headers.authorization, expected)) return;
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer realm="clicks"')
      .send({ error: 'A valid Authorization: Bearer token is required.' });
  };

  app.get<{ Querystring: Query }>('/api/clicks', {
    config: { rateLimit: { max: opts.rateLimit, timeWindow: 60_000 } },
    preValidation: authorise,
    schema: {
      querystring: {
        type: 'object',
        properties: {
          by: {
            anyOf: [
              text('provider, day, page, placement, destination, variant, country or device'),
              { type: 'array', maxItems: 8, items: text('provider, day, page, placement, destination, variant, country or device') },
            ],
          },
          since: text('first UTC day, YYYY-MM-DD'),
          until: text('last UTC day, YYYY-MM-DD'),
          'include-bots': { enum: ['', 'true', 'false', '1', '0'], description: 'adds bot_clicks' },
          'include-over-budget': {
            enum: ['', 'true', 'false', '1', '0'],
            description: "adds over_budget_clicks (past a visitor's per-minute budget)",
          },
          format: { enum: ['json', 'csv'], description: 'overrides the Accept header' },
        },
        additionalProperties: false,
      },
      response: { '4xx': error },
    },
    handler: async (request, reply) => {
      const q = request.query;
      let query;
      try {
        query = parseReportQuery(
          {
            by: q.by === undefined ? [] : [q.by].flat(),
            since: q.since,
            until: q.until,
            includeBots: yes(q['include-bots']),
            includeOverBudget: yes(q['include-over-budget']),
          },
          today(),
        );
      } catch (err) {
        if (err instanceof UsageError) return reply.code(400).send({ error: err.message });
        throw err;
      }
      if (!opts.ready()) return replyDbDown(reply);
      const report = await clickReport(opts.db, query);
      return sendTable(
        request,
        reply,
        q.format,
        () => formatCsv(report),
        () => reportObjects(report),
      );
    },
  });

  app.get('/api/links', {
    config: { rateLimit: { max: opts.rateLimit, timeWindow: 60_000 } },
    preValidation: authorise,
    schema: { querystring: { type: 'object', additionalProperties: false }, response: { '4xx': error } },
    handler: async (_request, reply) => {
      if (!opts.ready()) return replyDbDown(reply);
      reply.header('Cache-Control', 'no-store');
      const rows = (await latestLinkChecks(opts.db)).map((r) =>
        r.link === 'affiliate' ? { ...r, failover: opts.failingOver?.has(r.provider) ?? false } : r,
      );
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
    },
  });

  app.get<{ Querystring: { by?: string | string[]; since?: string; until?: string; format?: 'json' | 'csv' } }>('/api/stats', {
    config: { rateLimit: { max: opts.rateLimit, timeWindow: 60_000 } },
    preValidation: authorise,
    schema: {
      querystring: {
        type: 'object',
        properties: {
          by: { anyOf: [text(STATS_DIMENSIONS.join(', ')), { type: 'array', maxItems: 8, items: text(STATS_DIMENSIONS.join(', ')) }] },
          since: text('first UTC day, YYYY-MM-DD'),
          until: text('last UTC day, YYYY-MM-DD'),
          format: { enum: ['json', 'csv'], description: 'overrides the Accept header' },
        },
        additionalProperties: false,
      },
      response: { '4xx': error },
    },
    handler: async (request, reply) => {
      const q = request.query;
      let query;
      try {
        query = parseStatsQuery({ by: q.by === undefined ? [] : [q.by].flat(), since: q.since, until: q.until }, today());
      } catch (err) {
        if (err instanceof UsageError) return reply.code(400).send({ error: err.message });
        throw err;
      }
      if (!opts.ready()) return replyDbDown(reply);
      const report = { query, ...(await statsReport(opts.db, query)) };
      return sendTable(
        request,
        reply,
        q.format,
        () => formatStatsCsv(report),
        () => statsObjects(report),
      );
    },
  });
}
