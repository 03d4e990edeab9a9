/**
 * The rate limiter's counters in Redis, behind a deadline. A Redis that is shut down refuses at once, and the limiter
 * lets the request through (fails open); one that is frozen (SIGSTOP, a full network buffer, a hung host) keeps the
 * connection open and never answers, so each command also has a timeout, past which it fails the same way. After a
 * failure the counters are not asked again for a while: every form post would otherwise wait out the timeout.
 * Failures are logged once a minute at most, and the return once.
 */
import type { FastifyRateLimitStore as Store, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';

/** After a failure, requests do not ask Redis again for this long. */
const PAUSE_MS = 5_000;
/** One warning a minute while Redis fails. */
const LOG_EVERY_MS = 60_000;

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** Counts the failures between two log lines, and pauses asking after each. */
class Breaker {
  private pausedUntil = 0;
  private failing = false;
  private loggedAt = 0;
  private failures = 0;

  constructor(private readonly log: Log) {}

  paused(): boolean {
    return Date.now() < this.pausedUntil;
  }

  failed(err: Error): void {
    const now = Date.now();
    this.pausedUntil = now + PAUSE_MS;
    this.failing = true;
    this.failures++;
    if (now - this.loggedAt < LOG_EVERY_MS) return;
    this.loggedAt = now;
    this.log.warn(
      { err: err.message, failures: this.failures },
      'Redis did not answer the rate limiter in time: the forms, postbacks and stats API are not rate-limited until it does',
    );
    this.failures = 0;
  }

  answered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.loggedAt = 0;
    this.failures = 0;
    this.log.info({}, 'Redis answers the rate limiter again');
  }
}

function guarded(inner: Store, breaker: Breaker): Store {
  return {
    incr(key, cb, timeWindow, max) {
      if (breaker.paused()) return cb(new Error('the rate limiter is not asking Redis for a while after a failure'));
      inner.incr(
        key,
        (err, res) => {
          if (err) breaker.failed(err);
          else breaker.answered();
          cb(err, res);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => guarded(inner.child(routeOptions), breaker),
  };
}

export interface RedisLimits {
  /** For @fastify/rate-limit's `store` option, which constructs it. */
  store: FastifyRateLimitStoreCtor;
  close(): Promise<void>;
}

/** The limiter's store on Redis at `url`, each command given `timeoutMs`. */
export function redisLimits(url: string, timeoutMs: number, nameSpace: string, log: Log): RedisLimits {
  // No offline queue and one try: a command fails at once while Redis is away.
  const redis = new Redis(url, {
    connectTimeout: Math.max(timeoutMs, 500),
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  const breaker = new Breaker(log);
  // ioredis reconnects by itself; its connection errors are reported as the commands fail.
  redis.on('error', () => {});
  const store = guarded(new RedisStore(false, false, redis, nameSpace) as Store, breaker);
  return {
    // The limiter calls `new` on what it is given; a constructor may hand back another object.
    store: function guardedStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    async close() {
      // A frozen Redis must not hold the shutdown.
      if (breaker.paused() || redis.status !== 'ready') return void redis.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
