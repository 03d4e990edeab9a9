/**
 * Reading what Ookla's Speedtest CLI prints with `speedtest --format=json` (or `--format=jsonl`, with `--progress`):
 * one JSON object per line, of which only `"type": "result"` lines are results, or a JSON array of results. Pure: the
 * import command reads the file and writes the run.
 * Format: https://www.speedtest.net/apps/cli (a result's `download.bandwidth` is in bytes per second).
 */
import type { RunResult } from './evidence-types.ts';

/** One result, reduced to what a run keeps, with the server it ran against. */
export interface OoklaResult extends RunResult {
  location: string;
  country: string;
  /** The day it ran (UTC), from its `timestamp`, when it has one. */
  day?: string;
}

/** A line (or array item) that is not a usable result, with why. */
export interface OoklaProblem {
  /** 1-based: the line in JSON-lines input, the item in an array. */
  at: number;
  where: 'line' | 'item';
  message: string;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Bytes per second to megabits per second, to two decimals as Ookla shows them. */
export const toMbps = (bytesPerSecond: number) => round((bytesPerSecond * 8) / 1_000_000, 2);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A result object as a run's test, or why it is not one; null for an object that is not a result (progress, logs). */
function readResult(o: unknown): OoklaResult | string | null {
  if (!isObject(o)) return 'not a JSON object';
  if (o.type !== undefined && o.type !== 'result') return null;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  const download = num(isObject(o.download) ? o.download.bandwidth : undefined);
  const upload = num(isObject(o.upload) ? o.upload.bandwidth : undefined);
  const ping = num(isObject(o.ping) ? o.ping.latency : undefined);
  const server = isObject(o.server) ? o.server : {};
  const missing = [
    ...(download === undefined ? ['download.bandwidth'] : []),
    ...(upload === undefined ? ['upload.bandwidth'] : []),
    ...(ping === undefined ? ['ping.latency'] : []),
    ...(typeof server.location !== 'string' || !server.location ? ['server.location'] : []),
    ...(typeof server.country !== 'string' || !server.country ? ['server.country'] : []),
  ];
  if (missing.length) return `a result without ${missing.join(', ')}`;
  const id = isObject(o.result) && typeof o.result.id === 'string' && o.result.id ? o.result.id : undefined;
  const day = typeof o.timestamp === 'string' && /^\d{4}-\d{2}-\d{2}/.test(o.timestamp) ? o.timestamp.slice(0, 10) : undefined;
  return {
    location: server.location as string,
    country: server.country as string,
    download: toMbps(download!),
    upload: toMbps(upload!),
    ping: round(ping!, 2),
    ...(id ? { id } : {}),
    ...(day ? { day } : {}),
  };
}

/**
 * The results in Ookla CLI output, and every line (or item) that could not be read. Lines that are JSON but not a
 * result (progress, logs) and blank lines are skipped and counted.
 */
export function readOokla(text: string): { results: OoklaResult[]; problems: OoklaProblem[]; skipped: number } {
  const results: OoklaResult[] = [];
  const problems: OoklaProblem[] = [];
  let skipped = 0;
  const take = (value: unknown, at: number, where: OoklaProblem['where']) => {
    const r = readResult(value);
    if (r === null) skipped++;
    else if (typeof r === 'string') problems.push({ at, where, message: r });
    else results.push(r);
  };
  if (text.trimStart().startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch (err) {
      return { results: [], problems: [{ at: 1, where: 'line', message: `not valid JSON: ${(err as Error).message}` }], skipped };
    }
    (items as unknown[]).forEach((item, i) => take(item, i + 1, 'item'));
    return { results, problems, skipped };
  }
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push({ at: i + 1, where: 'line', message: `not valid JSON: ${(err as Error).message}` });
      return;
    }
    take(value, i + 1, 'line');
  });
  return { results, problems, skipped };
}
