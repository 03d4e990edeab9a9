/** The clicks table's rules and the batch writer's handling of a row the database refuses, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickJournal } from '../../services/clicks/journal.ts';
import { clickLine, withNewlines } from '../../services/shared/click-line.ts';
import { ClickRecorder, type ClickRow } from '../../services/clicks/index.ts';
import { clickStore, migrate, openDb, type Db } from '../../services/db/index.ts';
import { STORE_KINDS, freshDbConfig } from '../helpers/service.ts';

/** Rows as the COPY text the journal holds them in. */
const copyText = (rows: ClickRow[]) => Buffer.from(withNewlines(rows.map(clickLine)));

const HASH = 'ab'.repeat(32);
const row = (over: Partial<ClickRow> = {}): ClickRow => ({
  id: null,
  key: null,
  clickedAt: new Date().toISOString(),
  provider: 'nordvpn',
  destination: 'affiliate',
  paid: true,
  variant: null,
  country: null,
  device: 'desktop',
  fromPath: '/',
  placement: 'hero-cta',
  isBot: false,
  overBudget: false,
  visitorHash: HASH,
  userAgent: 'Mozilla/5.0',
  referrer: null,
  ...over,
});

describe.each(STORE_KINDS)('clicks on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb(await freshDbConfig(kind));
    await migrate(db);
  });
  afterAll(() => db.close());

  /**
   * A store over the real database with its COPYs and INSERTs counted (a failed COPY falls back to single INSERTs
   * silently), and the rows it refused.
   */
  function countedStore() {
    let copies = 0;
    let inserts = 0;
    const counted: Db = {
      ...db,
      copyFrom: (sql, text) => (copies++, db.copyFrom(sql, text)),
      query: (sql, params) => (/INSERT INTO clicks/.test(sql) && inserts++, db.query(sql, params)),
    };
    const refused: ClickRow[] = [];
    return { store: clickStore(counted, (r) => refused.push(r)), refused, counts: () => [copies, inserts] };
  }

  it('keeps a batch whose rows are valid, and refuses only the rows that break a rule', async () => {
    const refused: ClickRow[] = [];
    const store = clickStore(db, (r) => refused.push(r));
    const bad = [
      row({ placement: 'bad-hash-63', visitorHash: HASH.slice(1) }),
      row({ placement: 'bad-hash-65', visitorHash: `${HASH}a` }),
      row({ placement: 'bad-hash-upper', visitorHash: HASH.toUpperCase() }),
      row({ placement: 'bad-hash-not-hex', visitorHash: `${HASH.slice(2)}zz` }),
      // Whitespace between pairs of digits still decodes as hex.
      row({ placement: 'bad-hash-space', visitorHash: `${HASH.slice(0, 32)} ${HASH.slice(32)}` }),
      row({ placement: 'bad-hash-trailing-tab', visitorHash: `${HASH}\t` }),
      row({ provider: 'Not A Slug' }),
    ];
    await store.insert([row({ placement: 'good-1' }), ...bad, row({ placement: 'good-2', visitorHash: '0123456789abcdef'.repeat(4) })]);
    const { rows } = await db.query<{ placement: string }>('SELECT placement FROM clicks ORDER BY id');
    expect(rows.map((r) => r.placement)).toEqual(['good-1', 'good-2']);
    expect(refused).toEqual(bad);
  });

  it('accepts exactly the providers and placements that the original rules of migration 001 accept', async () => {
    // Migration 009 made both CHECKs cheaper; the strings they let in must not change.
    const providers = [
      'nordvpn',
      'private-internet-access',
      'a',
      '0',
      'a-1',
      'x'.repeat(64),
      'x'.repeat(65),
      '',
      '-nord',
      'nord-',
      'nord--vpn',
      '-',
      'Nord',
      'nord_vpn',
      'nord vpn',
      'nördvpn',
      'nord\nvpn',
    ];
    const placements = [
      'hero-cta',
      'a',
      '0',
      'hero_cta-1',
      `a${'_'.repeat(39)}`,
      'a'.repeat(40),
      'a'.repeat(41),
      '',
      '-cta',
      '_cta',
      'Hero',
      'hero.cta',
      'héro',
      'hero\n',
      'hero cta',
    ];
    const accepted = async (over: Partial<ClickRow>) => {
      const [id] = await clickStore(db, () => {}).allocateIds(1);
      let ok = true;
      await clickStore(db, () => (ok = false)).insert([row({ id: id!, ...over })]);
      return ok;
    };
    const original = async (value: string, rule: string) =>
      (await db.query<{ ok: boolean }>(`SELECT $1::text ~ '${rule}' AS ok`, [value])).rows[0]!.ok;
    for (const provider of providers) {
      expect([provider, await accepted({ provider })]).toEqual([
        provider,
        (await original(provider, '^[a-z0-9]+(-[a-z0-9]+)*$')) && provider.length <= 64,
      ]);
    }
    for (const placement of placements) {
      expect([placement, await accepted({ placement })]).toEqual([placement, await original(placement, '^[a-z0-9][a-z0-9_-]{0,39}$')]);
    }
  });

  it('loads a batch with reserved ids in one COPY, storing every character as sent', async () => {
    const { store, refused, counts } = countedStore();
    const ids = await store.allocateIds(8);
    const odd = ['back\\slash \\N \\t', 'tab\there', 'new\nline and \r return', '"quotes" \'single\' é ü ß 日本 🙂', '\\N'];
    const good = odd.map((ua, i) =>
      row({ id: ids[i]!, placement: `copy-${i}`, userAgent: ua, referrer: i % 2 ? null : `https://example.com/${ua}`, isBot: i === 1 }),
    );
    await store.insert(good);
    expect(counts()).toEqual([1, 0]);
    const stored = () =>
      db.query<{ id: number; user_agent: string; referrer: string | null; is_bot: boolean; at: string }>(
        "SELECT id, user_agent, referrer, is_bot, to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') AS at FROM clicks WHERE placement LIKE 'copy-%' ORDER BY id",
      );
    const expected = good.map((g) => ({
      id: g.id,
      user_agent: g.userAgent,
      referrer: g.referrer,
      is_bot: g.isBot,
      at: g.clickedAt.slice(0, 23),
    }));
    expect((await stored()).rows).toEqual(expected);

    // The same batch again, as after a write whose answer was lost: the COPY meets the stored rows, one INSERT that
    // skips them follows, and nothing is stored twice or reported refused.
    await store.insert(good);
    expect(counts()).toEqual([2, 1]);
    expect((await stored()).rows).toEqual(expected);
    // A batch with one bad row: the COPY fails as a whole, and only the bad row is refused.
    const more = [
      row({ id: ids[5]!, placement: 'copy-5' }),
      row({ id: ids[6]!, placement: 'copy-bad', provider: 'Not A Slug' }),
      row({ id: ids[7]!, placement: 'copy-7' }),
    ];
    await store.insert(more);
    expect(counts()).toEqual([3, 1 + more.length]);
    expect(refused).toEqual([more[1]]);
    expect((await stored()).rows.map((r) => r.id)).toEqual([...good, more[0]!, more[2]!].map((r) => r.id));
  });

  it('stores journal text with one COPY, once however often they come, and refuses only a bad one', async () => {
    const { store, refused, counts } = countedStore();
    const ids = await store.allocateIds(6);
    const rows = ids.slice(0, 3).map((id, i) => row({ id, placement: `lines-${i}`, userAgent: `tab\there ${i}` }));
    const stored = async () =>
      (await db.query<{ id: number; ua: string }>("SELECT id, user_agent AS ua FROM clicks WHERE placement LIKE 'lines-%' ORDER BY id"))
        .rows;
    await store.insertCopy(copyText(rows));
    expect(counts()).toEqual([1, 0]);
    expect(await stored()).toEqual(rows.map((r) => ({ id: r.id, ua: r.userAgent })));
    // Again, as after a write whose answer was lost or a journal read back after a crash: one INSERT skips them all.
    await store.insertCopy(copyText(rows));
    expect(counts()).toEqual([2, 1]);
    expect(await stored()).toHaveLength(3);
    // A bad line among good ones: only it is refused.
    const more = [
      row({ id: ids[3]!, placement: 'lines-3' }),
      row({ id: ids[4]!, provider: 'Not A Slug' }),
      row({ id: ids[5]!, placement: 'lines-5' }),
    ];
    await store.insertCopy(copyText(more));
    expect(refused.map((r) => r.id)).toEqual([ids[4]]);
    expect((await stored()).map((r) => r.id)).toEqual([...ids.slice(0, 4), ids[5]]);
  });

  it('stores a batch of a thousand clicks, over 200 KB of COPY text, whole: every row and every character', async () => {
    const { store, counts } = countedStore();
    const ids = await store.allocateIds(1000);
    const rows = ids.map((id, i) => row({ id, placement: 'big-batch', userAgent: `Mozilla/5.0 日本 ${i} ${'x'.repeat(120)}` }));
    const text = copyText(rows);
    expect(text.byteLength).toBeGreaterThan(200 * 1024);
    await store.insertCopy(text);
    expect(counts()).toEqual([1, 0]);
    const { rows: stored } = await db.query<{ id: number; ua: string }>(
      "SELECT id, user_agent AS ua FROM clicks WHERE placement = 'big-batch' ORDER BY id",
    );
    expect(stored).toEqual(rows.map((r) => ({ id: r.id, ua: r.userAgent })));
  });

  it('stores a click without a reserved id once, by its key, however often it is written (a journal replayed after a crash)', async () => {
    const store = clickStore(db, () => {});
    const keyed = [row({ key: randomUUID(), placement: 'keyed' }), row({ key: randomUUID(), placement: 'keyed' })];
    const [id] = await store.allocateIds(1);
    const batch = [row({ id: id!, placement: 'keyed' }), ...keyed];
    await store.insert(batch);
    await store.insert(batch);
    // A batch of reserved ids only goes by COPY, which a second time meets the stored rows and falls back to the INSERT.
    const reserved = (await store.allocateIds(2)).map((i) => row({ id: i, placement: 'keyed' }));
    await store.insert(reserved);
    await store.insert(reserved);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM clicks WHERE placement = 'keyed'");
    expect(rows[0]!.n).toBe(5);
  });

  it('reserves a block of ids with one step of the sequence, apart from the ids of rows stored without one', async () => {
    const store = clickStore(db, () => {});
    const block = await store.allocateIds(2500);
    expect(new Set(block).size).toBe(2500);
    // A row without a reserved id takes the next step between two blocks, and the second block starts after it.
    await store.insert([row({ key: randomUUID(), placement: 'blocks' })]);
    const next = await store.allocateIds(3);
    const { rows } = await db.query<{ id: number }>("SELECT id FROM clicks WHERE placement = 'blocks'");
    const all = [...block, rows[0]!.id, ...next];
    expect(new Set(all).size).toBe(all.length);
    expect(next[0]).toBeGreaterThan(Math.max(...block, rows[0]!.id));
  });

  it("hashes a click queued before its day's salt was read at write time, with that day's salt", async () => {
    const log = { warn: () => {}, error: () => {} };
    const journal = ClickJournal.open({ dir: mkdtempSync(join(tmpdir(), 'vpnsite-journal-')), maxBytes: 1 << 20 });
    const recorder = new ClickRecorder({ store: clickStore(db, () => {}), journal, log });
    await recorder.start();
    // A click just after the next UTC midnight: the recorder only knows today's salt, so it keeps the IP until the write.
    const tomorrow = Math.ceil((Date.now() + 1) / 86_400_000) * 86_400_000 + 5;
    const ua = 'Mozilla/5.0 (rollover)';
    recorder.record(
      {
        id: null,
        provider: 'surfshark',
        destination: 'affiliate',
        variant: null,
        country: null,
        device: 'desktop',
        ip: '198.51.100.7',
        isBot: false,
        fromPath: null,
        placement: 'rollover',
        userAgent: ua,
        referrer: null,
      },
      tomorrow,
    );
    await recorder.close();
    const day = new Date(tomorrow).toISOString().slice(0, 10);
    const salt = (await db.query<{ salt: string }>("SELECT salt FROM visitor_salts WHERE to_char(day, 'YYYY-MM-DD') = $1", [day])).rows[0]!
      .salt;
    const { rows } = await db.query<{ visitor_hash: string; at: string }>(
      "SELECT visitor_hash, to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') AS at FROM clicks WHERE placement = 'rollover'",
    );
    expect(rows).toEqual([
      {
        visitor_hash: createHash('sha256').update(`${salt}\n198.51.100.7\n${ua}`).digest('hex'),
        at: new Date(tomorrow).toISOString().slice(0, 23),
      },
    ]);
  });
});
