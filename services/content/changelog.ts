/**
 * A review's "What changed" list: dated entries merged from several sources (what the test runs show, corrections to
 * published runs, the editors' `changelog:` notes), newest first. Each source is one function of the provider's
 * content (a price that moved between two observations is one); another kind of change is one more function in SOURCES.
 */
import type { ChangeEntry, RunSummary } from './evidence-types.ts';
import { formatShortDate, type PlanRecord } from './figure-format.ts';
import { priceChanges } from './price-changes.ts';
import { formatMbps, formatMs, formatPercent, speedFigures } from './speed.ts';

/** What every source reads: the provider (its notes), its runs oldest first, and the method's current version. */
export interface ChangeInput {
  provider: { changelog?: { date: string; text: string }[]; plans?: Readonly<Record<string, Pick<PlanRecord, 'months' | 'prices'>>> };
  runs: readonly RunSummary[];
  methodVersion?: string | undefined;
}

/** One source of change-log entries. */
export type ChangeSource = (input: ChangeInput) => ChangeEntry[];

const figuresOf = (run: RunSummary) => speedFigures({ baseline: run.line.mbps, tests: run.rows })!;

/** "Median download 86.5 → 87.5 Mbps": a figure that moved between two runs, or nothing when it did not. */
function moved(label: string, before: number, after: number, format: (n: number) => string): string[] {
  if (before === after) return [];
  const [b, a] = [format(before), format(after)];
  const unit = / \S+$/.exec(a)?.[0] ?? '';
  // The unit once, after the new figure, when both share it: "86.5 → 87.5 Mbps".
  return [`${label} ${unit && b.endsWith(unit) ? b.slice(0, -unit.length) : b} → ${a}`];
}

/** The first run, then what each run changed against the one before it. */
export const runChanges: ChangeSource = ({ runs }) =>
  runs.map((run, i): ChangeEntry => {
    const now = figuresOf(run);
    if (i === 0) {
      return {
        date: run.date,
        kind: 'run',
        text: `First tested, under method ${run.methodology}: ${run.rows.length} server ${run.rows.length === 1 ? 'location' : 'locations'}, median download ${formatMbps(now.download)}, ${formatPercent(now.loss)} of the line lost`,
      };
    }
    const prev = runs[i - 1]!;
    const was = figuresOf(prev);
    const places = (r: RunSummary) => new Set(r.rows.map((x) => x.location));
    const added = [...places(run)].filter((l) => !places(prev).has(l));
    const dropped = [...places(prev)].filter((l) => !places(run).has(l));
    const parts = [
      ...moved('median download', was.download, now.download, formatMbps),
      ...moved('speed loss', was.loss, now.loss, formatPercent),
      ...moved('lowest ping', was.ping, now.ping, formatMs),
      // " and " between places: a place's own name has a comma in it ("Tokyo, Japan").
      ...(added.length ? [`added ${added.join(' and ')}`] : []),
      ...(dropped.length ? [`no longer tested: ${dropped.join(' and ')}`] : []),
      ...(run.methodology !== prev.methodology ? [`method ${prev.methodology} → ${run.methodology}`] : []),
    ];
    const said = parts.length ? parts.join('; ') : 'the figures did not change';
    return { date: run.date, kind: 'run', text: `Retested. ${said.charAt(0).toUpperCase()}${said.slice(1)}` };
  });

/** A published run whose results were corrected, on the day of the correction. */
export const corrections: ChangeSource = ({ runs }) =>
  runs.flatMap((run) =>
    run.correction
      ? [
          {
            date: run.correction.date,
            kind: 'correction',
            text: `Correction to the results of ${formatShortDate(run.date)}: ${run.correction.reason}`,
          },
        ]
      : [],
  );

/** The editors' notes in the provider's `changelog:`. */
export const editorNotes: ChangeSource = ({ provider }) =>
  (provider.changelog ?? []).map((n) => ({ date: n.date, kind: 'note', text: n.text }));

/** A plan's price that moved between two observations. */
const prices: ChangeSource = ({ provider }) => priceChanges(provider.plans ?? {});

/** Every source, in the order entries of the same day are listed. */
export const SOURCES: ChangeSource[] = [runChanges, corrections, prices, editorNotes];

/** The provider's change log, newest first; entries of one day in the order of SOURCES. */
export function changeLog(input: ChangeInput, sources: readonly ChangeSource[] = SOURCES): ChangeEntry[] {
  const entries = sources.flatMap((source) => source(input));
  // Array.prototype.sort is stable: a day's entries keep their sources' order.
  return entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
