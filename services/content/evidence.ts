/**
 * Test runs as evidence: each provider's runs (data/tests/<provider>/<date>.yaml) make its speed table, the figures
 * worked out from it (speed.ts) and its change log (changelog.ts). Pure: no I/O, so validation's route stubs and the
 * built content go through the same code.
 */
import type { Evidence, RunSummary, SpeedRow } from './evidence-types.ts';
import { changeLog } from './changelog.ts';
import { median } from './speed.ts';

/** Where a run file lives: data/tests/<provider>/<YYYY-MM-DD>.yaml. */
export const RUN_PATH = /^tests\/([^/]+)\/([^/]+)\.ya?ml$/;

/** The provider and day a run file's path names. */
export function runPathOf(rel: string): { provider: string; day: string } | undefined {
  const m = RUN_PATH.exec(rel);
  return m ? { provider: m[1]!, day: m[2]! } : undefined;
}

/** Half up to one decimal: medians of two runs can land between tenths. */
const oneDecimal = (n: number) => Math.round(n * 10 + 1e-9) / 10;

/** Each location's medians, in the run's order. */
export function speedRows(locations: RunSummary['locations']): SpeedRow[] {
  return locations.map((l) => ({
    location: l.location,
    download: oneDecimal(median(l.runs.map((r) => r.download))),
    upload: oneDecimal(median(l.runs.map((r) => r.upload))),
    ping: oneDecimal(median(l.runs.map((r) => r.ping))),
  }));
}

/** A run file's data as a summary, or undefined when a mistake leaves it unreadable (that mistake is its error). */
export function runSummary(rel: string, data: unknown): RunSummary | undefined {
  const d = data as Partial<RunSummary> & { spoiled?: boolean };
  if (!d || d.spoiled || !Array.isArray(d.locations) || typeof d.date !== 'string' || !d.line) return undefined;
  const { date, methodology, line, protocol, app, note, locations, correction } = d as RunSummary;
  return {
    rel,
    date,
    methodology,
    line,
    ...(protocol ? { protocol } : {}),
    ...(app ? { app } : {}),
    ...(note ? { note } : {}),
    locations,
    rows: speedRows(locations),
    ...(correction ? { correction } : {}),
  };
}

/** A provider as evidence reads it: its slug, its notes and its review's speed intro. */
interface ProviderLike {
  slug: string;
  changelog?: { date: string; text: string }[];
  review?: { speed?: { intro?: string } };
}

/**
 * The providers with what their runs give them: `evidence`, the review's speed rows and line, its `updated` date
 * (the newest change-log entry), `speedTested` and `speed` (what the checks read). `unreadable` names providers one
 * of whose runs has a mistake: their speed figures are not judged, since that mistake is the one error.
 */
export function withEvidence<P extends ProviderLike>(
  providers: P[],
  runFiles: { rel: string; data: unknown }[],
  methodVersion?: string,
): P[] {
  const runs = new Map<string, RunSummary[]>();
  const unreadable = new Set<string>();
  for (const f of runFiles) {
    const at = runPathOf(f.rel);
    if (!at) continue;
    const run = runSummary(f.rel, f.data);
    if (!run) unreadable.add(at.provider);
    else runs.set(at.provider, [...(runs.get(at.provider) ?? []), run]);
  }
  return providers.map((p) => {
    const own = (runs.get(p.slug) ?? []).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const latest = own.at(-1);
    const changes = changeLog({ provider: p, runs: own, methodVersion });
    const evidence: Evidence | undefined = latest && { runs: own, latest, changes };
    const tested = unreadable.has(p.slug) ? {} : { speedTested: latest !== undefined };
    const speed = latest && { baseline: latest.line.mbps, tests: latest.rows };
    const review = p.review && {
      ...p.review,
      speed: { ...p.review.speed, baseline: latest?.line.mbps ?? 0, tests: latest?.rows ?? [] },
      updated: changes[0]?.date ?? '',
    };
    return {
      ...p,
      ...tested,
      ...(speed && !unreadable.has(p.slug) ? { speed } : {}),
      ...(evidence ? { evidence } : {}),
      ...(review ? { review } : {}),
    };
  });
}
