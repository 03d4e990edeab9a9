/**
 * The checksum of a test run's results, which `vpnsite tests import` writes into the run file: a published run is
 * evidence, and results that no longer match their checksum were changed after publishing. It is worked out from
 * the file alone, so the check needs no version control (a copy of data/ checks the same).
 */
import { createHash } from 'node:crypto';

/** The results of a run: what the checksum covers (its measurements and checks, not its notes). */
interface Results {
  locations?: unknown;
  streaming?: unknown;
  leaks?: unknown;
  killSwitch?: unknown;
}

/** JSON with object keys in order: the same results give the same text whatever order the file writes them in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** "sha256:<64 hex digits>" of the run's results. */
export function resultsChecksum(run: Results): string {
  const results = { locations: run.locations, streaming: run.streaming, leaks: run.leaks, killSwitch: run.killSwitch };
  return `sha256:${createHash('sha256').update(canonical(results)).digest('hex')}`;
}
