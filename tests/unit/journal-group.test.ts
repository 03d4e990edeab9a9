/** Redirects answered in one turn of the event loop share one journal write, and each waits for it. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClickJournal } from '../../services/clicks/journal.ts';
import { JournaledBatch } from '../../services/clicks/journaled-batch.ts';
import { linesOf } from '../../services/shared/click-line.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function batch(maxBytes = 1 << 20) {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-journal-group-'));
  dirs.push(dir);
  const journal = ClickJournal.open({ dir, maxBytes });
  const written: string[] = [];
  const b = new JournaledBatch({
    journal,
    write: async (texts) => void written.push(...texts.flatMap(linesOf)),
    readable: () => true,
  });
  /** Every line in the journal's files now. */
  const lines = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson'))
      .sort()
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean));
  return { b, journal, written, lines };
}

describe('JournaledBatch.addThen', () => {
  it('answers each item only once it is in the journal, one line each, in order', async () => {
    const { b, written, lines } = batch();
    const seen: string[][] = [];
    const answered = new Promise<void>((resolve) => {
      for (const click of ['a', 'b', 'c'])
        b.addThen(click, () => {
          seen.push(lines());
          if (seen.length === 3) resolve();
        });
      // Nothing is answered within the turn the clicks arrived in: their line is not written yet.
      expect(seen).toEqual([]);
    });
    await answered;
    // Each answer found its own click, and the others of its turn, already in the journal.
    expect(seen).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    expect(await b.close()).toBe(0);
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('still answers when the journal is full, and counts the clicks it could not keep', async () => {
    const { b, lines } = batch(10);
    let answers = 0;
    await new Promise<void>((resolve) => {
      b.addThen('a much longer line than ten bytes', () => ++answers === 2 && resolve());
      b.addThen('another', () => ++answers === 2 && resolve());
    });
    expect(b.dropped).toBe(2);
    expect(lines()).toEqual([]);
    await b.close();
  });

  it('journals what is waiting for its turn when the writer closes', async () => {
    const { b, written, lines } = batch();
    let answered = false;
    b.addThen('late', () => (answered = true));
    await b.close();
    expect(answered).toBe(true);
    expect(written).toEqual(['late']);
    // Stored, so a clean stop leaves nothing in the journal.
    expect(lines()).toEqual([]);
  });
});
