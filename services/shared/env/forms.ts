/** The forms, the stats API and the affiliate postbacks. */
import { Type } from '@sinclair/typebox';
import { NO_SPACES } from './patterns.ts';

export const forms = {
  FORM_RATE_LIMIT: Type.Integer({ default: 5, minimum: 1, description: 'Posts per visitor per 10 minutes on each form.' }),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://',
      accepts: 'a redis:// or rediss:// URL',
      secret: true,
      description:
        'redis:// URL: the rate-limit counters (forms, postbacks, stats API) and the click and page-view budgets, shared by every instance (otherwise each keeps its own).',
    }),
  ),
  REDIS_TIMEOUT_MS: Type.Integer({
    default: 500,
    minimum: 1,
    description:
      "Milliseconds a rate limiter's Redis command may take. Past it, as while Redis is down, the request goes through without a rate limit; logged once a minute. (The click and page-view budgets, asked as each batch is written, wait 2 s.)",
  }),
  CORS_ORIGINS: Type.Optional(
    Type.String({
      pattern: `^\\s*(https?://[^/\\s,]+/?)(\\s*,\\s*https?://[^/\\s,]+/?)*\\s*,?\\s*$`,
      accepts: 'a comma list of origins such as https://www.example.com',
      description: 'Other origins whose pages may post to the form endpoints (comma list), e.g. https://www.vpncompass.com',
    }),
  ),
};

export const stats = {
  STATS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      pattern: NO_SPACES,
      accepts: 'at least 16 characters without spaces (e.g. openssl rand -hex 32)',
      secret: true,
      description:
        'Bearer token for the stats API: GET /api/clicks, /api/stats and /api/links, and the /stats dashboard, which asks for it (e.g. `openssl rand -hex 32`). Empty: the API is off (404) and /stats says so.',
    }),
  ),
  STATS_RATE_LIMIT: Type.Integer({
    default: 30,
    minimum: 1,
    description: 'Requests per client per minute to the stats API, all its routes counted together.',
  }),
  CLICK_ROLLUP_REFRESH_SECONDS: Type.Integer({
    default: 60,
    minimum: 0,
    description: "Seconds between recomputations of the click rollup's stale days (0 = only `vpnsite db refresh-rollup`).",
  }),
  POSTBACK_SECRETS: Type.Optional(
    Type.String({
      secret: true,
      description:
        'Affiliate networks that may report conversions to /api/conversions: network:secret pairs, comma-separated, each secret at least 16 characters (README, Revenue). Empty: the endpoint does not exist.',
    }),
  ),
};
