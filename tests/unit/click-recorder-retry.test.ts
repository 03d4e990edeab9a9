/**
 * The click recorder's writes when its parts fail between two tries: a batch whose database write failed keeps the
 * shared budget's verdicts for its retry, and clicks answered in one turn reach the database as their journal lines,
 * every character as typed. The database and Redis are stood in for here, through the recorder's own interfaces,
 * because the test needs each to fail at one exact call; their real behaviour is tested in tests/integration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClickJournal } from '../../services/clicks/journal.ts';
import { ClickRecorder, type ClickInput } from '../../services/clicks/recorder.ts';
import type { SharedBudget } from '../../services/clicks/shared-budget.ts';
import { linesOf, parseClickLine } from '../../services/shared/click-line.ts';
import type { ClickRow, ClickStore } from '../../services/shared/click-row.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A store that fails its first `failures` writes, and what it stored, by the path it came through. */
function store(failures = 0) {
  let next = 1;
  const stored: { via: 'rows' | 'lines'; row: ClickRow }[] = [];
  const write = () => {
    if (failures-- > 0) throw new Error('connection lost');
  };
  const s: ClickStore = {
    allocateIds: async (n) => Array.from({ length: n }, () => next++),
    saltFor: async () => 'salt',
    insert: async (rows) => {
      write();
      for (const row of rows) stored.push({ via: 'rows', row });
    },
    insertCopy: async (text) => {
      write();
      for (const line of linesOf(text)) stored.push({ via: 'lines', row: parseClickLine(line)! });
    },
  };
  return { s, stored };
}

function recorder(s: ClickStore, shared?: SharedBudget) {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-recorder-'));
  dirs.push(dir);
  const log = { warn: () => {}, error: () => {} };
  return new ClickRecorder({
    store: s,
    journal: ClickJournal.open({ dir, maxBytes: 1 << 20 }),
    shared,
    log,
  });
}

const click = (id: number | null, i: number): ClickInput => ({
  id,
  ip: `192.0.2.${i}`,
  provider: 'nordvpn',
  destination: 'affiliate',
  variant: null,
  country: null,
  device: 'desktop',
  fromPath: `/vpn-reviews/é-${i}`,
  placement: 'hero-cta',
  isBot: false,
  userAgent: `Mozilla/5.0 日本 ß\t🙂 ${i}`,
  referrer: null,
});

describe('ClickRecorder', () => {
  it('keeps the shared verdict of a batch whose write failed, when the retry cannot ask again', async () => {
    const { s, stored } = store(1);
    let asked = 0;
    const shared: SharedBudget = {
      over: async (_scope, _perMinute, visits) => {
        if (asked++ > 0) throw new Error('Redis is away');
        return visits.map(() => true);
      },
    };
    const r = recorder(s, shared);
    await r.start();
    r.record(click(r.takeId(), 1));
    await vi.waitFor(() => expect(stored).toHaveLength(1));
    expect(asked).toBe(2);
    expect(stored[0]!.row.overBudget).toBe(true);
    await r.close();
  });

  it('stores the clicks of one turn as their journal lines, every character as it came', async () => {
    const { s, stored } = store();
    const r = recorder(s);
    await r.start();
    await new Promise<void>((resolve) => {
      let answered = 0;
      for (let i = 0; i < 5; i++) r.recordThen(click(r.takeId(), i), () => ++answered === 5 && resolve());
    });
    await vi.waitFor(() => expect(stored).toHaveLength(5));
    expect(stored.map((x) => [x.via, x.row.userAgent, x.row.fromPath])).toEqual(
      [0, 1, 2, 3, 4].map((i) => ['lines', `Mozilla/5.0 日本 ß\t🙂 ${i}`, `/vpn-reviews/é-${i}`]),
    );
    await r.close();
  });
});
