/** The one small query interface the service uses, whichever database is behind it. */

export interface Rows<T> {
  rows: T[];
}

/** Something that runs SQL: the whole database, or one connection of it. */
export interface Queryable {
  /** One parameterised statement ($1, $2, …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Rows<T>>;
  /** A script of several statements without parameters (migrations); the last statement's rows. */
  script(sql: string): Promise<Rows<Record<string, unknown>>>;
  /**
   * `COPY <table> (<columns>) FROM STDIN`, fed `text` in COPY's text format: the cheapest way PostgreSQL loads many
   * rows, as a string or as its UTF-8 bytes. All or nothing, like any one statement.
   */
  copyFrom(sql: string, text: string | Uint8Array): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pg' | 'pglite';
  /**
   * Runs fn on one connection, for work that needs a session (advisory locks). On PGlite reached through the
   * service that owns it, the session is also one transaction, committed when fn resolves.
   */
  withConnection<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>;
  /** The embedded database's owner: records where its HTTP service listens, in the directory's lock record. */
  advertiseHttp?(url: string): Promise<void>;
  close(): Promise<void>;
}
