/**
 * Ookla Speedtest CLI output as `speedtest --format=json` prints it: results among progress and log lines, or an
 * array; bandwidth in bytes per second becomes Mbps; a line that is not JSON, or a result without its figures, is
 * reported by its number.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOokla, toMbps } from '../../services/content/ookla.ts';
import { locationLabel, mergeResults } from '../../services/content/run-import.ts';

const fixture = (name: string) => readFileSync(`tests/fixtures/ookla/${name}`, 'utf8');
const HEADER = { date: '2026-11-20', methodology: '1.0', line: { mbps: 100, city: 'London' } };

describe('Ookla results', () => {
  it('reads the results among progress and log lines, in Mbps and ms, with their ids and days', () => {
    const { results, problems, skipped } = readOokla(fixture('session.jsonl'));
    expect(problems).toEqual([]);
    // testStart, ping and download progress, and a log line; the blank line is not counted.
    expect(skipped).toBe(4);
    expect(results).toEqual([
      {
        location: 'London',
        country: 'United Kingdom',
        download: 94.5,
        upload: 89,
        ping: 8.21,
        id: '0f1e2d3c-0001-4a5b-8c9d-000000000001',
        day: '2026-11-20',
      },
      {
        location: 'London',
        country: 'United Kingdom',
        download: 92,
        upload: 88,
        ping: 9.02,
        id: '0f1e2d3c-0002-4a5b-8c9d-000000000002',
        day: '2026-11-20',
      },
      {
        location: 'New York',
        country: 'United States',
        download: 88.5,
        upload: 82,
        ping: 75.5,
        id: '0f1e2d3c-0003-4a5b-8c9d-000000000003',
        day: '2026-11-20',
      },
    ]);
  });

  it('reads an array of results', () => {
    const { results, problems } = readOokla(fixture('array.json'));
    expect(problems).toEqual([]);
    expect(results.map((r) => [r.location, r.download, r.upload, r.ping])).toEqual([
      ['Frankfurt', 91.5, 86.5, 19.35],
      ['Frankfurt', 91, 86, 18.9],
    ]);
  });

  it('reports each line that is not JSON or a result without its figures, by its number', () => {
    const { problems } = readOokla(fixture('malformed.jsonl'));
    expect(problems.map((p) => [p.at, p.where, p.message.split(':')[0]])).toEqual([
      [3, 'line', 'not valid JSON'],
      [4, 'line', 'a result without download.bandwidth'],
    ]);
    expect(problems[1]!.message).toBe('a result without download.bandwidth');
    expect(readOokla('[{"type":"result"}]').problems).toEqual([
      {
        at: 1,
        where: 'item',
        message: 'a result without download.bandwidth, upload.bandwidth, ping.latency, server.location, server.country',
      },
    ]);
  });

  it('converts bytes per second to megabits per second', () => {
    expect(toMbps(12_500_000)).toBe(100);
    expect(toMbps(11_812_500)).toBe(94.5);
    expect(toMbps(1)).toBe(0);
  });

  it('keeps the names earlier runs gave a city, and adds a result it already holds only once', () => {
    expect(locationLabel({ location: 'London', country: 'United Kingdom' }, ['London, UK'])).toBe('London, UK');
    expect(locationLabel({ location: 'Oslo', country: 'Norway' }, ['London, UK'])).toBe('Oslo, Norway');
    const { results } = readOokla(fixture('session.jsonl'));
    const first = mergeResults(undefined, results, HEADER, ['London, UK']);
    expect(first.added).toBe(3);
    expect(first.run.locations.map((l) => [l.location, l.runs.length])).toEqual([
      ['London, UK', 2],
      ['New York, United States', 1],
    ]);
    const again = mergeResults({ ...first.run, checksum: 'x' }, results, HEADER, []);
    expect(again.added).toBe(0);
    expect(again.run.locations).toEqual(first.run.locations);
  });
});
