/** Records counted clicks: pre-allocated ids, daily-salted visitor hashes, the journal and the batched writer. */
import { randomUUID } from 'node:crypto';
import { ClickBudget } from './budget.ts';
import { clickLine, linesOf, parseClickLine } from '../shared/click-line.ts';
import { IdPool } from './id-pool.ts';
import type { ClickJournal } from './journal.ts';
import { JournaledBatch } from './journaled-batch.ts';
import { applySharedBudget, type BudgetVisit, type SharedBudget } from './shared-budget.ts';
import type { ClickRow, ClickStore } from '../shared/click-row.ts';
import { utcDay, visitorHash } from '../shared/visitor-hash.ts';
import { everyMinute, isProvisional, ProvisionalHashes } from './provisional.ts';

export type ClickInput = Omit<ClickRow, 'visitorHash' | 'clickedAt' | 'id' | 'key' | 'overBudget' | 'paid' | 'line'> & {
  id: number | null;
  ip: string;
  paid?: boolean;
};

const DAY_MS = 86_400_000;

export interface RecorderOptions {
  store: ClickStore;
  /** Every click is appended here before record() returns. */
  journal: ClickJournal;
  /** Most unwritten clicks held in memory; more wait on disk only. */
  batch?: { maxBatch?: number; intervalMs?: number; memory?: number };
  idBlock?: number;
  /** Human clicks counted per visitor a minute (default 20; 0 for no budget). */
  budgetPerMinute?: number;
  /**
   * The budget shared by every instance (Redis), asked once a batch when it is written; without it, or while it
   * cannot be had, each instance's own count decides.
   */
  shared?: SharedBudget;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export class ClickRecorder {
  private readonly salts = new Map<string, string>();
  private readonly ids: IdPool;
  /** The journal and the writer's queue: a click waits in memory as its journal line's bytes (journaled-batch.ts). */
  private readonly batcher: JournaledBatch;
  private readonly budget: ClickBudget;
  /**
   * Clicks answered before their day's salt could be read (the database was away at start-up, or the first clicks
   * after midnight UTC): see provisional.ts. Their journal lines hold a keyed hash, never the address.
   */
  private readonly provisional = new ProvisionalHashes();
  /** The last click's millisecond and its ISO timestamp: clicks in the same millisecond share the string. */
  private lastMs = -1;
  private lastIso = '';
  /** One line a minute at most for each kind of trouble: a full disk refuses every click, and one line says as much as thousands. */
  private readonly dropLog = everyMinute();
  private readonly memoryLog = everyMinute();
  /** The shared budget's verdicts on clicks whose batch is not stored yet, by clickKey(). */
  private readonly sharedVerdicts = new Map<string, boolean>();
  /** The UTC day of the last click and its bounds, so a click costs no date formatting. */
  private day = { key: '', start: 0, end: 0 };

  private get perMinute(): number {
    return this.opts.budgetPerMinute ?? 20;
  }

  constructor(private readonly opts: RecorderOptions) {
    const { log } = opts;
    this.budget = new ClickBudget(this.perMinute);
    this.ids = new IdPool({
      allocate: (n) => opts.store.allocateIds(n),
      block: opts.idBlock,
      onError: (err) => log.warn({ err }, 'could not reserve click ids; redirects go without sub-IDs until the database is back'),
    });
    this.batcher = new JournaledBatch({
      ...opts.batch,
      journal: opts.journal,
      write: (texts) => this.write(texts),
      readable: (line) => this.decode(line) !== null,
      // The first failure and every tenth after it: an outage retries often, and one line says as much as fifty.
      onWriteError: (err, attempt, pending) =>
        void (
          (attempt === 1 || attempt % 10 === 0) &&
          log.warn({ err, attempt, pending }, 'writing clicks to the database failed; they stay in memory and are tried again')
        ),
      onDrop: (total) =>
        this.dropLog() &&
        log.error(
          { dropped: total, journalBytes: opts.journal.bytes },
          'clicks are being dropped: the click journal is full (CLICK_JOURNAL_MAX_MB) or cannot be written, and so is the memory that holds them meanwhile',
        ),
      onMemoryOnly: (total) =>
        this.memoryLog() &&
        log.error(
          { memoryOnly: total },
          'the click journal cannot be written (a full or unwritable disk): clicks are held in memory only until the database stores them, and are lost if the service dies first',
        ),
    });
  }

  /** Reserves the first block of ids and reads today's salt; resolves even when the database is down. */
  async start(): Promise<void> {
    await Promise.all([this.ids.refill(), this.readSalt(utcDay(new Date()))]);
    this.batcher.start();
  }

  /** Reads a day's salt into memory, once at a time; a failure leaves clicks hashed provisionally meanwhile. */
  private readSalt(day: string): Promise<void> {
    if (this.salts.has(day) || this.reading.has(day)) return Promise.resolve();
    this.reading.add(day);
    return this.opts.store
      .saltFor(day)
      .then(
        (s) => void this.salts.set(day, s),
        (err: unknown) =>
          this.opts.log.warn({ err }, 'could not read the visitor salt; clicks are hashed under a key kept in memory until it can'),
      )
      .finally(() => this.reading.delete(day));
  }

  private readonly reading = new Set<string>();

  /** A click id for the sub-ID, or null; never waits. */
  takeId(): number | null {
    return this.ids.take();
  }

  /** Journals and queues a click; never waits and never throws. */
  record(click: ClickInput, at = Date.now()): void {
    this.batcher.add(this.encode(this.row(click, at)));
  }

  /**
   * Journals and queues a click with the others of this turn of the event loop (one write() for all of them), then
   * calls `answer`, which must not throw: the redirect, written once its click is in the journal.
   */
  recordThen(click: ClickInput, answer: () => void): void {
    let line: string;
    try {
      line = this.encode(this.row(click, Date.now()));
    } catch (err) {
      // Never the case for a click the classifier let through; the redirect still goes out, and the loss is said.
      this.opts.log.error({ err, provider: click.provider }, 'a click could not be journalled; it was redirected but not recorded');
      answer();
      return;
    }
    this.batcher.addThen(line, answer);
  }

  private row(click: ClickInput, at: number): ClickRow {
    const salt = this.salts.get(this.dayOf(at));
    if (at !== this.lastMs) {
      this.lastMs = at;
      this.lastIso = new Date(at).toISOString();
    }
    const hash = salt === undefined ? this.provisional.hash(click.ip, click.userAgent) : visitorHash(salt, click.ip, click.userAgent);
    // Keyed by the visitor hash (a provisional one until the day's salt is known).
    const overBudget = !click.isBot && !this.budget.take(hash, at);
    // One object literal of a fixed shape, with no Date in it: this runs on every redirect, and a row that cannot be a
    // COPY line is serialised with JSON.stringify, which a Date (through its toJSON) makes about three times slower.
    const row: ClickRow = {
      id: click.id,
      key: click.id === null ? randomUUID() : null,
      clickedAt: this.lastIso,
      provider: click.provider,
      destination: click.destination,
      paid: click.paid ?? click.destination === 'affiliate',
      variant: click.variant,
      country: click.country,
      device: click.device,
      fromPath: click.fromPath,
      placement: click.placement,
      isBot: click.isBot,
      overBudget,
      visitorHash: hash,
      userAgent: click.userAgent,
      referrer: click.referrer,
      line: null,
    };
    return row;
  }

  private dayOf(ms: number): string {
    const d = this.day;
    if (ms < d.start || ms >= d.end) {
      d.start = ms - (ms % DAY_MS);
      d.end = d.start + DAY_MS;
      d.key = utcDay(new Date(d.start));
      // A new day: its salt is asked for at once, so few of its clicks wait for it hashed provisionally.
      void this.readSalt(d.key);
    }
    return d.key;
  }

  /**
   * Clicks written; dropped (refused by a full journal); still waiting (in memory or in the journal); found in the
   * journal at start-up; kept in the journal at shutdown for the next start; writes that failed.
   */
  stats(): { written: number; dropped: number; pending: number; recovered: number; kept: number; failedWrites: number } {
    const b = this.batcher;
    return {
      written: b.written,
      dropped: b.dropped,
      pending: b.size,
      recovered: this.opts.journal.recovered,
      kept: this.kept,
      failedWrites: b.failedWrites,
    };
  }

  private kept = 0;

  /** Writes what is waiting (shutdown); what the database did not take in time stays in the journal. */
  async close(timeoutMs?: number): Promise<void> {
    this.kept = await this.batcher.close(timeoutMs);
  }

  /**
   * One journal line, which is also what waits in memory: the row's COPY line, sent to the database as it is. A row
   * COPY cannot take (no reserved id) or hashed provisionally (made final when written) is a JSON line instead.
   */
  private encode(row: ClickRow): string {
    if (row.id !== null && !isProvisional(row.visitorHash)) return clickLine(row);
    return JSON.stringify(row);
  }

  private decode(line: string): ClickRow | null {
    if (line[0] !== '{') return parseClickLine(line);
    let row: ClickRow | undefined;
    try {
      row = JSON.parse(line) as ClickRow;
    } catch {
      return null;
    }
    if (typeof row !== 'object' || row === null || typeof row.provider !== 'string' || typeof row.clickedAt !== 'string') return null;
    // A line an earlier version journalled with the address in it is hashed as the rest: the address is never kept.
    if (typeof (row as { ip?: unknown }).ip === 'string') {
      const { ip, ...rest } = row as ClickRow & { ip: string };
      row = { ...rest, visitorHash: this.provisional.hash(ip, rest.userAgent) };
    }
    row.key ??= null;
    return row;
  }

  private async write(texts: Buffer[]): Promise<void> {
    const today = utcDay(new Date());
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    if (!this.salts.has(today)) this.salts.set(today, await this.opts.store.saltFor(today));
    const text = texts.length === 1 ? texts[0]! : Buffer.concat(texts);
    // The common batch: COPY lines (no JSON line starts with `{`), judged on the request, sent as journalled.
    if (!this.opts.shared && text[0] !== BRACE && text.indexOf('\n{') === -1) return this.opts.store.insertCopy(text);
    const rows: ClickRow[] = [];
    for (const line of linesOf(text)) {
      const item = this.decode(line)!;
      if (!isProvisional(item.visitorHash)) {
        rows.push(item);
        continue;
      }
      const day = item.clickedAt.slice(0, 10);
      const salt = this.salts.get(day) ?? (await this.opts.store.saltFor(day));
      rows.push({ ...item, visitorHash: this.provisional.final(item.visitorHash, salt, item.userAgent), line: null });
    }
    // The shared verdict, asked by each click's own id: a retried batch, or a click read back from the journal after
    // a crash, is judged again without being counted twice, and gets the verdict it had. A retry that cannot ask
    // keeps the verdicts given to the first try; the lines in the journal still hold the instance's own.
    if (this.opts.shared) {
      const own = rows.map((r) => r.overBudget);
      const asked = await applySharedBudget(this.opts.shared, 'clicks', this.perMinute, rows, sharedVisit);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        const key = clickKey(row);
        if (asked) this.sharedVerdicts.set(key, row.overBudget);
        else row.overBudget = this.sharedVerdicts.get(key) ?? row.overBudget;
        // A changed verdict makes the journalled line wrong: the COPY then makes the row's line afresh.
        if (row.overBudget !== own[i]) row.line = null;
      }
    }
    await this.opts.store.insert(rows);
    for (const row of rows) this.sharedVerdicts.delete(clickKey(row));
  }
}

const BRACE = 0x7b;

/** A click's own name, the same on every try: its reserved id, or the key of a click without one. */
const clickKey = (row: ClickRow) => (row.id !== null ? `i${row.id}` : `k${row.key}`);

/** What the shared budget is asked about a click: nothing for a bot's, which no budget counts. */
const sharedVisit = (row: ClickRow): BudgetVisit | null =>
  row.isBot ? null : { visitor: row.visitorHash, id: clickKey(row), at: Date.parse(row.clickedAt) };
