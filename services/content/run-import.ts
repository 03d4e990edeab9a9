/**
 * A run made from imported results: new results grouped by server location into a new run, or added to the day's
 * run already written. Pure; `vpnsite tests import` reads and writes the files.
 */
import type { OoklaResult } from './ookla.ts';
import type { TestRun } from './schemas/index.ts';

/** What a new run is written under: the day, the method's version, the test line, the protocol. */
export interface RunHeader {
  date: string;
  methodology: string;
  line: TestRun['line'];
  protocol?: string;
}

/**
 * The name a location gets in the speed table: the name the provider's earlier runs gave the same city (so "London,
 * UK" stays "London, UK" from run to run, and the change log compares like with like), else "City, Country".
 */
export function locationLabel(r: Pick<OoklaResult, 'location' | 'country'>, known: readonly string[]): string {
  const city = r.location.trim().toLowerCase();
  return known.find((k) => k.split(',')[0]!.trim().toLowerCase() === city) ?? `${r.location}, ${r.country}`;
}

/**
 * The run with the results added: to the day's run when there is one (a result it already holds, by its id, is not
 * added twice), else to a new run under `header`. `known` are the location names of the provider's earlier runs.
 */
export function mergeResults(
  existing: TestRun | undefined,
  results: readonly OoklaResult[],
  header: RunHeader,
  known: readonly string[],
): { run: Omit<TestRun, 'checksum'> & { checksum?: string }; added: number } {
  const base = existing ?? {
    date: header.date,
    methodology: header.methodology,
    line: header.line,
    ...(header.protocol ? { protocol: header.protocol } : {}),
    locations: [],
  };
  const locations = base.locations.map((l) => ({ ...l, runs: [...l.runs] }));
  const ids = new Set(locations.flatMap((l) => l.runs.flatMap((r) => (r.id ? [r.id] : []))));
  const names = [...new Set([...locations.map((l) => l.location), ...known])];
  let added = 0;
  for (const r of results) {
    if (r.id && ids.has(r.id)) continue;
    const label = locationLabel(r, names);
    let at = locations.find((l) => l.location === label);
    if (!at) {
      at = { location: label, country: r.country, runs: [] };
      locations.push(at);
      names.push(label);
    }
    at.runs.push({ download: r.download, upload: r.upload, ping: r.ping, ...(r.id ? { id: r.id } : {}) });
    if (r.id) ids.add(r.id);
    added++;
  }
  return { run: { ...base, ...(header.protocol && !existing?.protocol ? { protocol: header.protocol } : {}), locations }, added };
}
