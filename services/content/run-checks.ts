/**
 * A test run file's own rules: its date is its file name's, its results match the checksum written when it was
 * published (or a `correction:` says why they changed), and a correction comes after the run.
 */
import type { Severity } from './problem.ts';
import { resultsChecksum } from './run-checksum.ts';
import type { SourceFile } from './source.ts';

type At = (s: SourceFile, pointer: string, severity: Severity, message: string, where?: 'value' | 'key') => void;

/** Checks one schema-valid run file (`usable` says which values a schema error left readable). */
export function runRules(s: SourceFile, data: Record<string, unknown>, at: At, usable: (pointer: string) => boolean): void {
  const day = s.rel
    .split('/')
    .pop()!
    .replace(/\.ya?ml$/, '');
  if (typeof data.date === 'string' && usable('/date') && data.date !== day)
    at(s, '/date', 'error', `date ${data.date} must be the day in the file name (${day}): a run file is named by its day, YYYY-MM-DD.yaml`);
  const correction = data.correction as { date?: unknown } | undefined;
  if (
    correction &&
    typeof correction.date === 'string' &&
    typeof data.date === 'string' &&
    usable('/correction') &&
    correction.date < data.date
  )
    at(s, '/correction/date', 'error', `a correction on ${correction.date} comes before the run it corrects (${data.date})`);
  // Only a whole, readable run is compared: a schema error in its results is that one mistake.
  if (!usable('') || !usable('/locations') || typeof data.checksum !== 'string' || !usable('/checksum')) return;
  if (correction || resultsChecksum(data) === data.checksum) return;
  at(
    s,
    '/checksum',
    'error',
    'the results no longer match the checksum they were published with: a published run is evidence; put the results back, or add `correction: { date, reason }` saying what was wrong, which the review shows',
  );
}
