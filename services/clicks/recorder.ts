/** Records counted clicks: pre-allocated ids, daily-salted visitor hashes, and the batched writer. */
import { Batcher } from './batcher.ts';
import { ClickBudget } from './budget.ts';
import { IdPool } from './id-pool.ts';
import { utcDay, visitorHash } from './visitor-hash.ts';

/** One row of `clicks`, as written. */
export interface ClickRow {
  /** Pre-allocated from the sequence; null lets the database number it. */
  id: number | null;
  /** When the click happened: an ISO 8601 UTC timestamp, as sent to the database. */
  clickedAt: string;
  provider: string;
  /** The link the click went to: 'affiliate', or a link name (website, windows, …); only 'affiliate' is paid. */
  destination: string;
  /** The split's variant (the link it names) when a split chose the destination. */
  variant: string | null;
  /** ISO 3166-1 alpha-2 from GEO_COUNTRY_HEADER, when that is set and the header names one. */
  country: string | null;
  /** ios, android or desktop. */
  device: string | null;
  fromPath: string | null;
  placement: string | null;
  isBot: boolean;
  /** Past its visitor's per-minute budget of human clicks: stored, but never counted as a human click. */
  overBudget: boolean;
  visitorHash: string;
  userAgent: string | null;
  referrer: string | null;
}

/** What the recorder needs from the database (implemented in services/db/click-store.ts). */
export interface ClickStore {
  allocateIds(n: number): Promise<number[]>;
  /** The salt for a UTC day, created on first use and shared by every instance. */
  saltFor(day: string): Promise<string>;
  insert(rows: ClickRow[]): Promise<void>;
}

export type ClickInput = Omit<ClickRow, 'visitorHash' | 'clickedAt' | 'id' | 'overBudget'> & { id: number | null; ip: string };

const DAY_MS = 86_400_000;

export interface RecorderOptions {
  store: ClickStore;
  batch?: { maxBatch?: number; intervalMs?: number; cap?: number };
  idBlock?: number;
  /** Human clicks counted per visitor a minute (default 20; 0 for no budget). */
  budgetPerMinute?: number;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export class ClickRecorder {
  private readonly salts = new Map<string, string>();
  private readonly ids: IdPool;
  private readonly batcher: Batcher<ClickRow>;
  private readonly budget: ClickBudget;
  /**
   * The IP of each click queued before the day's salt could be read (the database was away), to hash at write time.
   * Kept beside the rows rather than in them, so every queued row has the one shape JSON.stringify is fastest on.
   */
  private readonly unhashed = new WeakMap<ClickRow, string>();
  /** The last click's millisecond and its ISO timestamp: clicks in the same millisecond share the string. */
  private lastMs = -1;
  private lastIso = '';
  private lastDropLog = 0;
  /** The UTC day of the last click and its bounds, so a click costs no date formatting. */
  private day = { key: '', start: 0, end: 0 };

  constructor(private readonly opts: RecorderOptions) {
    const { log } = opts;
    this.budget = new ClickBudget(opts.budgetPerMinute ?? 20);
    this.ids = new IdPool({ allocate: (n) => opts.store.allocateIds(n), block: opts.idBlock, onError: (err) => log.warn({ err }, 'could not reserve click ids; redirects go without sub-IDs until the database is back') });
    this.batcher = new Batcher<ClickRow>({
      ...opts.batch,
      write: (items) => this.write(items),
      // The first failure and every tenth after it: an outage retries often, and one line says as much as fifty.
      onWriteError: (err, attempt, pending) => void ((attempt === 1 || attempt % 10 === 0) && log.warn({ err, attempt, pending }, 'writing clicks to the database failed; they stay in memory and are tried again')),
      onDrop: (total) => {
        // One line a second at most: the cap is reached when the database has been away for a while.
        if (Date.now() - this.lastDropLog < 1000) return;
        this.lastDropLog = Date.now();
        log.error({ dropped: total }, 'clicks are being dropped: more than CLICK_BATCH_CAP are waiting for the database');
      },
    });
  }

  /** Reserves the first block of ids and reads today's salt; resolves even when the database is down. */
  async start(): Promise<void> {
    const today = utcDay(new Date());
    const salt = this.opts.store.saltFor(today).then(
      (s) => void this.salts.set(today, s),
      (err: unknown) => this.opts.log.warn({ err }, 'could not read the visitor salt; hashing at write time'),
    );
    await Promise.all([this.ids.refill(), salt]);
  }

  /** A click id for the sub-ID, or null; never waits. */
  takeId(): number | null {
    return this.ids.take();
  }

  /** Queues a click; never waits and never throws. */
  record(click: ClickInput, at = Date.now()): void {
    const salt = this.salts.get(this.dayOf(at));
    if (at !== this.lastMs) {
      this.lastMs = at;
      this.lastIso = new Date(at).toISOString();
    }
    const hash = salt === undefined ? '' : visitorHash(salt, click.ip, click.userAgent);
    // Keyed by the visitor hash; before the day's salt is known, by what the hash is made of (kept in memory only).
    const overBudget = !click.isBot && !this.budget.take(salt === undefined ? `${click.ip}\n${click.userAgent ?? ''}` : hash, at);
    // One object literal of a fixed shape, with no Date in it: this runs on every redirect, and the batch is
    // serialised with JSON.stringify, which a Date (through its toJSON) makes about three times slower.
    const row: ClickRow = {
      id: click.id,
      clickedAt: this.lastIso,
      provider: click.provider,
      destination: click.destination,
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
    };
    if (salt === undefined) this.unhashed.set(row, click.ip);
    this.batcher.add(row);
  }

  private dayOf(ms: number): string {
    const d = this.day;
    if (ms < d.start || ms >= d.end) {
      d.start = ms - (ms % DAY_MS);
      d.end = d.start + DAY_MS;
      d.key = utcDay(new Date(d.start));
    }
    return d.key;
  }

  /** Clicks written, dropped (in all; because the batch was full; unwritten when close gave up), and still waiting; writes that failed. */
  stats(): { written: number; dropped: number; droppedFull: number; droppedAtClose: number; pending: number; failedWrites: number } {
    const b = this.batcher;
    return { written: b.written, dropped: b.dropped, droppedFull: b.droppedFull, droppedAtClose: b.droppedAtClose, pending: b.size, failedWrites: b.failedWrites };
  }

  /** Writes what is waiting (shutdown). */
  close(timeoutMs?: number): Promise<void> {
    return this.batcher.close(timeoutMs);
  }

  private async write(items: ClickRow[]): Promise<void> {
    const today = utcDay(new Date());
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    if (!this.salts.has(today)) this.salts.set(today, await this.opts.store.saltFor(today));
    const rows: ClickRow[] = [];
    for (const item of items) {
      const ip = this.unhashed.get(item);
      if (ip === undefined) {
        rows.push(item);
        continue;
      }
      const day = item.clickedAt.slice(0, 10);
      const salt = this.salts.get(day) ?? (await this.opts.store.saltFor(day));
      rows.push({ ...item, visitorHash: visitorHash(salt, ip, item.userAgent) });
    }
    await this.opts.store.insert(rows);
  }
}
