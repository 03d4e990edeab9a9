import type { Provider } from '../../services/content/index.ts';
import { formatMbps, formatPercent, speedFigures } from '../../services/content/speed.ts';
import { Figure } from './figure';

type Speed = NonNullable<NonNullable<Provider['review']>['speed']>;

export interface SpeedLabels {
  baseline: string;
  /** "Median download: {download} ({loss} of the line lost)". */
  median?: string;
  columns: { location: string; download: string; upload: string; ping: string };
}

/** The table's columns, in order: each a label of `labels.columns`. */
const COLUMNS = ['location', 'download', 'upload', 'ping'] as const;

/**
 * The review speed-test table: location, download, upload and ping against the stated baseline, and under it the
 * median download and the share of the line lost, worked out from the rows (the figures prose, scores and the
 * comparison verdicts read).
 */
export function SpeedTable({ speed, labels, provider }: { speed: Speed; labels: SpeedLabels; provider: string }) {
  const figures = speedFigures(speed);
  return (
    <>
      <p className="mt-3 text-slate-700">{speed.intro}</p>
      <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="speed-baseline">
        {labels.baseline.replace('{mbps}', String(speed.baseline))}
      </p>
      {/* Narrow cells below 640 px: every column, ping included, fits a phone without scrolling sideways. */}
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-2 [&_th]:px-2 [&_th]:py-2 sm:[&_td]:px-4 sm:[&_td]:py-3 sm:[&_th]:px-4 sm:[&_th]:py-3">
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {labels.columns[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {speed.tests.map((t) => (
              <tr key={t.location}>
                <th scope="row" className="font-medium">
                  {t.location}
                </th>
                <td className="tabular-nums">{t.download}</td>
                <td className="tabular-nums">{t.upload}</td>
                <td className="tabular-nums">{t.ping}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {figures && labels.median && (
        <p className="mt-2 text-sm text-slate-700" data-testid="speed-median">
          {labels.median.split(/(\{download\}|\{loss\})/).map((part, i) =>
            part === '{download}' ? (
              <Figure key={i} of={`${provider}/download`}>
                {formatMbps(figures.download)}
              </Figure>
            ) : part === '{loss}' ? (
              <Figure key={i} of={`${provider}/speedLoss`}>
                {formatPercent(figures.loss)}
              </Figure>
            ) : (
              part
            ),
          )}
        </p>
      )}
    </>
  );
}
