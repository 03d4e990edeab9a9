/** vpnsite clicks, run in-process (tests/e2e/click-chart.test.ts runs it as a real process), against PostgreSQL: exact figures in every format, UTC-midnight edges, usage errors, the chart files. */
import '../helpers/compiled-schemas.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, refreshClickRollup, type Db } from '../../services/db/index.ts';
import { vpnsiteInProcess } from '../helpers/cli.ts';
import { insertClicks, KNOWN_CLICKS, sharedDb } from '../helpers/clicks.ts';
import { DB_KINDS } from '../helpers/service.ts';

const RANGE = ['--since', '2026-11-19', '--until', '2026-11-21'];

const BY_PROVIDER_TABLE = `provider   clicks  uniques
---------  ------  -------
nordvpn         4        3
protonvpn       1        1
surfshark       1        1
---------  ------  -------
total           6        4

2026-11-19 to 2026-11-21 (UTC days, inclusive). Clicks and uniques count people; bots are left out (--include-bots adds a bot column).
A unique is a distinct visitor on one UTC day, so uniques over a range are the sum of the daily uniques;
the total row counts a visitor who clicked several rows on the same day once.
`;

describe.each(DB_KINDS)('vpnsite clicks on %s', (kind) => {
  let db: Db;
  let env: Record<string, string>;
  // PGlite allows one process at a time: the test's handle is closed while the CLI runs.
  const cli = async (args: string[], extraEnv: Record<string, string> = {}) => {
    if (kind === 'pglite') await db.close();
    const r = await vpnsiteInProcess(['clicks', ...args], { ...env, ...extraEnv });
    if (kind === 'pglite') db = await reopen();
    return r;
  };
  let reopen: () => Promise<Db>;

  beforeAll(async () => {
    const shared = await sharedDb(kind);
    db = shared.db;
    env = shared.env;
    reopen = () => openDb(shared.config);
    await insertClicks(db, KNOWN_CLICKS);
  });
  afterAll(() => db.close());

  // The same figures whether the days are read raw (stale) or from the refreshed rollup.
  describe.each(['stale days, read raw', 'refreshed rollup'])('%s', (phase) => {
    beforeAll(async () => {
      if (phase === 'refreshed rollup')
        expect(await refreshClickRollup(db)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    });

    it('prints an aligned table with a total row and the uniques footer', async () => {
      const r = await cli(['--by', 'provider', ...RANGE]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(BY_PROVIDER_TABLE);
    });

    it('adds bot clicks with --include-bots, by day', async () => {
      const r = await cli(['--by', 'day', '--include-bots', ...RANGE]);
      expect(r.status).toBe(0);
      expect(r.stdout.split('\n').slice(0, 7)).toEqual([
        'day         clicks  uniques  bot_clicks',
        '----------  ------  -------  ----------',
        '2026-11-19       1        1           0',
        '2026-11-20       4        2           2',
        '2026-11-21       1        1           0',
        '----------  ------  -------  ----------',
        'total            6        4           2',
      ]);
      expect(r.stdout).toContain('bot_clicks counts known bots and crawlers');
    });

    it('writes RFC 4180 CSV for --by provider --by day', async () => {
      const r = await cli(['--by', 'provider', '--by', 'day', '--format', 'csv', ...RANGE]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(
        'provider,day,clicks,uniques\r\n"nordvpn","2026-11-19",1,1\r\n"nordvpn","2026-11-20",3,2\r\n"protonvpn","2026-11-21",1,1\r\n"surfshark","2026-11-20",1,1\r\n',
      );
    });

    it('writes a JSON array by page, with null for a click that had no page', async () => {
      const r = await cli(['--by', 'page', '--format', 'json', ...RANGE]);
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([
        { page: '/', clicks: 2, uniques: 2 },
        { page: '/deals', clicks: 1, uniques: 1 },
        { page: '/reviews/nordvpn', clicks: 2, uniques: 2 },
        { page: null, clicks: 1, uniques: 1 },
      ]);
    });

    it('cuts days at UTC midnight: 23:59:59.999 is the day before, 00:00:00 the day itself', async () => {
      const day20 = await cli([
        '--by',
        'placement',
        '--include-bots',
        '--format',
        'json',
        '--since',
        '2026-11-20',
        '--until',
        '2026-11-20',
      ]);
      expect(JSON.parse(day20.stdout)).toEqual([
        { placement: 'card', clicks: 3, uniques: 2, bot_clicks: 2 },
        { placement: 'hero', clicks: 1, uniques: 1, bot_clicks: 0 },
      ]);
      const day22 = await cli(['--format', 'json', '--since', '2026-11-22', '--until', '2026-11-22']);
      expect(JSON.parse(day22.stdout)).toEqual([{ clicks: 1, uniques: 1 }]);
    });

    it('defaults to the last 30 days up to today (UTC)', async () => {
      // The CLI helper sets today to 2026-11-21: 23 Oct to 21 Nov.
      const r = await cli(['--format', 'json']);
      expect(JSON.parse(r.stdout)).toEqual([{ clicks: 6, uniques: 4 }]);
      // 21 Nov to 20 Dec: visitor d once on each of two days.
      const later = await cli(['--format', 'json'], { VPNSITE_TODAY: '2026-12-20' });
      expect(JSON.parse(later.stdout)).toEqual([{ clicks: 2, uniques: 2 }]);
    });
  });

  it('writes a self-contained HTML chart with the table under it, and an SVG variant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vpnsite-chart-'));
    const html = await cli(['--by', 'provider', ...RANGE, '--chart', join(dir, 'clicks.html')]);
    expect(html.status).toBe(0);
    const page = readFileSync(join(dir, 'clicks.html'), 'utf8');
    expect(page.match(/<path class="series"/g)).toHaveLength(3);
    expect(page).toContain('<td class="n">4</td><td class="n">3</td>');
    expect(page).not.toMatch(/(src|href)="https?:/);
    await cli([...RANGE, '--chart', join(dir, 'clicks.svg')]);
    const svg = readFileSync(join(dir, 'clicks.svg'), 'utf8');
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/data-provider="(\w+)"/g)).toEqual([
      'data-provider="nordvpn"',
      'data-provider="protonvpn"',
      'data-provider="surfshark"',
    ]);
    // Grouped by something else, the chart draws a line per value of it.
    await cli(['--by', 'placement', ...RANGE, '--chart', join(dir, 'placements.svg')]);
    const byPlacement = readFileSync(join(dir, 'placements.svg'), 'utf8');
    expect(byPlacement).toContain('Clicks per day per placement');
    expect(byPlacement.match(/<path class="series"/g)!.length).toBeGreaterThan(1);
  });
});

describe('vpnsite clicks usage', () => {
  it('exits 2 with a clear message for an unknown --by value, a bad date or a reversed range', async () => {
    const cases: [string[], string][] = [
      [['--by', 'continent'], 'unknown --by value "continent": use provider, day, page, placement, destination, variant, country, device'],
      [['--since', '2026-02-30'], '--since must be a date written YYYY-MM-DD (UTC), such as 2026-03-01 (found "2026-02-30")'],
      [['--until', '21/11/2026'], '--until must be a date written YYYY-MM-DD (UTC)'],
      [['--since', '2026-11-21', '--until', '2026-11-20'], '--since (2026-11-21) is after --until (2026-11-20)'],
      [['--format', 'xml'], "argument 'xml' is invalid"],
      [['--chart', 'out.png'], '--chart must name a .html or .svg file'],
    ];
    for (const [args, message] of cases) {
      const r = await vpnsiteInProcess(['clicks', ...args], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
  });
});
