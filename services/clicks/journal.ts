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
import {
  closeSync,
  fdatasync,
  fsync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  close,
  ftruncateSync,
  unlinkSync,
  writeSync,
  unlink,
  chmodSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withNewlines } from '../shared/click-line.ts';

/** The longest a written line waits for its fdatasync. */
export const SYNC_MS = 10;
const NEWLINE = 0x0a;

interface Segment {
  n: number;
  path: string;
  /** The number of its first line. */
  first: number;
  lines: number;
  bytes: number;
  openedAt: number;
}

export interface JournalOptions {
  dir: string;
  /** Most bytes the journal may hold; past it clicks are refused (append returns false). */
  maxBytes: number;
  /** A segment past this size is closed and a new one started. */
  segmentBytes?: number;
  /** A write or sync that failed (a full disk, say). */
  onError?: (err: unknown) => void;
}

const NAME = /^(\d{12})\.ndjson$/;
const name = (n: number) => `${String(n).padStart(12, '0')}.ndjson`;

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
    private readonly opts: Required<Omit<JournalOptions, 'onError'>> & JournalOptions,
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

  /**
   * Opens the directory (created 0700), reading the segments a previous run left: a last line cut short (the machine
   * lost power mid-write) was never answered, and is cut off.
   */
  static open(opts: JournalOptions): ClickJournal {
    mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
    chmodSync(opts.dir, 0o700);
    const found: Segment[] = [];
    const files = readdirSync(opts.dir)
      .map((f) => NAME.exec(f))
      .filter((m) => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    let first = 0;
    for (const n of files) {
      const path = join(opts.dir, name(n));
      const data = readFileSync(path);
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end < data.length) {
        const fd = openSync(path, 'r+');
        ftruncateSync(fd, end);
        closeSync(fd);
      }
      let lines = 0;
      for (let i = data.indexOf(NEWLINE); i !== -1 && i < end; i = data.indexOf(NEWLINE, i + 1)) lines++;
      if (lines === 0) {
        unlinkSync(path);
        continue;
      }
      found.push({ n, path, first, lines, bytes: end, openedAt: statSync(path).mtimeMs });
      first += lines;
    }
    return new ClickJournal({ segmentBytes: 8 << 20, ...opts }, found);
  }

  /**
   * Appends lines with one write() (none has a newline in it): the lines of the redirects answered in one turn of
   * the event loop. All are kept, and the bytes written are returned (each line followed by a newline), or none
   * (false: the journal is full or the write failed).
   */
  appendAll(lines: readonly string[]): Buffer | false {
    const bytes = Buffer.from(withNewlines(lines));
    return this.write(bytes, lines.length) && bytes;
  }

  private write(bytes: Buffer, count: number): boolean {
    const seg = this.segments[this.segments.length - 1]!;
    if (count === 0) return true;
    if (this.closed || this.bytes + bytes.length > this.opts.maxBytes) return false;
    let written: number;
    try {
      written = writeSync(this.fd, bytes);
    } catch (err) {
      this.opts.onError?.(err);
      return false;
    }
    seg.lines += count;
    seg.bytes += written;
    this.bytes += written;
    this.appended += count;
    this.dirty = true;
    this.syncTimer ??= setTimeout(() => this.sync(), SYNC_MS);
    if (seg.bytes >= this.opts.segmentBytes) this.startSegment();
    return true;
  }

  /** Up to `max` lines from line number `from`, in order (the writer reads back what it no longer holds in memory). */
  async read(from: number, max: number): Promise<string[]> {
    const out: string[] = [];
    const until = Math.min(this.appended, from + max);
    for (const seg of this.segments) {
      if (out.length >= until - from) break;
      const start = from + out.length;
      if (seg.first + seg.lines <= start) continue;
      const data = await readFile(seg.path, 'utf8');
      // Only the lines counted when the read began: one appended meanwhile may be half in the file.
      const lines = data.split('\n', seg.lines);
      for (let i = start - seg.first; i < lines.length && out.length < until - from; i++) out.push(lines[i]!);
    }
    return out;
  }

  /**
   * Deletes the segments whose every line is stored (below line `stored`). The segment being written is started
   * afresh once it is stored through and a second old, so a restart re-reads little.
   */
  trim(stored: number): void {
    while (this.segments.length > 1 && this.segments[0]!.first + this.segments[0]!.lines <= stored) this.remove(this.segments.shift()!);
    const cur = this.segments[0]!;
    if (this.segments.length === 1 && cur.lines > 0 && cur.first + cur.lines <= stored && Date.now() - cur.openedAt > 1000) {
      this.startSegment();
      this.remove(this.segments.shift()!);
    }
  }

  /** Syncs what was written and closes the file. Segments with lines not yet stored (from `stored` on) stay for the next start. */
  async close(stored: number): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.syncTimer);
    await this.syncing;
    const fd = this.fd;
    await new Promise<void>((r) => fdatasync(fd, () => close(fd, () => r())));
    // A clean stop with every line stored leaves an empty journal.
    while (this.segments.length > 0 && this.segments[0]!.first + this.segments[0]!.lines <= stored) this.remove(this.segments.shift()!);
    await Promise.all(this.removing);
  }

  private sync(): void {
    this.syncTimer = undefined;
    if (!this.dirty || this.closed) return;
    this.dirty = false;
    const fd = this.fd;
    this.syncing = new Promise<void>((r) =>
      fdatasync(fd, (err) => {
        if (err && (err as NodeJS.ErrnoException).code !== 'EBADF') this.opts.onError?.(err);
        r();
      }),
    );
  }

  private startSegment(): void {
    const last = this.segments[this.segments.length - 1];
    const n = last ? last.n + 1 : 1;
    const path = join(this.opts.dir, name(n));
    const old = this.fd;
    this.fd = openSync(path, 'a', 0o600);
    // The new name must outlive a power cut too; the old file gets its last sync before it is closed.
    fsyncDir(this.opts.dir);
    if (old !== -1 && !this.closed) fdatasync(old, () => close(old, () => {}));
    this.segments.push({ n, path, first: last ? last.first + last.lines : this.appended, lines: 0, bytes: 0, openedAt: Date.now() });
  }

  /**
   * Deletes a stored segment in the background: unlinking a file of several megabytes whose pages are still being
   * written back blocked the request thread for milliseconds, and every redirect in flight waited. A segment whose
   * deletion a crash interrupts is read again at the next start; its lines are sent again, and the database, which
   * has their rows already, keeps one of each.
   */
  private remove(seg: Segment): void {
    this.bytes -= seg.bytes;
    const removed = new Promise<void>((r) => unlink(seg.path, () => r()));
    this.removing.add(removed);
    void removed.then(() => this.removing.delete(removed));
  }
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  fsync(fd, () => close(fd, () => {}));
}
