/**
 * The line over a review's results: "Tested on <date>", a plain notice once that is older than the retest policy
 * (never for a provider that has shut down), and a note when the run followed an older method than the current one.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import type { Methodology, Provider, Reviews } from '../../services/content/index.ts';
import { resultsOf } from '../../site/lib/evidence.server.ts';

const labels = (parse(readFileSync('data/reviews.yaml', 'utf8')) as Reviews).reviewPage.evidence;
const latest = { rel: 'tests/x/2025-01-15.yaml', date: '2025-01-15', methodology: '1.0', line: { mbps: 100 }, locations: [], rows: [] };
const provider = (over: Partial<Provider> = {}) => ({ evidence: { runs: [latest], latest, changes: [] }, ...over }) as unknown as Provider;
const method = (version: string) => ({ version, retestEveryDays: 365 }) as Methodology;

describe('Tested on', () => {
  it('says when the results were measured, and nothing more while they are fresh', () => {
    const r = resultsOf(provider(), method('1.0'), labels, '2026-01-15')!;
    expect([r.testedOn, r.stale, r.olderMethod]).toEqual(['Tested on 15 Jan 2025 under method 1.0', undefined, undefined]);
  });

  it('says plainly when they are older than the policy, unless the provider has shut down', () => {
    expect(resultsOf(provider(), method('1.0'), labels, '2026-01-16')!.stale).toBe(
      'These results are 366 days old. We retest every service we recommend once a year, so this review is due for a new test.',
    );
    expect(resultsOf(provider({ status: 'discontinued' }), method('1.0'), labels, '2026-06-01')!.stale).toBeUndefined();
  });

  it('names the older method a run followed', () => {
    expect(resultsOf(provider(), method('1.1'), labels, '2025-02-01')!.olderMethod).toBe(
      'These tests followed method 1.0; the current method is 1.1.',
    );
  });
});
