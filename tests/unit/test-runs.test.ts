/**
 * Test runs are the evidence every speed figure comes from: the speed table is each location's median, the provider's
 * figures follow the latest run, the change log is made from the runs, corrections and notes, and a published run
 * changed without a correction is one error at its checksum.
 */
import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem, type ContentFile } from '../../services/content/index.ts';
import { changeLog, SOURCES, type ChangeSource } from '../../services/content/changelog.ts';
import { runFileText, sealed } from '../../services/content/run-file.ts';
import { files, runOf, site, surfshark } from '../fixtures/minimal-content.ts';

const METHOD_LINE = { mbps: 100, city: 'London', runs: 5, days: 7 };

/** A methodology.yaml at version 1.1, with `over` on top. */
const method = (over: Record<string, unknown> = {}) => ({
  meta: { title: 'M', description: 'M d', keywords: ['m'] },
  updated: '2025-01-15',
  updatedLabel: 'Updated January 2025',
  title: 'How we test',
  version: '1.1',
  changes: [
    { version: '1.1', date: '2025-05-01', text: 'More runs.' },
    { version: '1.0', date: '2025-01-15', text: 'First.' },
  ],
  intro: ['I.'],
  criteria: [{ id: 'speed', name: 'Speed', weight: 100, description: 'S.' }],
  testLine: METHOD_LINE,
  scoring: { title: 'S', text: ['T.'] },
  conditions: { title: 'C', items: [{ value: '1', label: 'L' }], note: ['N.'] },
  commissions: { title: 'C', text: ['T.'] },
  providers: { title: 'P', name: 'N', owner: 'O', rating: 'R', commission: 'C', yes: 'Y', no: 'N' },
  labels: { criteria: 'C', criterion: 'C', weight: 'W', tested: 'T', scorecard: 'S', untested: 'U', overall: '{rating}', method: 'M' },
  ...over,
});

/** A run of two locations, three tests in London and one in New York. */
const twoPlaces = (date: string, london: number[], ny = 80) =>
  sealed({
    date,
    methodology: '1.0',
    line: { mbps: 100 },
    locations: [
      { location: 'London', runs: london.map((download) => ({ download, upload: 70, ping: 9 })) },
      { location: 'New York', runs: [{ download: ny, upload: 60, ping: 75 }] },
    ],
  });

const load = (extra: Record<string, unknown>, today = '2025-02-01', raw: ContentFile[] = []) =>
  checkFiles('data', [...files({ 'site.yaml': site, 'providers/surfshark.yaml': surfshark, ...extra }), ...raw], { today });
const lines = (r: ReturnType<typeof load>) => r.problems.map(formatProblem);

