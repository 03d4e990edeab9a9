/**
 * A bounded in-memory batch: items are written together every `intervalMs` or as soon as `maxBatch` are waiting,
 * one write at a time. A failed write is retried with exponential backoff while new items keep queueing, up to
 * `cap`; past the cap items are dropped, counted and reported, never silently lost.
 */

import { type BackoffMs, BackoffWait, backoffDelay } from '../shared/backoff.ts';

export interface BatcherOptions<T> {
  /** Writes one batch (at most maxBatch items); rejecting keeps the items for a retry. */
  write: (items: T[]) => Promise<void>;
  maxBatch?: number;
  intervalMs?: number;
  /** Most items held while the database is away. */
  cap?: number;
  backoffMs?: BackoffMs;
  /** Called for each item dropped because the batch was full, with the running total of those. */
  onDrop?: (total: number) => void;
  onWriteError?: (err: unknown, attempt: number, pending: number) => void;
}

export class Batcher<T> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private closing = false;
  private abandoned = false;
  /** The retry's wait, which close() ends early: it wants its retries now, not after the backoff. */
  private readonly backoff = new BackoffWait();
  /** Items written; writes that failed (each tried again); items dropped because the batch was full; items still unwritten when close() gave up. */
  written = 0;
  failedWrites = 0;
  droppedFull = 0;
  droppedAtClose = 0;
  private readonly o: Required<Omit<BatcherOptions<T>, 'onDrop' | 'onWriteError'>> & BatcherOptions<T>;

  constructor(opts: BatcherOptions<T>) {
    this.o = { maxBatch: 500, intervalMs: 50, cap: 100_000, backoffMs: { initial: 100, max: 5_000 }, ...opts };
  }

  /** Items dropped for either reason. */
  get dropped(): number {
    return this.droppedFull + this.droppedAtClose;
  }

  /** Items waiting to be written. */
  get size(): number {
    return this.pending.length;
  }

  /** Queues an item; false when it was dropped because the batch is full or closed. */
  add(item: T): boolean {
    if (this.abandoned) {
      this.droppedAtClose++;
      return false;
    }
    if (this.pending.length >= this.o.cap) {
      this.droppedFull++;
      this.o.onDrop?.(this.droppedFull);
      return false;
    }
    this.pending.push(item);
    if (this.pending.length >= this.o.maxBatch) this.drain();
    else if (!this.timer && !this.draining) this.timer = setTimeout(() => this.drain(), this.o.intervalMs);
    return true;
  }

  /**
   * Writes everything still waiting, and gives up after timeoutMs even while a write is still waiting on the
   * database: what is left then is counted in droppedAtClose.
   */
  async close(timeoutMs = 10_000): Promise<void> {
    this.closing = true;
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((r) => (deadline = setTimeout(r, timeoutMs)));
    const flushed = (async () => {
      while (this.pending.length > 0 && !this.abandoned) {
        this.backoff.wake();
        await this.drain();
      }
    })();
    try {
      await Promise.race([flushed, expired]);
    } finally {
      clearTimeout(deadline);
      this.abandoned = true;
      this.backoff.wake();
      this.droppedAtClose += this.pending.length;
      this.pending = [];
    }
  }

  private drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.draining ??= this.writeAll().finally(() => {
      this.draining = null;
      // Items that arrived during the last write wait for the next tick of the interval.
      if (this.pending.length > 0 && !this.closing) this.timer = setTimeout(() => this.drain(), this.o.intervalMs);
    });
    return this.draining;
  }

  private async writeAll(): Promise<void> {
    let attempt = 0;
    while (this.pending.length > 0 && !this.abandoned) {
      const batch = this.pending.slice(0, this.o.maxBatch);
      try {
        await this.o.write(batch);
        this.pending.splice(0, batch.length);
        this.written += batch.length;
        attempt = 0;
      } catch (err) {
        attempt++;
        this.failedWrites++;
        this.o.onWriteError?.(err, attempt, this.pending.length);
        // While closing, retry at the shortest backoff: close() has a deadline of its own.
        await this.backoff.wait(this.closing ? this.o.backoffMs.initial : backoffDelay(attempt, this.o.backoffMs));
      }
    }
  }
}
