/** The clicks table's rules and the batch writer's handling of a row the database refuses, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ClickRecorder, type ClickRow } from '../../services/clicks/index.ts';
import { clickStore, migrate, openDb, type Db } from '../../services/db/index.ts';
import { DB_KINDS, freshDbConfig } from '../helpers/service.ts';

const HASH = 'ab'.repeat(32);
const row = (over: Partial<ClickRow> = {}): ClickRow => ({
  id: null,
  clickedAt: new Date().toISOString(),
  provider: 'nordvpn',
  fromPath: '/',
  placement: 'hero-cta',
  isBot: false,
  visitorHash: HASH,
  userAgent: 'Mozilla/5.0',
  referrer: null,
  ...over,
});

describe.each(DB_KINDS)('clicks on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb(await freshDbConfig(kind));
    await migrate(db);
  });
  afterAll(() => db.close());

  it('keeps a batch whose rows are valid, and refuses only the rows that break a rule', async () => {
    const refused: ClickRow[] = [];
    const store = clickStore(db, (r) => refused.push(r));
    const bad = [
      row({ placement: 'bad-hash-63', visitorHash: HASH.slice(1) }),
      row({ placement: 'bad-hash-65', visitorHash: `${HASH}a` }),
      row({ placement: 'bad-hash-upper', visitorHash: HASH.toUpperCase() }),
      row({ placement: 'bad-hash-not-hex', visitorHash: `${HASH.slice(2)}zz` }),
      row({ provider: 'Not A Slug' }),
    ];
    await store.insert([row({ placement: 'good-1' }), ...bad, row({ placement: 'good-2', visitorHash: '0123456789abcdef'.repeat(4) })]);
    const { rows } = await db.query<{ placement: string }>('SELECT placement FROM clicks ORDER BY id');
    expect(rows.map((r) => r.placement)).toEqual(['good-1', 'good-2']);
    expect(refused).toEqual(bad);
  });

  it("hashes a click queued before its day's salt was read at write time, with that day's salt", async () => {
    const log = { warn: () => {}, error: () => {} };
    const recorder = new ClickRecorder({ store: clickStore(db, () => {}), log });
    await recorder.start();
    // A click just after the next UTC midnight: the recorder only knows today's salt, so it keeps the IP until the write.
    const tomorrow = Math.ceil((Date.now() + 1) / 86_400_000) * 86_400_000 + 5;
    const ua = 'Mozilla/5.0 (rollover)';
    recorder.record({ id: null, provider: 'surfshark', ip: '198.51.100.7', isBot: false, fromPath: null, placement: 'rollover', userAgent: ua, referrer: null }, tomorrow);
    await recorder.close();
    const day = new Date(tomorrow).toISOString().slice(0, 10);
    const salt = (await db.query<{ salt: string }>("SELECT salt FROM visitor_salts WHERE to_char(day, 'YYYY-MM-DD') = $1", [day])).rows[0]!.salt;
    const { rows } = await db.query<{ visitor_hash: string; at: string }>(
      "SELECT visitor_hash, to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') AS at FROM clicks WHERE placement = 'rollover'",
    );
    expect(rows).toEqual([{ visitor_hash: createHash('sha256').update(`${salt}\n198.51.100.7\n${ua}`).digest('hex'), at: new Date(tomorrow).toISOString().slice(0, 23) }]);
  });
});
