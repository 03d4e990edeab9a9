/**
 * Security headers (helmet, with the site's CSP), CORS for an allow-listed page origin, and rate limiting
 * whose counters live in Redis when REDIS_URL is set, so every instance behind a load balancer shares them.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cspDirectives } from '../csp.ts';
import { redisLimits } from '../redis-limits.ts';

export interface SecurityOptions {
  corsOrigins: string[];
  redisUrl?: string;
  /** How long a Redis command may take before the limiter lets the request through. */
  redisTimeoutMs: number;
}

async function security(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  // Pages get a per-page policy with their script hashes (static-site.ts); everything else this default.
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives([]) },
    // Cross-origin isolation headers would stop the outbound redirects' targets and the toast fonts; not needed here.
    crossOriginEmbedderPolicy: false,
    // The browser default: providers see that a visitor came from this site, never which page.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, methods: ['POST'], maxAge: 600 });
  }
  // Fail fast when Redis is away or frozen, and then let requests through (skipOnError): a limiter outage must not
  // stop the forms.
  const limits = opts.redisUrl ? redisLimits(opts.redisUrl, opts.redisTimeoutMs, 'vpnsite-rl-', app.log) : undefined;
  if (limits) app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    store: limits?.store,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}

/** Registered without encapsulation so the limiter and headers apply to every route. */
export const securityPlugin = fp(security, { name: 'security' });
