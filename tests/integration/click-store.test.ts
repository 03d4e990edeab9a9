/** The clicks table's rules and the batch writer's handling of a row the database refuses, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickRow } from '../../services/clicks/index.ts';
import { clickStore, migrate, openDb, type Db } from '../../services/db/index.ts';
import { DB_KINDS, freshDbConfig } from '../helpers/service.ts';

const HASH = 'ab'.repeat(32);
const row = (over: Partial<ClickRow> = {}): ClickRow => ({
  id: null,
  clickedAt: new Date(),
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
});
