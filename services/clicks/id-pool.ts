/**
 * Click ids taken from the database sequence in blocks ahead of time, so a redirect can fill an affiliate
 * sub-ID with its click's id without a query. Refills in the background when running low.
 */

export interface IdPoolOptions {
  /** Reserves n ids from the sequence. */
  allocate: (n: number) => Promise<number[]>;
  block?: number;
  /** Refill when fewer than this many remain. */
  low?: number;
  onError?: (err: unknown) => void;
}

export class IdPool {
  private ids: number[] = [];
  private next = 0;
  private refilling: Promise<void> | null = null;
  private retryAt = 0;
  private readonly block: number;
  private readonly low: number;

  constructor(private readonly opts: IdPoolOptions) {
    this.block = opts.block ?? 1000;
    this.low = opts.low ?? Math.ceil(this.block / 4);
  }

  /** An unused id, or null when none is reserved (the database has been away); never waits. */
  take(): number | null {
    if (this.ids.length - this.next < this.low) void this.refill();
    return this.next < this.ids.length ? this.ids[this.next++]! : null;
  }

  /** Reserves a block now (start-up); failures are reported, not thrown, so the service starts without the database. */
  refill(): Promise<void> {
    if (this.refilling || Date.now() < this.retryAt) return this.refilling ?? Promise.resolve();
    this.refilling = this.opts
      .allocate(this.block)
      .then((fresh) => {
        this.ids = this.ids.slice(this.next).concat(fresh);
        this.next = 0;
      })
      .catch((err: unknown) => {
        this.retryAt = Date.now() + 1000;
        this.opts.onError?.(err);
      })
      .finally(() => (this.refilling = null));
    return this.refilling;
  }
}
