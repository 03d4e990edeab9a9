/** What the service stores into, each opened under its lock: the database, and the click journal. */
import { mkdirSync, statfsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { acquireDataDir, DataDirBusy as JournalBusy, describeOwner } from '../db/data-dir-lock.ts';
import { DataDirBusy, openDb, type Db } from '../db/index.ts';
import { ClickJournal } from '../clicks/journal.ts';
import { everyMinute } from '../clicks/provisional.ts';
import type { ServiceConfig } from './config.ts';

/**
 * Opens the database; the embedded one under its directory's lock, answering other commands on the local channel.
 * Another `vpnsite serve` holding the directory is an error at once; a shorter command holding it is waited for.
 */
export async function openServiceDb(config: ServiceConfig, log: FastifyInstance['log']): Promise<Db> {
  const deadline = Date.now() + WAIT_FOR_COMMAND_MS;
  let said = false;
  for (;;) {
    try {
      return await openDb({ ...config.db, queryTimeoutMs: config.dbQueryTimeoutMs }, { command: 'serve', channel: true, log });
    } catch (err) {
      if (!(err instanceof DataDirBusy) || err.owner.command === 'serve' || Date.now() > deadline) throw err;
      // Once, so that whoever started the service knows why it has not answered yet.
      if (!said) log.warn(`${err.message}; waiting up to ${WAIT_FOR_COMMAND_MS / 1000} s for it to finish`);
      said = true;
      await sleep(200);
    }
  }
}

/** How long the service waits for a command (`vpnsite clicks`, `db query`…) that holds the embedded database. */
const WAIT_FOR_COMMAND_MS = 8000;

/**
 * Opens the click journal, which one process owns at a time: two services started from one directory need a
 * CLICK_JOURNAL_DIR each. A journal left by a process that died is taken over, and its clicks stored.
 */
export async function openJournal(config: ServiceConfig, log: FastifyInstance['log']) {
  mkdirSync(config.clickJournalDir, { recursive: true, mode: 0o700 });
  let lease: Awaited<ReturnType<typeof acquireDataDir>>;
  try {
    lease = await acquireDataDir(config.clickJournalDir, 'serve');
  } catch (err) {
    if (err instanceof JournalBusy)
      throw new Error(
        `the click journal ${config.clickJournalDir} is in use by ${describeOwner(err.owner)}: give each instance its own CLICK_JOURNAL_DIR`,
      );
    throw err;
  }
  // A full disk refuses every click's line: one log line a minute for each kind of trouble says so (the counts are
  // in the recorder's lines).
  const gates = new Map<string, () => boolean>();
  const gate = (err: unknown) => {
    const kind = (err as NodeJS.ErrnoException).code ?? String((err as Error).message);
    let open = gates.get(kind);
    if (!open) gates.set(kind, (open = everyMinute()));
    return open();
  };
  try {
    const journal = ClickJournal.open({
      dir: config.clickJournalDir,
      maxBytes: config.clickJournalMaxBytes,
      onError: (err) => gate(err) && log.error({ err }, 'the click journal could not be written or synced'),
      owns: () => lease.holds(),
      relock: () => lease.relock(),
    });
    const free = freeBytes(config.clickJournalDir);
    if (free !== null && free < FULL_BELOW)
      log.error(
        { dir: config.clickJournalDir, freeBytes: free },
        'the click journal is on a full disk: /go/ still answers, and clicks are held in memory only until the database stores them; free some space',
      );
    return { lease, journal };
  } catch (err) {
    await lease.release();
    throw err;
  }
}

/** Less room than this is a full disk: it holds no more than a few thousand clicks. */
const FULL_BELOW = 1 << 20;

function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}
