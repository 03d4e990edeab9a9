/** A command's side of the local channel: a Db whose every query runs in the service that owns the embedded database. */
import { connect, type Socket } from 'node:net';
import { encode, lineReader, SILENCE_LIMIT_MS, type ChannelRequest, type ChannelResponse } from './channel-codec.ts';
import type { Db, Queryable, Rows } from './types.ts';

type Request = ChannelRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id' | 'timeoutMs'> : never) : never;

export interface ChannelOptions {
  /** The time limit of each statement, stopped by the service past it (its default, 30 s, when absent). */
  statementTimeoutMs?: number;
  /** Give up when the service sends nothing for this long while a request waits (a stopped or frozen service). */
  silenceLimitMs?: number;
}

/** The service stopped answering: frozen (SIGSTOP), swapped out, or hung. */
export class ServiceSilent extends Error {
  readonly code = 'SERVICE_SILENT';
  constructor(ms: number) {
    super(`the service that owns the embedded database did not answer for ${ms / 1000} s (is it stopped or frozen?); gave up`);
  }
}

/** An error the database raised in the service, with its SQLSTATE, as a local driver would throw it. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One connection to the service: requests in flight, matched to answers by id. */
class Connection {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  private closedWith: Error | null = null;
  private silence: NodeJS.Timeout | undefined;

  private constructor(
    private readonly socket: Socket,
    private readonly opts: ChannelOptions,
  ) {
    const read = lineReader<ChannelResponse>((m) => this.answer(m));
    socket.on('data', (chunk: Buffer) => {
      this.watch();
      read(chunk);
    });
    socket.on('error', (err) => this.fail(new Error(`the service's database channel failed: ${err.message}`)));
    socket.on('close', () => this.fail(new Error('the service closed its database channel (was it stopped?)')));
  }

  /** Connects to the socket; rejects when nothing listens there. */
  static open(path: string, opts: ChannelOptions = {}): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(path);
      socket.once('connect', () => resolve(new Connection(socket, opts)));
      socket.once('error', reject);
    });
  }

  send(request: Request): Promise<unknown[]> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.watch();
      this.socket.write(encode({ ...request, id, timeoutMs: this.opts.statementTimeoutMs } as ChannelRequest));
    });
  }

  /** (Re)starts the wait for a word from the service while a request waits; the service says it is alive every second. */
  private watch(): void {
    clearTimeout(this.silence);
    if (this.waiting.size === 0) return;
    const ms = this.opts.silenceLimitMs ?? SILENCE_LIMIT_MS;
    this.silence = setTimeout(() => {
      this.fail(new ServiceSilent(ms));
      this.socket.destroy();
    }, ms);
  }

  close(): Promise<void> {
    this.closedWith ??= new Error('the database channel is closed');
    clearTimeout(this.silence);
    return new Promise((resolve) => (this.socket.destroyed ? resolve() : this.socket.end(resolve)));
  }

  private answer(m: ChannelResponse): void {
    if ('alive' in m) return;
    const w = this.waiting.get(m.id);
    this.waiting.delete(m.id);
    if ('error' in m) w?.reject(new ChannelError(m.error.message, m.error.code));
    else w?.resolve(m.rows);
    if (this.waiting.size === 0) clearTimeout(this.silence);
  }

  private fail(err: Error): void {
    clearTimeout(this.silence);
    this.closedWith ??= err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}

function queryable(conn: Connection): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await conn.send({ op: 'query', sql, params })) as T[] }),
    script: async (sql: string) => ({ rows: (await conn.send({ op: 'script', sql })) as Rows<Record<string, unknown>>['rows'] }),
    // The channel carries JSON, so bytes go as the text they are.
    copyFrom: async (sql: string, text: string | Uint8Array) =>
      void (await conn.send({ op: 'copy', sql, text: typeof text === 'string' ? text : Buffer.from(text).toString('utf8') })),
  };
}

/**
 * Opens a Db on the service listening at `path`. withConnection runs its work as one transaction on a connection
 * of its own (PGlite has a single session, which the service shares): committed when the work resolves, rolled
 * back when it throws.
 */
export async function connectChannel(path: string, opts: ChannelOptions = {}): Promise<Db> {
  const main = await Connection.open(path, opts);
  return {
    kind: 'pglite',
    ...queryable(main),
    async withConnection(fn) {
      const conn = await Connection.open(path, opts);
      try {
        await conn.send({ op: 'begin' });
        let result;
        try {
          result = await fn(queryable(conn));
        } catch (err) {
          await conn.send({ op: 'rollback' }).catch(() => {});
          throw err;
        }
        await conn.send({ op: 'commit' });
        return result;
      } finally {
        await conn.close();
      }
    },
    close: () => main.close(),
  };
}
