/**
 * The click journal: every answered click as one line, appended before its redirect is written, in numbered segment
 * files under one directory. A line goes to the file with one write() on the request's thread, so once the redirect
 * has left, the click is in the operating system's page cache and survives the process being killed in any way;
 * fdatasync runs in the background at most every SYNC_MS, so a power cut loses at most that much. Lines are numbered
 * in the order they were appended, across segments and restarts: the writer stores them in that order, and a
 * segment whose every line is stored is deleted.
 *
 * No npm package fitted: the maintained append-only logs (hypercore, async-append-only-log, @peerbit/log) are signed
 * or block-aligned logs for replication, with no way to drop a stored prefix and no control of the sync cadence.
 */
import { close, fdatasync, fstatSync, mkdirSync, openSync, ftruncateSync, writeSync, unlink } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, readSegments, segmentName as name, type Segment } from './journal-segments.ts';
import { withNewlines } from '../shared/click-line.ts';

/** The longest a written line waits for its fdatasync. */
export const SYNC_MS = 10;

export interface JournalOptions {
  dir: string;
  /** Most bytes the journal may hold; past it clicks are refused (append returns false). */
  maxBytes: number;
  /** A segment past this size is closed and a new one started. */
  segmentBytes?: number;
  /** A write or sync that failed (a full disk, say), or the directory made again after it was deleted. */
  onError?: (err: unknown) => void;
  /**
   * True while this process still owns the directory (its lock is the directory's). A segment is deleted only then,
   * and a directory made again is locked again first (`relock`).
   */
  owns?: () => boolean;
  relock?: () => boolean;
}

export class ClickJournal {
  private readonly segments: Segment[] = [];
  private fd = -1;
  private dirty = false;
  private syncTimer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Segments being deleted. */
  private readonly removing = new Set<Promise<void>>();
  /** Lines appended since the journal began (including those found at start-up); the next line's number. */
  appended = 0;
  /** Lines found at start-up, from a run that ended before storing them. */
  readonly recovered: number;
  /** Bytes in every segment. */
  bytes = 0;

  private constructor(
    private readonly opts: Required<Omit<JournalOptions, 'onError' | 'owns' | 'relock'>> & JournalOptions,
    found: Segment[],
  ) {
    this.segments.push(...found);
    for (const s of found) {
      this.appended += s.lines;
      this.bytes += s.bytes;
    }
    this.recovered = this.appended;
    this.startSegment();
  }

  /** True when the last line written went to disk; false while the journal cannot be written (see write()). */
  get writable(): boolean {
    return this.fd !== -1;
  }

  /**
   * Opens the directory (created 0700), reading the segments a previous run left: a last line cut short (the machine
   * lost power mid-write) was never answered, and is cut off.
   */
  static open(opts: JournalOptions): ClickJournal {
    return new ClickJournal({ segmentBytes: 8 << 20, ...opts }, readSegments(opts.dir));
  }

  /**
   * Appends lines with one write() (none has a newline in it): the lines of the redirects answered in one turn of
   * the event loop, all or none. Returns their bytes (each line followed by a newline) and whether they were kept:
   * 'full' when the journal holds its most bytes already, 'failed' when the disk refused them.
   */
  appendAll(lines: readonly string[]): { bytes: Buffer; kept: 'yes' | 'full' | 'failed' } {
    const bytes = Buffer.from(withNewlines(lines));
    return { bytes, kept: this.write(bytes, lines.length) };
  }

