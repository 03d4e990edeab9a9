/**
 * The service's link to its database, which may be away when the service starts: it reaches and migrates the
 * database in the background, with backoff, while pages and redirects are already answered. Until then the forms
 * answer 503 and clicks wait in memory.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type BackoffMs, backoffDelay } from '../shared/backoff.ts';

export interface DbLinkOptions {
  /** Brings the schema up to date; returns the migrations applied. Rejects while the database cannot be reached. */
  migrate: () => Promise<string[]>;
  log: FastifyBaseLogger;
  backoffMs?: BackoffMs;
}

export class DbLink {
  /** True once the database has been reached and migrated. */
  ready = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly opts: DbLinkOptions) {}

  /** Starts trying; returns at once. */
  start(): void {
    void this.attempt(1);
  }

  /** Calls fn once the database is ready (at once if it is). */
  onReady(fn: () => void): void {
    if (this.ready) fn();
    else this.waiters.push(fn);
  }

  /** Stops trying (shutdown). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async attempt(n: number): Promise<void> {
    if (this.stopped) return;
    try {
      const applied = await this.opts.migrate();
      if (this.stopped) return;
      this.ready = true;
      this.opts.log.info(
        { applied },
        applied.length ? `database reached and migrated: applied ${applied.join(', ')}` : 'database reached; its schema is up to date',
      );
      for (const fn of this.waiters.splice(0)) fn();
    } catch (err) {
      if (this.stopped) return;
      const retryInMs = backoffDelay(n, this.opts.backoffMs ?? { initial: 500, max: 30_000 });
      this.opts.log.warn(
        { err, attempt: n, retryInMs },
        'database not reachable or not migrated yet; pages and redirects are served, clicks wait in memory and the forms answer 503 until it is',
      );
      this.timer = setTimeout(() => void this.attempt(n + 1), retryInMs);
      this.timer.unref();
    }
  }
}
