/**
 * A visitor's address never reaches the disk: not in the click journal, not in the logs, not in the database. The
 * cases where it used to: a start with the database down (no salt can be read, so the journal held the address until
 * a hash could be made), and the first clicks after midnight UTC, before the new day's salt is read (a fake clock).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ClickJournal } from '../../services/clicks/journal.ts';
import { ClickRecorder, type ClickInput } from '../../services/clicks/recorder.ts';
import { clickStore, migrate, openDb, type Db } from '../../services/db/index.ts';
import { visitorHash } from '../../services/shared/visitor-hash.ts';
import { spawnServe, stop } from '../helpers/serve-process.ts';
import { freshDbConfig, useOwnPostgres } from '../helpers/service.ts';

/** The test client's own address: a loopback address no other part of the machine uses, so a find is this client's. */
const CLIENT = '127.13.37.42';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';

/** Everything under a directory, as text. */
const allText = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'latin1'))
    .join('\n');

/** A redirect requested from CLIENT. */
const go = (url: string, placement: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${url}/go/nordvpn?placement=${placement}`, { localAddress: CLIENT, headers: { 'user-agent': UA } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

/** Every row of every table the service writes to, as text. */
async function databaseText(db: Db): Promise<string> {
  const tables = ['clicks', 'page_views', 'visitor_salts', 'contact_messages', 'newsletter_subscribers', 'mail_outbox'];
  const parts: string[] = [];
  for (const t of tables) {
    const found = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = $1', [t]);
    if (found.rows[0]!.n) parts.push(JSON.stringify((await db.query(`SELECT * FROM ${t}`)).rows));
  }
  return parts.join('\n');
}

describe('a start with the database down', () => {
  const own = useOwnPostgres();

  it('journals, logs and stores no address, and the stored hash is the day’s hash of it', async () => {
    own.server().stop();
    const journal = mkdtempSync(join(tmpdir(), 'vpnsite-no-address-'));
    const svc = await spawnServe({ DATABASE_URL: own.databaseUrl(), CLICK_JOURNAL_DIR: journal, LOG_LEVEL: 'debug' });
    try {
      for (let i = 0; i < 20; i++) expect(await go(svc.url, 'outage')).toBe(302);
      expect(allText(journal)).toContain('outage');
      expect(allText(journal)).not.toContain(CLIENT);

      own.server().start();
      const db = await openDb({ databaseUrl: own.databaseUrl(), pgliteDir: '' });
      try {
        await expect
          .poll(
            async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM clicks WHERE placement = 'outage'")).rows[0]!.n,
            {
              timeout: 60_000,
            },
          )
          .toBe(20);
        expect((await stop(svc)).code).toBe(0);
        expect(svc.output()).toContain('"url":"/go/nordvpn?placement=outage"');
        expect(svc.output()).not.toContain(CLIENT);
        expect(await databaseText(db)).not.toContain(CLIENT);
        // Made final with the address the service still held in memory: the same hash as any other click that day.
        const { rows } = await db.query<{ visitor_hash: string; salt: string }>(
          "SELECT DISTINCT c.visitor_hash, s.salt FROM clicks c JOIN visitor_salts s ON s.day = c.clicked_at::date WHERE c.placement = 'outage'",
        );
        expect(rows).toEqual([{ visitor_hash: visitorHash(rows[0]!.salt, CLIENT, UA), salt: rows[0]!.salt }]);
      } finally {
        await db.close();
      }
    } finally {
      if (svc.child.exitCode === null) svc.child.kill('SIGKILL');
    }
  }, 480_000);
});

describe('the salt rollover at midnight UTC', () => {
  const dirs: string[] = [];
  let db: Db | undefined;
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await db?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('journals the first clicks of the new day under a provisional hash, and stores the new day’s hash of the address', async () => {
    db = await openDb(await freshDbConfig('pg'));
    await migrate(db);
    const dir = mkdtempSync(join(tmpdir(), 'vpnsite-rollover-'));
    dirs.push(dir);
    const logged: string[] = [];
    const log = {
      warn: (o: object, m: string) => void logged.push(JSON.stringify(o), m),
      error: (o: object, m: string) => void logged.push(JSON.stringify(o), m),
    };
    const journal = ClickJournal.open({ dir, maxBytes: 1 << 20 });
    // The store is asked for the new day's salt when the first click of that day arrives; it answers once that click's
    // line is in the journal, as a database a few milliseconds away does.
    const store = clickStore(db, () => {});
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const slow = {
      ...store,
      saltFor: async (day: string) => (day === '2026-11-22' ? held.then(() => store.saltFor(day)) : store.saltFor(day)),
    };
    const recorder = new ClickRecorder({ store: slow, journal, budgetPerMinute: 0, batch: { intervalMs: 5 }, log });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T23:59:59.000Z'));
    await recorder.start();
    const click = (placement: string): ClickInput => ({
      id: recorder.takeId(),
      ip: CLIENT,
      provider: 'nordvpn',
      destination: 'affiliate',
      variant: null,
      country: null,
      device: 'desktop',
      fromPath: '/',
      placement,
      isBot: false,
      userAgent: UA,
      referrer: null,
    });
    recorder.record(click('before-midnight'));
    vi.setSystemTime(new Date('2026-11-22T00:00:00.050Z'));
    for (let i = 0; i < 5; i++) recorder.record(click('after-midnight'));
    expect(allText(dir)).toContain('after-midnight');
    expect(allText(dir)).not.toContain(CLIENT);
    release();
    await recorder.close(10_000);
    expect(recorder.stats()).toMatchObject({ written: 6, dropped: 0 });
    expect(allText(dir)).not.toContain(CLIENT);
    expect(logged.join('\n')).not.toContain(CLIENT);
    expect(await databaseText(db)).not.toContain(CLIENT);
    // The new day's hash of the address, as every later click of that visitor that day has; yesterday's salt is
    // gone by now, as it should be once today's is asked for.
    const { rows } = await db.query<{ placement: string; visitor_hash: string }>(
      'SELECT DISTINCT placement, visitor_hash FROM clicks ORDER BY 1',
    );
    const salt = (await db.query<{ salt: string }>("SELECT salt FROM visitor_salts WHERE day = '2026-11-22'")).rows[0]!.salt;
    expect(rows).toEqual([
      { placement: 'after-midnight', visitor_hash: visitorHash(salt, CLIENT, UA) },
      { placement: 'before-midnight', visitor_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });
});