describe('test runs', () => {
  it('makes the speed table from each location’s median, and the figures from the latest run', () => {
    const r = load({
      'tests/surfshark/2025-01-15.yaml': twoPlaces('2025-01-15', [90, 94, 91]),
      'tests/surfshark/2025-06-01.yaml': twoPlaces('2025-06-01', [95, 97], 85),
    });
    expect(lines(r)).toEqual([]);
    const p = r.content!.providers[0]!;
    expect(p.review!.speed.tests).toEqual([
      { location: 'London', download: 96, upload: 70, ping: 9 },
      { location: 'New York', download: 85, upload: 60, ping: 75 },
    ]);
    expect(p.review!.speed.baseline).toBe(100);
    expect(p.evidence!.latest.date).toBe('2025-06-01');
    // The first run's median download was the middle of 91 and 80: 85.5; the second's is 90.5.
    expect(p.evidence!.changes).toEqual([
      { date: '2025-06-01', kind: 'run', text: 'Retested. Median download 85.5 → 90.5 Mbps; speed loss 14.5% → 9.5%' },
      {
        date: '2025-01-15',
        kind: 'run',
        text: 'First tested, under method 1.0: 2 server locations, median download 85.5 Mbps, 14.5% of the line lost',
      },
    ]);
    expect(p.review!.updated).toBe('2025-06-01');
  });

  it('lists corrections and editors’ notes with the runs, newest first, and dates the review by the newest', () => {
    const corrected = { ...twoPlaces('2025-01-15', [90]), correction: { date: '2025-03-02', reason: 'New York was typed as 8.' } };
    const r = load({
      'providers/surfshark.yaml': { ...surfshark, changelog: [{ date: '2025-04-10', text: 'Added a Linux app.' }] },
      'tests/surfshark/2025-01-15.yaml': corrected,
    });
    expect(lines(r)).toEqual([]);
    const p = r.content!.providers[0]!;
    expect(p.evidence!.changes.map((c) => [c.date, c.kind])).toEqual([
      ['2025-04-10', 'note'],
      ['2025-03-02', 'correction'],
      ['2025-01-15', 'run'],
    ]);
    expect(p.evidence!.changes[1]!.text).toBe('Correction to the results of 15 Jan 2025: New York was typed as 8.');
    expect(p.review!.updated).toBe('2025-04-10');
  });

  it('takes another source of entries as one more function', () => {
    const prices: ChangeSource = () => [{ date: '2025-05-01', kind: 'price', text: 'Price $2.49 → $2.19' }];
    const runs = [{ ...runOf(), rel: 'tests/x/2025-01-15.yaml', rows: [{ location: 'London', download: 90, upload: 80, ping: 9 }] }];
    const entries = changeLog({ provider: {}, runs: runs as never }, [...SOURCES, prices]);
    expect(entries.map((e) => e.kind)).toEqual(['price', 'run']);
  });

  it('refuses a published run whose results were changed without a correction, once, at its checksum', () => {
    const text = runFileText(twoPlaces('2025-01-15', [90, 94, 91])).replace('download: 94,', 'download: 99,');
    const r = load({}, '2025-02-01', [{ rel: 'tests/surfshark/2025-01-15.yaml', text }]);
    const line = text.split('\n').findIndex((l) => l.startsWith('checksum:')) + 1;
    expect(lines(r)).toEqual([
      `data/tests/surfshark/2025-01-15.yaml:${line}:11 error /checksum the results no longer match the checksum they were published with: a published run is evidence; put the results back, or add \`correction: { date, reason }\` saying what was wrong, which the review shows`,
    ]);
    // Said why, the change is a correction the review shows.
    const fixed = `${text}correction:\n  date: 2025-01-20\n  reason: London's second test was 99 Mbps.\n`;
    expect(lines(load({}, '2025-02-01', [{ rel: 'tests/surfshark/2025-01-15.yaml', text: fixed }]))).toEqual([]);
  });

  it('refuses a run for no provider, a run whose date is not its file name, and a line that is not the method’s', () => {
    const r = load({
      'methodology.yaml': method(),
      'providers/surfshark.yaml': { ...surfshark, scores: { speed: 9 }, rating: 4.5 },
      'tests/surfshark/2025-01-15.yaml': runOf(),
      'tests/surfshark/2025-06-02.yaml': { ...runOf(90, 80, 9, '2025-06-01'), methodology: '1.1', line: { mbps: 200 } },
      'tests/surfshak/2025-01-15.yaml': runOf(),
      'tests/surfshark/2025-07-01.yaml': { ...runOf(90, 80, 9, '2025-07-01'), methodology: '2.0' },
    });
    expect(lines(r).filter((l) => l.includes(' error '))).toEqual([
      "data/tests/surfshak/2025-01-15.yaml:1:1 error no provider 'surfshak' for this run (did you mean 'surfshark'?): runs live in data/tests/<provider>/, named after the provider's file in data/providers/",
      'data/tests/surfshark/2025-06-02.yaml:1:7 error /date date 2025-06-01 must be the day in the file name (2025-06-02): a run file is named by its day, YYYY-MM-DD.yaml',
      'data/tests/surfshark/2025-06-02.yaml:4:9 error /line/mbps line 200 Mbps is not the test line: under method 1.1 every speed test runs on methodology.yaml testLine (100 Mbps); measure on it, or correct the figure',
      'data/tests/surfshark/2025-07-01.yaml:2:14 error /methodology methodology 2.0 is no version of data/methodology.yaml (1.1, 1.0): name the version the tests followed',
    ]);
  });

  it('warns, as due for retest, of a recommended provider whose latest run is older than the policy', () => {
    const scored = { ...surfshark, scores: { speed: 9 }, rating: 4.5 };
    const retest = (today: string, extra: Record<string, unknown> = {}) =>
      lines(
        load(
          {
            'methodology.yaml': method({ version: '1.0', changes: undefined, retestEveryDays: 365 }),
            'tests/surfshark/2025-01-15.yaml': runOf(),
            'providers/surfshark.yaml': scored,
            ...extra,
          },
          today,
        ),
      ).filter((l) => !l.includes('price checked'));
    expect(retest('2026-01-15')).toEqual([]);
    expect(retest('2026-01-16')).toEqual([
      'data/tests/surfshark/2025-01-15.yaml:1:7 warning /date due for retest: surfshark was last tested on 2025-01-15, 366 days ago (more than 365, methodology.yaml retestEveryDays): run the tests again and import them',
    ]);
    // A provider that has shut down is retested no more; its review is an archive, with no badge.
    const { badge: _badge, ...archive } = scored.review;
    const title = 'Surfshark Review (Discontinued)';
    const review = { ...archive, meta: { ...archive.meta, title }, title };
    const gone = { ...scored, review, status: 'discontinued', discontinued: { on: '2025-06-01', reason: 'It closed.' } };
    expect(retest('2026-06-01', { 'providers/surfshark.yaml': gone })).toEqual([]);
  });
});