  /**
   * Writes whole lines or none. A write cut short (a full disk takes part of it, then refuses the rest) is cut off
   * the file again, so the lines count as written only when all of their bytes were; a segment that cannot be cut
   * back is left, and the next lines go to a new one. A segment that cannot be opened (the directory was deleted and
   * cannot be made again, say) is tried again on the next write.
   */
  private write(bytes: Buffer, count: number): 'yes' | 'full' | 'failed' {
    if (count === 0) return 'yes';
    if (this.closed || this.bytes + bytes.length > this.opts.maxBytes) return 'full';
    if (this.fd === -1 && !this.startSegment()) return 'failed';
    const seg = this.segments[this.segments.length - 1]!;
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(this.fd, bytes, written);
    } catch (err) {
      this.opts.onError?.(err);
      if (written > 0) this.cutBack(seg);
      return 'failed';
    }
    seg.lines += count;
    seg.bytes += written;
    this.bytes += written;
    this.appended += count;
    this.dirty = true;
    this.syncTimer ??= setTimeout(() => this.sync(), SYNC_MS);
    if (seg.bytes >= this.opts.segmentBytes) this.startSegment();
    return 'yes';
  }

  /** Cuts a segment back to its whole lines after a write that was cut short; abandons it when that fails too. */
  private cutBack(seg: Segment): void {
    try {
      ftruncateSync(this.fd, seg.bytes);
    } catch (err) {
      this.opts.onError?.(err);
      // Its last line is half there: nothing more may follow it. The start-up after the next cuts it off.
      this.abandon();
    }
  }

  /** Closes the current segment; the next write opens a new one. */
  private abandon(): void {
    const old = this.fd;
    this.fd = -1;
    if (old !== -1) close(old, () => {});
  }

  /**
   * Up to `max` lines from line number `from`, in order (the writer reads back what it no longer holds in memory);
   * null for a line whose segment was deleted under this process.
   */
  async read(from: number, max: number): Promise<(string | null)[]> {
    const out: (string | null)[] = [];
    const until = Math.min(this.appended, from + max);
    for (const seg of this.segments) {
      if (out.length >= until - from) break;
      const start = from + out.length;
      if (seg.first + seg.lines <= start) continue;
      let data: string;
      try {
        data = await readFile(seg.path, 'utf8');
      } catch (err) {
        // Deleted with its directory while this process ran: its lines are lost, and said so as null.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        data = '';
      }
      // Only the lines counted when the read began: one appended meanwhile may be half in the file.
      const lines = data.split('\n', seg.lines);
      for (let i = start - seg.first; i < seg.lines && out.length < until - from; i++) out.push(i < lines.length ? lines[i]! : null);
    }
    return out;
  }

  /**
   * Deletes the segments whose every line is stored (below line `stored`). The segment being written is started
   * afresh once it is stored through and a second old, so a restart re-reads little.
   */
  trim(stored: number): void {
    while (this.segments.length > 1 && this.segments[0]!.first + this.segments[0]!.lines <= stored) this.remove(this.segments.shift()!);
    const cur = this.segments[0];
    if (cur && this.segments.length === 1 && cur.lines > 0 && cur.first + cur.lines <= stored && Date.now() - cur.openedAt > 1000) {
      if (this.startSegment()) this.remove(this.segments.shift()!);
    }
  }

  /** Syncs what was written and closes the file. Segments with lines not yet stored (from `stored` on) stay for the next start. */
  async close(stored: number): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.syncTimer);
    await this.syncing;
    const fd = this.fd;
    this.fd = -1;
    if (fd !== -1) await new Promise<void>((r) => fdatasync(fd, () => close(fd, () => r())));
    // A clean stop with every line stored leaves an empty journal.
    while (this.segments.length > 0 && this.segments[0]!.first + this.segments[0]!.lines <= stored) this.remove(this.segments.shift()!);
    await Promise.all(this.removing);
  }

  private sync(): void {
    this.syncTimer = undefined;
    if (!this.dirty || this.closed || this.fd === -1) return;
    this.dirty = false;
    const fd = this.fd;
    // A segment deleted under this process (its directory removed, say) takes lines no restart would find: the next
    // lines go to a new segment, in the directory made again. The lines already in it are still held in memory.
    if (this.isDeleted(fd)) {
      this.opts.onError?.(new Error(`the click journal's segment was deleted from ${this.opts.dir}; writing to a new one`));
      this.abandon();
      this.startSegment();
      return;
    }
    this.syncing = new Promise<void>((r) =>
      fdatasync(fd, (err) => {
        if (err && (err as NodeJS.ErrnoException).code !== 'EBADF') this.opts.onError?.(err);
        r();
      }),
    );
  }

  /**
   * Opens the next segment; false (and the journal unwritable until a later try works) when it cannot be. A deleted
   * directory is made again, and locked again before anything is written in it.
   */
  private startSegment(): boolean {
    const last = this.segments[this.segments.length - 1];
    const n = last ? last.n + 1 : 1;
    const path = join(this.opts.dir, name(n));
    const old = this.fd;
    let fd: number;
    try {
      fd = openSync(path, 'a', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.opts.onError?.(err);
        return false;
      }
      try {
        mkdirSync(this.opts.dir, { recursive: true, mode: 0o700 });
        if (this.opts.relock && !this.opts.relock()) throw new Error(`${this.opts.dir} was made again and another process took it first`);
        this.opts.onError?.(new Error(`the click journal's directory ${this.opts.dir} was missing and has been made again`));
        fd = openSync(path, 'a', 0o600);
      } catch (again) {
        this.opts.onError?.(again);
        return false;
      }
    }
    this.fd = fd;
    // The new name must outlive a power cut too; the old file gets its last sync before it is closed.
    fsyncDir(this.opts.dir);
    if (old !== -1 && !this.closed) fdatasync(old, () => close(old, () => {}));
    this.segments.push({ n, path, first: last ? last.first + last.lines : this.appended, lines: 0, bytes: 0, openedAt: Date.now() });
    return true;
  }

  private isDeleted(fd: number): boolean {
    try {
      return fstatSync(fd).nlink === 0;
    } catch {
      return false;
    }
  }

  /**
   * Deletes a stored segment in the background: unlinking a file of several megabytes whose pages are still being
   * written back blocked the request thread for milliseconds, and every redirect in flight waited. A segment whose
   * deletion a crash interrupts is read again at the next start; its lines are sent again, and the database, which
   * has their rows already, keeps one of each.
   */
  private remove(seg: Segment): void {
    this.bytes -= seg.bytes;
    // A directory this process no longer owns (it was deleted, and another process locked the new one) is left alone.
    if (this.opts.owns && !this.opts.owns()) return;
    const removed = new Promise<void>((r) => unlink(seg.path, () => r()));
    this.removing.add(removed);
    void removed.then(() => this.removing.delete(removed));
  }
}
