/**
 * The click writer's queue over the journal. Each item is appended to the journal when it is added, and written to
 * the database in order, every `intervalMs` or as soon as `maxBatch` are waiting, one write at a time, retried with
 * backoff while the database is away. Up to `memory` unwritten items are also held in memory; past that (a long
 * outage) they are only on disk and read back in order once the database takes them again, so an outage costs disk,
 * not clicks, up to the journal's limit. Lines a previous run left unwritten are read back first, the same way.
 */

import { type BackoffMs, BackoffWait, backoffDelay } from '../../shared/backoff.ts';
import type { ClickJournal } from './journal.ts';

export interface JournaledBatchOptions<T> {
  journal: ClickJournal;
  /** Writes one batch (at most maxBatch items); rejecting keeps the items for a retry. Must be idempotent. */
  write: (items: T[]) => Promise<void>;
  encode: (item: T) => string;
  /** Null for a line that cannot be read back (it is counted and skipped). */
  decode: (line: string) => T | null;
  /** The item to hold for a line just journalled, when the line is all it needs (it then shares the write's text). */
  fromLine?: (line: string) => T;
  maxBatch?: number;
  intervalMs?: number;
  /** Most unwritten items held in memory. */
  memory?: number;
  backoffMs?: BackoffMs;
  /** Called for each item refused because the journal is full, with the running total of those. */
  onDrop?: (total: number) => void;
  onWriteError?: (err: unknown, attempt: number, pending: number) => void;
}

export class JournaledBatch<T> {
  private mem: T[] = [];
  /** True while items past the end of `mem` are on disk only. */
  private spilled: boolean;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private closing = false;
  private stopped = false;
  /** The retry's wait, which close() ends early: it wants its retries now, not after the backoff. */
  private readonly backoff = new BackoffWait();
  /** Journal lines stored (or skipped as unreadable) from the start of the journal: the next line to write. */
  private done = 0;
  written = 0;
  failedWrites = 0;
  /** Items refused because the journal was full or could not be written. */
  dropped = 0;
  /** Journal lines that could not be read back (never the case for lines this code wrote). */
  unreadable = 0;
  private readonly o: Required<Omit<JournaledBatchOptions<T>, 'onDrop' | 'onWriteError' | 'fromLine'>> & JournaledBatchOptions<T>;

  constructor(opts: JournaledBatchOptions<T>) {
    this.o = { maxBatch: 500, intervalMs: 50, memory: 50_000, backoffMs: { initial: 100, max: 5_000 }, ...opts };
    this.spilled = opts.journal.appended > 0;
  }

  /** Items not yet written: in memory and on disk only. */
  get size(): number {
    return this.o.journal.appended - this.done;
  }

  /** Journals an item and queues it; false when the journal refused it. Never waits. */
  add(item: T): boolean {
    let line: string;
    try {
      line = this.o.encode(item);
    } catch {
      return this.refused(1);
    }
    if (!this.o.journal.append(line)) return this.refused(1);
    this.queue(item);
    return true;
  }

  /**
   * Journals an item together with the others added in the same turn of the event loop, with one write() for all
   * of them, and then calls each one's `then`: a redirect answered there has its click in the journal, as with
   * add(), for one write a turn instead of one a click. `then` is called whether the journal kept the item or not.
   */
  addThen(item: T, then: () => void): void {
    this.grouped.push(item);
    this.answers.push(then);
    if (!this.groupScheduled) {
      this.groupScheduled = true;
      setImmediate(this.writeGroup);
    }
  }

  private grouped: T[] = [];
  private answers: (() => void)[] = [];
  private groupScheduled = false;

  private readonly writeGroup = (): void => {
    this.groupScheduled = false;
    const items = this.grouped;
    const answers = this.answers;
    if (items.length === 0) return;
    this.grouped = [];
    this.answers = [];
    let lines: string[] | undefined;
    try {
      lines = items.map(this.o.encode);
    } catch {
      lines = undefined;
    }
    const text = lines && this.o.journal.appendAll(lines);
    if (text && lines) {
      if (this.o.fromLine) {
        let at = 0;
        for (const line of lines) {
          const end = at + line.length;
          this.queue(this.o.fromLine(text.slice(at, end)));
          at = end + 1;
        }
      } else for (const item of items) this.queue(item);
    } else this.refused(items.length);
    for (const answer of answers) answer();
  };

