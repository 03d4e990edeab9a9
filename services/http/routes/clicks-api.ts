/**
 * GET /api/clicks: the `vpnsite clicks` report over HTTP for spreadsheets and dashboards. Query
 * parameters match the CLI flags (by, repeatable; since; until; include-bots). JSON by default; `Accept:
 * text/csv` (or format=csv) gives CSV. Needs `Authorization: Bearer <STATS_TOKEN>`; without a configured
 * token the route is not registered at all, so it answers 404 like any unknown path.
 *
 * GET /api/links, with the same token: the latest result of the link check for each outbound link; each affiliate
 * link's row says whether /go/ fails over from it now (`failover`).
 * GET /api/stats, with the same token: the `vpnsite stats` report (views, clicks, conversions, revenue, EPC).
 * GET /api/stats/status, always there and without a token: `{ "api": "on" | "off" }`, so the dashboard can say at
 * once that the API is off rather than ask for a token first.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
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
} from '../../shared/reports/index.ts';
import { replyDbDown } from '../db-down.ts';
import { ErrorBody, StringEnum } from '../schemas.ts';

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

const yes = (flag: string | undefined) => ['', 'true', '1'].includes(flag ?? 'false');
const digest = (text: string) => createHash('sha256').update(text).digest();
const text = (description: string) => Type.String({ maxLength: 40, description });
/** A report's `by`: one dimension, or the parameter repeated. */
const by = (item: ReturnType<typeof text>) => Type.Optional(Type.Union([item, Type.Array(item, { maxItems: 8 })]));
const flag = (description: string) => Type.Optional(StringEnum(['', 'true', 'false', '1', '0'], { description }));
const format = Type.Optional(StringEnum(['json', 'csv'], { description: 'overrides the Accept header' }));
const since = Type.Optional(text('first UTC day, YYYY-MM-DD'));
const until = Type.Optional(text('last UTC day, YYYY-MM-DD'));
const errors = { '4xx': ErrorBody };

const ClicksQuery = Type.Object(
  {
    by: by(text('provider, day, page, placement, destination, variant, country or device')),
    since,
    until,
    'include-bots': flag('adds bot_clicks'),
    'include-over-budget': flag("adds over_budget_clicks (past a visitor's per-minute budget)"),
    format,
  },
  { additionalProperties: false },
);
const StatsQuery = Type.Object({ by: by(text(STATS_DIMENSIONS.join(', '))), since, until, format }, { additionalProperties: false });

/** True when the header carries the token. Both sides are hashed first, so the comparison takes the same time whatever the length or content. */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(m?.[1] ?? ''), expected) && m !== null;
}

/** JSON written here: the response schemas describe the errors alone, so a report is not held to one. */
const sendJson = (reply: FastifyReply, body: unknown) => reply.type('application/json; charset=utf-8').send(JSON.stringify(body));

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
  return sendJson(reply, json());
}

/** The query as parsed; or, when the caller asked for something the report cannot answer, a 400 saying why. */
function parsedOr400<T>(reply: FastifyReply, parse: () => T): T | undefined {
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    reply.code(400).send({ error: err.message });
    return undefined;
  }
}

export async function clicksApiRoutes(fastify: FastifyInstance, opts: ClicksApiOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // One counter per client for every route here, the status included: STATS_RATE_LIMIT is a client's requests a
  // minute, not each route's (a route's own rateLimit config would count each route apart).
  const limited = fastify.rateLimit({ max: opts.rateLimit, timeWindow: 60_000 });
  const api = opts.statsToken ? 'on' : 'off';
  app.get('/api/stats/status', {
    onRequest: limited,
    schema: { response: { 200: Type.Object({ api: StringEnum(['on', 'off']) }) } },
    handler: async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ api }),
  });
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
  // Every route here: the token's own rate limit, then the token.
  const guarded = { onRequest: limited, preValidation: authorise };

  app.get('/api/clicks', {
    ...guarded,
    schema: { querystring: ClicksQuery, response: errors },
    handler: async (request, reply) => {
      const q = request.query;
      const query = parsedOr400(reply, () =>
        parseReportQuery(
          {
            by: q.by === undefined ? [] : [q.by].flat(),
            since: q.since,
            until: q.until,
            includeBots: yes(q['include-bots']),
            includeOverBudget: yes(q['include-over-budget']),
          },
          today(),
        ),
      );
      if (!query) return reply;
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
    ...guarded,
    schema: { querystring: Type.Object({}, { additionalProperties: false }), response: errors },
    handler: async (_request, reply) => {
      if (!opts.ready()) return replyDbDown(reply);
      reply.header('Cache-Control', 'no-store');
      const rows = (await latestLinkChecks(opts.db)).map((r) =>
        r.link === 'affiliate' ? { ...r, failover: opts.failingOver?.has(r.provider) ?? false } : r,
      );
      return sendJson(reply, rows);
    },
  });

  app.get('/api/stats', {
    ...guarded,
    schema: { querystring: StatsQuery, response: errors },
    handler: async (request, reply) => {
      const q = request.query;
      const query = parsedOr400(reply, () =>
        parseStatsQuery({ by: q.by === undefined ? [] : [q.by].flat(), since: q.since, until: q.until }, today()),
      );
      if (!query) return reply;
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
