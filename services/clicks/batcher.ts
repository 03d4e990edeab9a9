/**
 * A bounded in-memory batch: items are written together every `intervalMs` or as soon as `maxBatch` are waiting,
 * one write at a time. A failed write is retried with exponential backoff while new items keep queueing, up to
 * `cap`; past the cap items are dropped, counted and reported, never silently lost.
 */

export interface BatcherOptions<T> {
  /** Writes one batch (at most maxBatch items); rejecting keeps the items for a retry. */
  write: (items: T[]) => Promise<void>;
  maxBatch?: number;
  intervalMs?: number;
  /** Most items held while the database is away. */
  cap?: number;
  backoffMs?: { initial: number; max: number };
  /** Called for each dropped item with the running total. */
  onDrop?: (total: number) => void;
  onWriteError?: (err: unknown, attempt: number, pending: number) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Batcher<T> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private closing = false;
  private abandoned = false;
  /** Items written, and items dropped past the cap or at a close deadline. */
  written = 0;
  dropped = 0;
  private readonly o: Required<Omit<BatcherOptions<T>, 'onDrop' | 'onWriteError'>> & BatcherOptions<T>;

  constructor(opts: BatcherOptions<T>) {
    this.o = { maxBatch: 500, intervalMs: 50, cap: 100_000, backoffMs: { initial: 100, max: 5_000 }, ...opts };
  }

  /** Items waiting to be written. */
  get size(): number {
    return this.pending.length;
  }

  /** Queues an item; false when it was dropped because the batch is full or closed. */
  add(item: T): boolean {
    if (this.pending.length >= this.o.cap || this.abandoned) {
      this.dropped++;
      this.o.onDrop?.(this.dropped);
      return false;
    }
    this.pending.push(item);
    if (this.pending.length >= this.o.maxBatch) this.drain();
    else if (!this.timer && !this.draining) this.timer = setTimeout(() => this.drain(), this.o.intervalMs);
    return true;
  }

  /** Writes everything still waiting; after timeoutMs the rest is counted as dropped. */
  async close(timeoutMs = 10_000): Promise<void> {
    this.closing = true;
    const deadline = setTimeout(() => (this.abandoned = true), timeoutMs);
    try {
      while (this.pending.length > 0 && !this.abandoned) await this.drain();
    } finally {
      clearTimeout(deadline);
      this.abandoned = true;
      if (this.pending.length > 0) {
        this.dropped += this.pending.length;
        this.pending = [];
        this.o.onDrop?.(this.dropped);
      }
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
        this.o.onWriteError?.(err, attempt, this.pending.length);
        const { initial, max } = this.o.backoffMs;
        await sleep(Math.min(max, initial * 2 ** (attempt - 1)));
      }
    }
  }
}
