/**
 * The shapes of a provider's evidence: its test runs as the pages read them, and its change log. Types only, below
 * the schemas that name them, so that nothing imports in a circle.
 */

/** One row of a speed table: a location's median download, upload and ping over its runs. */
export interface SpeedRow {
  location: string;
  download: number;
  upload: number;
  ping: number;
}

/** One speed test against one server, as the run file holds it. */
export interface RunResult {
  download: number;
  upload: number;
  ping: number;
  /** The speed test's own result id, which its result page is found by. */
  id?: string;
}

/** One test session of a provider (data/tests/<provider>/<date>.yaml), with its speed table worked out. */
export interface RunSummary {
  /** The file, relative to the data directory. */
  rel: string;
  date: string;
  methodology: string;
  line: { mbps: number; city?: string };
  protocol?: string;
  app?: string;
  note?: string;
  locations: { location: string; country?: string; runs: RunResult[] }[];
  /** One row per location, in the file's order: the medians of its runs. */
  rows: SpeedRow[];
  correction?: { date: string; reason: string };
}

/** One dated entry of a review's "What changed" list. */
export interface ChangeEntry {
  /** YYYY-MM-DD. */
  date: string;
  /** Where it comes from: a test run, a correction to one, an editor's note (or a source added later, e.g. a price). */
  kind: string;
  text: string;
}

/** What a provider's test runs give its review. */
export interface Evidence {
  /** Oldest first. */
  runs: RunSummary[];
  /** The newest run: the one the speed table, the figures and "Tested on" read. */
  latest: RunSummary;
  /** Newest first. */
  changes: ChangeEntry[];
}
