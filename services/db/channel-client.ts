/** A command's side of the local channel: a Db whose every query runs in the service that owns the embedded database. */
import { connect, type Socket } from 'node:net';
import { encode, lineReader, type ChannelRequest, type ChannelResponse } from './channel-codec.ts';
import type { Db, Queryable, Rows } from './types.ts';

type Request = ChannelRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

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

  private constructor(private readonly socket: Socket) {
    socket.on('data', lineReader<ChannelResponse>((m) => this.answer(m)));
    socket.on('error', (err) => this.fail(new Error(`the service's database channel failed: ${err.message}`)));
    socket.on('close', () => this.fail(new Error('the service closed its database channel (was it stopped?)')));
  }

  /** Connects to the socket; rejects when nothing listens there. */
  static open(path: string): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(path);
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: Request): Promise<unknown[]> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.socket.write(encode({ ...request, id } as ChannelRequest));
    });
  }

  close(): Promise<void> {
    this.closedWith ??= new Error('the database channel is closed');
    return new Promise((resolve) => (this.socket.destroyed ? resolve() : this.socket.end(resolve)));
  }

  private answer(m: ChannelResponse): void {
    const w = this.waiting.get(m.id);
    this.waiting.delete(m.id);
    if ('error' in m) w?.reject(new ChannelError(m.error.message, m.error.code));
    else w?.resolve(m.rows);
  }

  private fail(err: Error): void {
    this.closedWith ??= err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}

function queryable(conn: Connection): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await conn.send({ op: 'query', sql, params })) as T[] }),
    script: async (sql: string) => ({ rows: (await conn.send({ op: 'script', sql })) as Rows<Record<string, unknown>>['rows'] }),
    copyFrom: async (sql: string, text: string) => void (await conn.send({ op: 'copy', sql, text })),
  };
}

/**
 * Opens a Db on the service listening at `path`. withConnection runs its work as one transaction on a connection
 * of its own (PGlite has a single session, which the service shares): committed when the work resolves, rolled
 * back when it throws.
 */
export async function connectChannel(path: string): Promise<Db> {
  const main = await Connection.open(path);
  return {
    kind: 'pglite',
    ...queryable(main),
    async withConnection(fn) {
      const conn = await Connection.open(path);
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
