/**
 * The click writer's queue over the journal. Each line is appended to the journal when it is added, and written to
 * the database in order, every `intervalMs` or as soon as `maxBatch` are waiting, one write at a time, retried with
 * backoff while the database is away. Up to `memory` unwritten lines are also held in memory; past that (a long
 * outage) they are only on disk and read back in order once the database takes them again, so an outage costs disk,
 * not clicks, up to the journal's limit. Lines a previous run left unwritten are read back first, the same way.
 *
 * Lines wait in memory as the bytes they were journalled with, one buffer for the lines of a turn, outside the
 * JavaScript heap. As strings, a batch's lines lived through one or two young-generation collections before they
 * were written, and copying them there, and into the old generation after, was most of what recording a click cost
 * the garbage collector (docs/redirect.md).
 */

import { type BackoffMs, BackoffWait, backoffDelay } from '../shared/backoff.ts';
import { withNewlines } from '../shared/click-line.ts';
import type { ClickJournal } from './journal.ts';

/** Journal lines held in memory: the valid ones as text (each followed by a newline), and how many lines they stand for. */
interface Chunk {
  bytes: Buffer;
  /** Journal lines this chunk covers, unreadable ones read back from disk included. */
  lines: number;
  /** Lines in `bytes`. */
  valid: number;
  /** Lines the journal could not take (a full or unwritable disk): held in memory only, outside the journal's numbering. */
  memoryOnly?: boolean;
}

export interface JournaledBatchOptions {
  journal: ClickJournal;
  /**
   * Writes one batch (at most maxBatch lines): their text, in order, as buffers of whole lines each followed by a
   * newline. Rejecting keeps the lines for a retry. Must be idempotent.
   */
  write: (texts: Buffer[]) => Promise<void>;
  /** Whether a line read back from the journal can be written (one that cannot is counted and skipped). */
  readable: (line: string) => boolean;
  maxBatch?: number;
  intervalMs?: number;
  /** Most unwritten lines held in memory. */
  memory?: number;
  backoffMs?: BackoffMs;
  /** Called for each line refused because the journal is full, with the running total of those. */
  onDrop?: (total: number) => void;
  /** Called for lines held in memory only because the journal could not be written, with the running total. */
  onMemoryOnly?: (total: number) => void;
  onWriteError?: (err: unknown, attempt: number, pending: number) => void;
}

export class JournaledBatch {
  private mem: Chunk[] = [];
  /** Lines in `mem`. */
  private memLines = 0;
  /** Lines in `mem` that are in memory only (not journalled). */
  private memOnly = 0;
  /** True while lines past the end of `mem` are on disk only. */
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
  /**
   * Clicks not kept: refused because the journal was full or could not be written while memory was full too, lost
   * with a segment deleted under the process, or held in memory only and not stored by the time the service stopped.
   */
  dropped = 0;
  /** Clicks the journal could not take that were held in memory instead. */
  memoryOnly = 0;
  /** Journal lines that could not be read back (never the case for lines this code wrote). */
  unreadable = 0;
  private readonly o: Required<Omit<JournaledBatchOptions, 'onDrop' | 'onWriteError' | 'onMemoryOnly'>> & JournaledBatchOptions;

  constructor(opts: JournaledBatchOptions) {
    // 750 a batch: a 500-row COPY cost PostgreSQL a twentieth more a click, and the service half as many round trips
    // again, while 1000 held a core of PostgreSQL long enough to bring redirects' p99 to 5 ms (docs/redirect.md).
    this.o = { maxBatch: 750, intervalMs: 50, memory: 50_000, backoffMs: { initial: 100, max: 5_000 }, ...opts };
    this.spilled = opts.journal.appended > 0;
  }

  /** Lines not yet written: in memory and on disk only. */
  get size(): number {
    return this.o.journal.appended - this.done + this.memOnly;
  }

  /** Journals a line (no newline in it) and queues it; false when the journal refused it. Never waits. */
  add(line: string): boolean {
    return this.journal([line]);
  }

  /**
   * Journals a line together with the others added in the same turn of the event loop, with one write() for all
   * of them, and then calls each one's `then`: a redirect answered there has its click in the journal, as with
   * add(), for one write a turn instead of one a click. `then` is called whether the journal kept the line or not.
   */
  addThen(line: string, then: () => void): void {
    this.grouped.push(line);
    this.answers.push(then);
    if (!this.groupScheduled) {
      this.groupScheduled = true;
      setImmediate(this.writeGroup);
    }
  }

  private grouped: string[] = [];
  private answers: (() => void)[] = [];
  private groupScheduled = false;

