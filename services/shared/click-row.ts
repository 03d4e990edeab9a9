/**
 * A click as the service records it and the database stores it: the row, and what the recorder needs of the store.
 * Below both, so that the database layer implements the store without reaching into the service.
 */

/** One row of `clicks`, as written. */
export interface ClickRow {
  /** Pre-allocated from the sequence; null lets the database number it. */
  id: number | null;
  /**
   * A random UUID for a click without a reserved id (the database was away when it was answered), so that storing
   * it again from the journal stores it once; null when it has an id.
   */
  key: string | null;
  /** When the click happened: an ISO 8601 UTC timestamp, as sent to the database. */
  clickedAt: string;
  provider: string;
  /** The link the click went to: 'affiliate', or a link name (website, windows, fallback, …). */
  destination: string;
  /** It went through the affiliate link (the affiliate link itself, or a named link deep-linked through it). */
  paid: boolean;
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
  /**
   * The row as its COPY line (click-line.ts): the journal line it was read from, sent to the database as it is; null
   * or absent when it has none, or a field changed after it was read.
   */
  line?: string | null;
}

/** What the recorder needs from the database (implemented in services/db/click-store.ts). */
export interface ClickStore {
  allocateIds(n: number): Promise<number[]>;
  /** The salt for a UTC day, created on first use and shared by every instance. */
  saltFor(day: string): Promise<string>;
  insert(rows: ClickRow[]): Promise<void>;
  /** Stores rows given as COPY text: their lines (click-line.ts), each followed by a newline and with a reserved id. */
  insertCopy(text: Uint8Array): Promise<void>;
}
