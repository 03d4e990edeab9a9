/**
 * One way to open the database: DATABASE_URL selects PostgreSQL, otherwise embedded PGlite in a directory that
 * exactly one process owns at a time (data-dir-lock.ts). The owner (`vpnsite serve`) answers other commands on a
 * local channel; a command asks for a Db with openDbForCommand and gets one that works in every case.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectChannel, type ChannelOptions } from './channel-client.ts';
import { serveChannel } from './channel-server.ts';
import { acquireDataDir, DataDirBusy, describeOwner, liveOwner } from './data-dir-lock.ts';
import { openPg } from './pg.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './types.ts';

export interface DbConfig {
  /** A postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (default var/pglite). */
  pgliteDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * A query that has not answered after this many milliseconds fails (0 or absent: no limit). On PGlite, which runs
   * one statement at a time, a query that has not started by then (a command's statement holds the database) fails
   * and is never run.
   */
  queryTimeoutMs?: number;
}

export interface OpenOptions {
  /** The vpnsite command opening it, named to anyone who finds the directory taken. */
  command?: string;
  /** Answer other commands on the local channel (the service does). */
  channel?: boolean;
  log?: { warn: (obj: object, msg: string) => void };
}

/** The socket in the data directory, or in the temporary directory when that path is too long for a Unix socket. */
export function channelPath(dir: string): string {
  const inDir = join(resolve(dir), '.s.vpnsite');
  // sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included.
  if (Buffer.byteLength(inDir) < 100) return inDir;
  return join(tmpdir(), `vpnsite-${createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16)}.sock`);
}

/**
 * Opens the configured database and, for PGlite in a directory, takes the directory for this process: throws
 * DataDirBusy naming the live owner. Does not migrate: call migrate().
 */
export async function openDb(config: DbConfig, opts: OpenOptions = {}): Promise<Db> {
  if (config.databaseUrl) return openPg(config.databaseUrl, { max: config.poolSize, queryTimeoutMs: config.queryTimeoutMs });
  const pgliteOptions = { startTimeoutMs: config.queryTimeoutMs || undefined };
  if (config.pgliteDir.startsWith('memory://')) return openPglite(config.pgliteDir, pgliteOptions);
  // Only its owner may read it: it holds subscriber addresses. mkdir's mode passes through the umask, so chmod too.
  try {
    mkdirSync(config.pgliteDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw err;
    throw new Error(`PGLITE_DIR ${config.pgliteDir} is not a directory: give the embedded database a directory of its own`);
  }
  chmodSync(config.pgliteDir, 0o700);
  const lease = await acquireDataDir(config.pgliteDir, opts.command ?? 'vpnsite');
  let db;
  try {
    db = await openPglite(config.pgliteDir, pgliteOptions);
  } catch (err) {
    await lease.release();
    throw err;
  }
  const channel = opts.channel ? await serveChannel(db, channelPath(config.pgliteDir), { log: opts.log }) : undefined;
  if (channel) await lease.advertise(channel.path);
  const pglite = db;
  return {
    ...pglite,
    advertiseHttp: (url) => lease.advertiseHttp(url),
    async close() {
      try {
        await channel?.close();
        await pglite.close();
      } finally {
        await lease.release();
      }
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CommandDbOptions extends ChannelOptions {
  /** How long to wait for an owner that is starting its channel, or for another command to finish with the directory. */
  waitMs?: number;
}

/**
 * The database for a command (`clicks`, `db migrate`, any other): PostgreSQL directly; or PGlite through the running
 * service, whose statements stop at the statement timeout and which is given up on when it stops answering; or, when
 * no service runs, the directory itself under its lock.
 */
export async function openDbForCommand(config: DbConfig, command: string, opts: CommandDbOptions = {}): Promise<Db> {
  const waitMs = opts.waitMs ?? 15_000;
  if (config.databaseUrl || config.pgliteDir.startsWith('memory://')) return openDb(config, { command });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = liveOwner(config.pgliteDir);
    if (owner?.socket) {
      try {
        return await connectChannel(owner.socket, opts);
      } catch {
        // Its owner is stopping or has just died: look again.
      }
    } else if (!owner) {
      try {
        return await openDb(config, { command });
      } catch (err) {
        if (!(err instanceof DataDirBusy)) throw err;
      }
    }
    if (Date.now() > deadline) {
      const holder = liveOwner(config.pgliteDir);
      throw new Error(
        `${config.pgliteDir} is in use by ${holder ? describeOwner(holder) : 'another process'}, which did not answer within ${waitMs / 1000} s`,
      );
    }
    await sleep(100);
  }
}