  private refused(n: number): false {
    this.dropped += n;
    this.o.onDrop?.(this.dropped);
    return false;
  }

  /** Holds a journalled item in memory (unless spilling) and starts a write when a batch is full or none is timed. */
  private queue(item: T): void {
    if (this.spilled || this.mem.length >= this.o.memory) this.spilled = true;
    else this.mem.push(item);
    if (this.closing) return;
    if (this.mem.length >= this.o.maxBatch) this.drain();
    else if (!this.timer && !this.draining) this.timer = setTimeout(() => this.drain(), this.o.intervalMs);
  }

  /** Starts writing what an earlier run left in the journal. */
  start(): void {
    if (this.size > 0) this.drain();
  }

  /** Writes what it can within timeoutMs; what is left stays in the journal for the next start. Resolves with that count. */
  async close(timeoutMs = 10_000): Promise<number> {
    this.closing = true;
    this.writeGroup();
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((r) => (deadline = setTimeout(r, timeoutMs)));
    const flushed = (async () => {
      while (this.size > 0 && !this.stopped) {
        this.backoff.wake();
        await this.drain();
      }
    })();
    try {
      await Promise.race([flushed, expired]);
    } finally {
      clearTimeout(deadline);
      this.stopped = true;
      this.backoff.wake();
    }
    // A redirect answered meanwhile is journalled before the journal closes. A write still in flight may yet be
    // answered; the lines stay either way, and a second store is harmless.
    this.writeGroup();
    await this.o.journal.close(this.done);
    return this.size;
  }

  private drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.draining ??= this.writeAll().finally(() => {
      this.draining = null;
      if (this.size > 0 && !this.closing && !this.stopped) this.timer = setTimeout(() => this.drain(), this.o.intervalMs);
    });
    return this.draining;
  }

  /** Reads the next lines that are on disk only into memory; spilling ends once memory reaches the journal's end. */
  private async load(): Promise<void> {
    const from = this.done + this.mem.length;
    const lines = await this.o.journal.read(from, this.o.memory - this.mem.length);
    for (const line of lines) {
      const item = this.o.decode(line);
      if (item !== null) this.mem.push(item);
      else if (this.mem.length === 0) this.done++, this.unreadable++;
      // An unreadable line between readable ones keeps its place as a gap of one: counted, and stepped over below.
      else this.mem.push(SKIP as T), this.unreadable++;
    }
    if (this.done + this.mem.length >= this.o.journal.appended) this.spilled = false;
  }

  private async writeAll(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      if (this.mem.length === 0 && this.spilled) await this.load();
      if (this.mem.length === 0) return;
      const batch = this.mem.slice(0, this.o.maxBatch);
      const items = batch.filter((i) => i !== SKIP);
      try {
        if (items.length) await this.o.write(items);
        this.mem.splice(0, batch.length);
        this.done += batch.length;
        this.written += items.length;
        this.o.journal.trim(this.done);
        attempt = 0;
        // What arrived during that write waits for the next interval unless it fills a batch (or a backlog or a
        // close is being written): writing it at once made back-to-back batches of a few dozen clicks under load,
        // each a transaction of its own, which cost PostgreSQL twice the CPU per click and the service's thread
        // the socket round trips.
        if (!this.closing && !this.spilled && this.mem.length < this.o.maxBatch) return;
      } catch (err) {
        attempt++;
        this.failedWrites++;
        this.o.onWriteError?.(err, attempt, this.size);
        // While closing, retry at the shortest backoff: close() has a deadline of its own.
        await this.backoff.wait(this.closing ? this.o.backoffMs.initial : backoffDelay(attempt, this.o.backoffMs));
      }
    }
  }
}

/** Holds the place of a journal line that could not be read back. */
const SKIP: unknown = Symbol('unreadable line');