  private readonly writeGroup = (): void => {
    this.groupScheduled = false;
    const lines = this.grouped;
    const answers = this.answers;
    if (lines.length === 0) return;
    this.grouped = [];
    this.answers = [];
    this.journal(lines);
    for (const answer of answers) answer();
  };

  /**
   * Appends lines to the journal with one write and queues them. Lines the disk refuses (full or unwritable) are held
   * in memory only while there is room; false (and counted as dropped) when there is none either, or when the
   * journal holds CLICK_JOURNAL_MAX_MB already.
   */
  private journal(lines: string[]): boolean {
    const { bytes, kept } = this.o.journal.appendAll(lines);
    if (kept === 'yes') {
      this.queue({ bytes, lines: lines.length, valid: lines.length });
      return true;
    }
    // The disk refused them (the journal's own limit is a choice, and is not worked around).
    if (kept === 'failed' && !this.stopped && this.memLines + lines.length <= this.o.memory) {
      this.memoryOnly += lines.length;
      this.o.onMemoryOnly?.(this.memoryOnly);
      this.memOnly += lines.length;
      this.queue({ bytes, lines: lines.length, valid: lines.length, memoryOnly: true });
      return true;
    }
    this.drop(lines.length);
    return false;
  }

  private drop(n: number): void {
    this.dropped += n;
    this.o.onDrop?.(this.dropped);
  }

  /** Holds journalled lines in memory (unless spilling) and starts a write when a batch is full or none is timed. */
  private queue(chunk: Chunk): void {
    if (!chunk.memoryOnly && (this.spilled || this.memLines >= this.o.memory)) this.spilled = true;
    else {
      this.mem.push(chunk);
      this.memLines += chunk.lines;
    }
    if (this.closing) return;
    if (this.memLines >= this.o.maxBatch) this.drain();
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
    // Lines held in memory only are lost with the process: counted, so that every click answered is either stored
    // or counted as dropped.
    if (this.memOnly > 0) this.drop(this.memOnly);
    return this.o.journal.appended - this.done;
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

  /**
   * Reads the next lines that are on disk only into memory, in chunks of at most a batch; spilling ends once memory
   * reaches the journal's end. An unreadable line keeps its place in a chunk's count, so it is stepped over in order.
   */
  private async load(): Promise<void> {
    const from = this.done + this.memLines - this.memOnly;
    const lines = await this.o.journal.read(from, this.o.memory - this.memLines);
    for (let at = 0; at < lines.length; at += this.o.maxBatch) {
      const part = lines.slice(at, at + this.o.maxBatch);
      const valid = part.filter((line) => line !== null && this.o.readable(line)) as string[];
      const lost = part.filter((line) => line === null).length;
      if (lost > 0) this.drop(lost);
      this.unreadable += part.length - valid.length - lost;
      this.mem.push({ bytes: Buffer.from(withNewlines(valid)), lines: part.length, valid: valid.length });
      this.memLines += part.length;
    }
    if (this.done + this.memLines - this.memOnly >= this.o.journal.appended) this.spilled = false;
  }

  private async writeAll(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      if (this.memLines === this.memOnly && this.spilled) {
        try {
          await this.load();
        } catch (err) {
          // A segment that cannot be read (EIO, say) is tried again after the backoff, like a failed write.
          attempt++;
          this.o.onWriteError?.(err, attempt, this.size);
          await this.backoff.wait(backoffDelay(attempt, this.o.backoffMs));
          continue;
        }
      }
      if (this.memLines === 0) return;
      // Whole chunks, up to a batch of lines (one chunk at least, which holds at most a turn's lines or a batch).
      let n = 1;
      let lines = this.mem[0]!.lines;
      while (n < this.mem.length && lines + this.mem[n]!.lines <= this.o.maxBatch) lines += this.mem[n++]!.lines;
      const batch = this.mem.slice(0, n);
      const valid = batch.reduce((sum, c) => sum + c.valid, 0);
      try {
        if (valid > 0) await this.o.write(batch.filter((c) => c.valid > 0).map((c) => c.bytes));
        this.mem.splice(0, n);
        this.memLines -= lines;
        const only = batch.reduce((sum, c) => sum + (c.memoryOnly ? c.lines : 0), 0);
        this.memOnly -= only;
        this.done += lines - only;
        this.written += valid;
        this.o.journal.trim(this.done);
        attempt = 0;
        // What arrived during that write waits for the next interval unless it fills a batch (or a backlog or a
        // close is being written): writing it at once made back-to-back batches of a few dozen clicks under load,
        // each a transaction of its own, which cost PostgreSQL twice the CPU per click and the service's thread
        // the socket round trips.
        if (!this.closing && !this.spilled && this.memLines < this.o.maxBatch) return;
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
