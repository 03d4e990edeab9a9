/**
 * The click journal's disk going wrong under a running service: its directory deleted, the disk full (a small tmpfs),
 * and a start on that full disk. The service never crashes and keeps answering /go/; every click it answered is
 * stored or counted as dropped, exactly.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../services/db/index.ts';
import { spawnServe, stop, type ServeProcess } from '../helpers/serve-process.ts';
import { freshDbConfig } from '../helpers/service.ts';

let db: Db;
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = (await freshDbConfig('pg')).databaseUrl!;
  db = await openDb({ databaseUrl, pgliteDir: '' });
});
afterAll(async () => db?.close());

const stored = async (placement: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks WHERE placement = $1', [placement])).rows[0]!.n;

/** `n` redirects, one after another; how many were answered 302 (every one, or the service failed). */
async function clicks(url: string, placement: string, n: number): Promise<number> {
  let answered = 0;
  for (let i = 0; i < n; i++)
    if ((await fetch(`${url}/go/nordvpn?placement=${placement}`, { redirect: 'manual' })).status === 302) answered++;
  return answered;
}

/** The clicks a stopped service said it dropped (0 when it said every click was written). */
function droppedIn(output: string): number {
  const line = output.split('\n').find((l) => l.includes('clicks were dropped'));
  return line ? (JSON.parse(line) as { dropped: number }).dropped : 0;
}

const env = (journal: string, more: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  CLICK_JOURNAL_DIR: journal,
  CLICK_BUDGET_PER_MINUTE: '0',
  ...more,
});

describe('the journal directory deleted while the service runs', () => {
  it('is made again and locked again; nothing crashes, and every click is stored', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'vpnsite-journal-gone-')), 'clicks.journal');
    const svc = await spawnServe(env(journal), '/healthz/db');
    let answered = await clicks(svc.url, 'dir-deleted', 40);
    await expect.poll(() => stored('dir-deleted'), { timeout: 20_000 }).toBe(answered);
    rmSync(journal, { recursive: true, force: true });
    answered += await clicks(svc.url, 'dir-deleted', 200);
    expect(answered).toBe(240);
    // Made again, with its lock, and the clicks since in a segment there.
    await expect.poll(() => existsSync(join(journal, 'vpnsite.lock')), { timeout: 10_000 }).toBe(true);
    expect(svc.output()).toContain('was missing and has been made again');
    // Killed at once: what the database has not stored yet must be in the new directory.
    expect((await stop(svc, 'SIGKILL')).code).toBeNull();
    const next = await spawnServe(env(journal), '/healthz/db');
    await expect.poll(() => stored('dir-deleted'), { timeout: 30_000 }).toBe(answered);
    expect((await stop(next)).code).toBe(0);
    expect(await stored('dir-deleted')).toBe(answered);
  }, 480_000);
});

describe('the journal on a full disk', () => {
  let mount: string;
  let svc: ServeProcess | undefined;
  beforeAll(() => {
    mount = mkdtempSync(join(tmpdir(), 'vpnsite-journal-tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', mount]);
  });
  afterAll(async () => {
    if (svc && svc.child.exitCode === null) await stop(svc, 'SIGKILL');
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  it('fails clicks over to memory, counts the ones it cannot keep, and starts again on the full disk', async () => {
    const journal = join(mount, 'clicks.journal');
    mkdirSync(journal, { mode: 0o700 });
    // Room for a few dozen lines; each is about 200 bytes. Little memory, so some clicks are dropped too.
    writeFileSync(join(mount, 'filler'), Buffer.alloc(48 * 1024));
    svc = await spawnServe(env(journal, { CLICK_BATCH_CAP: '5' }), '/healthz/db');
    const answered = await clicks(svc.url, 'full-disk', 400);
    expect(answered).toBe(400);
    expect(svc.output()).toContain('clicks are held in memory only');
    // One line a minute whatever the number of clicks refused.
    expect(svc.output().match(/the click journal could not be written/g)).toHaveLength(1);
    const first = await stop(svc);
    const dropped = droppedIn(svc.output());
    expect(first.code).toBe(dropped ? 1 : 0);
    expect((await stored('full-disk')) + dropped).toBe(answered);
    // Every line left on disk is whole: none was counted as written with part of it missing.
    for (const f of readdirSync(journal).filter((name) => name.endsWith('.ndjson')))
      expect(execFileSync('tail', ['-c', '1', join(journal, f)]).toString()).toMatch(/^\n?$/);

    // Now not a byte free: the service still starts, says so, and answers.
    try {
      writeFileSync(join(mount, 'rest'), Buffer.alloc(64 * 1024));
    } catch {
      // Filled up to the last byte, which is the point.
    }
    svc = await spawnServe(env(journal, { CLICK_BATCH_CAP: '5' }), '/healthz/db');
    expect(svc.output()).toContain('the click journal is on a full disk');
    const again = await clicks(svc.url, 'full-disk-restart', 100);
    expect(again).toBe(100);
    await stop(svc);
    expect((await stored('full-disk-restart')) + droppedIn(svc.output())).toBe(again);
  }, 480_000);
});
