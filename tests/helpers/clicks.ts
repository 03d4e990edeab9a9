/** Known clicks for the report tests, and a database of either kind the CLI can open from another process. */
import { inject } from 'vitest';
import { migrate, openDb, type Db, type DbConfig } from '../../services/db/index.ts';
import { freshPgliteDir } from './pglite-template.ts';
import { createPgDatabase, type DbKind } from './service.ts';

export interface SeedClick {
  at: string;
  provider: string;
  from: string | null;
  placement: string | null;
  bot?: boolean;
  /** One letter, repeated into a 64-character hash. */
  visitor: string;
}

/** Inserts clicks in one statement (the trigger marks their days stale, as the click writer's batches do). */
export async function insertClicks(db: Db, clicks: SeedClick[]): Promise<void> {
  await db.query(
    `INSERT INTO clicks (clicked_at, provider, from_path, placement, is_bot, visitor_hash)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[])`,
    [
      clicks.map((c) => c.at),
      clicks.map((c) => c.provider),
      clicks.map((c) => c.from),
      clicks.map((c) => c.placement),
      clicks.map((c) => c.bot ?? false),
      clicks.map((c) => c.visitor.repeat(64)),
    ],
  );
}

/**
 * Visitor a clicks at the edges of UTC midnight and two providers on one day; b once; bot c twice; d on two days.
 * 19–21 Nov: 6 human clicks; uniques per day 1 (19th: a), 2 (20th: a, b), 1 (21st: d), so 4 in total.
 */
export const KNOWN_CLICKS: SeedClick[] = [
  { at: '2026-11-19T23:59:59.999Z', provider: 'nordvpn', from: '/', placement: 'hero', visitor: 'a' },
  { at: '2026-11-20T00:00:00.000Z', provider: 'nordvpn', from: '/', placement: 'hero', visitor: 'a' },
  { at: '2026-11-20T08:00:00Z', provider: 'nordvpn', from: '/reviews/nordvpn', placement: 'card', visitor: 'a' },
  { at: '2026-11-20T09:00:00Z', provider: 'nordvpn', from: '/reviews/nordvpn', placement: 'card', visitor: 'b' },
  { at: '2026-11-20T10:00:00Z', provider: 'surfshark', from: '/deals', placement: 'card', visitor: 'a' },
  { at: '2026-11-20T11:00:00Z', provider: 'surfshark', from: '/deals', placement: 'card', bot: true, visitor: 'c' },
  { at: '2026-11-20T11:30:00Z', provider: 'surfshark', from: '/deals', placement: 'card', bot: true, visitor: 'c' },
  { at: '2026-11-21T23:59:59Z', provider: 'protonvpn', from: null, placement: null, visitor: 'd' },
  { at: '2026-11-22T00:00:00Z', provider: 'protonvpn', from: '/', placement: 'hero', visitor: 'd' },
];

/** A migrated, empty database of the given kind that a child process can open too (PGlite in a directory). */
export async function sharedDb(kind: DbKind): Promise<{ config: DbConfig; env: Record<string, string>; db: Db }> {
  const config: DbConfig =
    kind === 'pg' ? { databaseUrl: await createPgDatabase(inject('databaseUrl')), pgliteDir: '' } : { pgliteDir: freshPgliteDir() };
  const db = await openDb(config);
  await migrate(db);
  const env = kind === 'pg' ? { DATABASE_URL: config.databaseUrl!, PGLITE_DIR: '' } : { DATABASE_URL: '', PGLITE_DIR: config.pgliteDir };
  return { config, env, db };
}
