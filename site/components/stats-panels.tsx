/**
 * The stats dashboard's panels: totals against the period before, the funnel, the chart and the sortable tables by
 * page, placement and provider, each drawn from the token API's answers (site/routes/stats.tsx fetches them).
 */
import { useId, useMemo, useState } from 'react';
import type { StatsRow } from '../../services/shared/report-shapes.ts';
import { lineChartSvg } from '../../services/shared/reports/chart.ts';
import { addDays } from '../../services/shared/reports/query.ts';
import { formatStatsCsv, type StatsReport } from '../../services/shared/reports/stats-format.ts';
import type { StatsAnswer } from '../lib/stats-api';

export const PERIODS = [7, 30, 90] as const;
export const today = () => new Date().toISOString().slice(0, 10);
const num = (n: number | null | undefined) => (n === null || n === undefined ? '–' : n.toLocaleString('en-US'));
const pct = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${(n * 100).toFixed(2)}%`);
const money = (m: Record<string, string>) =>
  Object.keys(m).length
    ? Object.entries(m)
        .map(([cur, amount]) => `${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${cur}`)
        .join(' · ')
    : '–';

/** The change against the previous period, as "+12%" or "−3%"; nothing when there is no base. */
function change(now: number | null, before: number | null): string | null {
  if (now === null || before === null || before === 0) return null;
  const d = ((now - before) / before) * 100;
  return `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(0)}%`;
}

export interface Data {
  since: string;
  until: string;
  days: StatsAnswer;
  previous: StatsAnswer;
  page: StatsAnswer;
  placement: StatsAnswer;
  provider: StatsAnswer;
}

type Dim = 'page' | 'placement' | 'provider';
type SortKey = Dim | 'views' | 'clicks' | 'ctr' | 'conversions' | 'revenue';

/** A table of one grouping, sortable by any column, with its CSV. */
export function GroupTable({ dim, answer, label }: { dim: Dim; answer: StatsAnswer; label: string }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'clicks', desc: true });
  const revenue = (r: StatsRow) => Object.values(r.revenue).reduce((a, v) => a + Number(v), 0);
  const value = (r: StatsRow, k: SortKey): string | number =>
    k === dim ? String(r[dim] ?? '') : k === 'revenue' ? revenue(r) : ((r[k] as number | null) ?? -1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: value() reads only dim and the row, and dim is a dependency
  const rows = useMemo(() => {
    const sorted = [...answer.rows].sort((a, b) => {
      const x = value(a, sort.key);
      const y = value(b, sort.key);
      return (x < y ? -1 : x > y ? 1 : 0) * (sort.desc ? -1 : 1);
    });
    return sorted;
  }, [answer, sort]);
  const showViews = dim === 'page';
  const cols: { key: SortKey; label: string; numeric: boolean }[] = [
    { key: dim, label, numeric: false },
    ...(showViews ? [{ key: 'views' as const, label: 'Views', numeric: true }] : []),
    { key: 'clicks', label: 'Clicks', numeric: true },
    ...(showViews ? [{ key: 'ctr' as const, label: 'CTR', numeric: true }] : []),
    { key: 'conversions', label: 'Conversions', numeric: true },
    { key: 'revenue', label: 'Revenue', numeric: true },
  ];
  const download = () => {
    const report: StatsReport = {
      query: { by: [dim], since: answer.since, until: answer.until },
      rows: answer.rows,
      total: answer.total,
      unmatched: answer.unmatched,
    };
    const url = URL.createObjectURL(new Blob([formatStatsCsv(report)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `stats-by-${dim}-${answer.since}-${answer.until}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="mt-10" aria-labelledby={`by-${dim}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`by-${dim}`} className="text-xl font-semibold">
          By {label.toLowerCase()}
        </h2>
        <button
          type="button"
          onClick={download}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
        >
          Download CSV
        </button>
      </div>
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid={`table-${dim}`}>
          <thead className="bg-slate-100 text-left">
            <tr>
              {cols.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  className={`px-3 py-2 ${c.numeric ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    className="font-semibold hover:underline"
                    onClick={() => setSort({ key: c.key, desc: sort.key === c.key ? !sort.desc : c.numeric })}
                  >
                    {c.label}
                    <span aria-hidden="true">{sort.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={String(r[dim])} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {String(r[dim] ?? '(none)')}
                </th>
                {showViews && <td className="px-3 py-2 text-right tabular-nums">{num(r.views)}</td>}
                <td className="px-3 py-2 text-right tabular-nums">{num(r.clicks)}</td>
                {showViews && <td className="px-3 py-2 text-right tabular-nums">{pct(r.ctr)}</td>}
                <td className="px-3 py-2 text-right tabular-nums">{num(r.conversions)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(r.revenue)}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={cols.length} className="px-3 py-4 text-center text-slate-600">
                  Nothing in this period.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Views, clicks and conversions as bars, each with its share of the step before. */
export function Funnel({ total }: { total: StatsRow }) {
  const steps = [
    { label: 'Views', value: total.views ?? 0 },
    { label: 'Clicks', value: total.clicks },
    { label: 'Conversions', value: total.conversions },
  ];
  const top = Math.max(1, steps[0]!.value, steps[1]!.value);
  return (
    <section className="mt-10" aria-labelledby="funnel">
      <h2 id="funnel" className="text-xl font-semibold">
        Funnel
      </h2>
      <ol className="mt-3 space-y-3" data-testid="funnel">
        {steps.map((s, i) => (
          <li key={s.label}>
            <div className="flex justify-between text-sm">
              <span className="font-medium">{s.label}</span>
              <span className="tabular-nums">
                {num(s.value)}
                {i > 0 && steps[i - 1]!.value > 0 ? ` (${pct(s.value / steps[i - 1]!.value)} of ${steps[i - 1]!.label.toLowerCase()})` : ''}
              </span>
            </div>
            <div className="mt-1 h-3 rounded bg-slate-200">
              <div className="h-3 rounded bg-blue-700" style={{ width: `${Math.max(0.5, (s.value / top) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The shared line chart (the CLI's --chart draws with it too), scaled to the column's width. */
export function Chart({
  answer,
  title,
  series,
}: {
  answer: StatsAnswer;
  title: string;
  series: { name: string; value: (r: StatsRow) => number }[];
}) {
  const days: string[] = [];
  for (let d = answer.since; d <= answer.until; d = addDays(d, 1)) days.push(d);
  const byDay = new Map(answer.rows.map((r) => [String(r.day), r]));
  const data = {
    days,
    series: series.map((s) => ({ provider: s.name, values: days.map((d) => (byDay.has(d) ? s.value(byDay.get(d)!) : 0)) })),
  };
  const id = useId();
  // A phone gets the chart drawn for its width, text at full size, rather than the wide one scaled to a third.
  const charts = [
    { svg: lineChartSvg(data, title, { yLabel: title.split(' per ')[0], id: `${id}-wide` }), className: 'hidden sm:block' },
    { svg: lineChartSvg(data, title, { yLabel: title.split(' per ')[0], id: `${id}-narrow`, compact: true }), className: 'sm:hidden' },
  ];
  return charts.map((c) => (
    <div
      key={c.className}
      className={`mt-3 overflow-hidden rounded-lg border border-slate-200 bg-white p-2 [&>svg]:h-auto [&>svg]:w-full ${c.className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the chart is SVG text made here from numbers and escaped names only
      dangerouslySetInnerHTML={{ __html: c.svg }}
    />
  ));
}

export function Totals({ data }: { data: Data }) {
  const now = data.days.total;
  const before = data.previous.total;
  const rev = (m: Record<string, string>) => Object.values(m).reduce((a, v) => a + Number(v), 0);
  const cards = [
    { label: 'Views', value: num(now.views), delta: change(now.views, before.views) },
    { label: 'Clicks', value: num(now.clicks), delta: change(now.clicks, before.clicks) },
    { label: 'CTR', value: pct(now.ctr), delta: change(now.ctr, before.ctr) },
    { label: 'Conversions', value: num(now.conversions), delta: change(now.conversions, before.conversions) },
    {
      label: 'Revenue',
      value: money(now.revenue),
      delta:
        Object.keys(now.revenue).length === 1 && Object.keys(before.revenue).join() === Object.keys(now.revenue).join()
          ? change(rev(now.revenue), rev(before.revenue))
          : null,
    },
    { label: 'EPC', value: money(now.epc), delta: null },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="totals">
      {cards.map((c) => (
        <div key={c.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">{c.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={`total-${c.label.toLowerCase()}`}>
            {c.value}
          </dd>
          <dd className="text-xs text-slate-600">{c.delta ? `${c.delta} vs the previous period` : 'no earlier figure to compare'}</dd>
        </div>
      ))}
    </dl>
  );
}
