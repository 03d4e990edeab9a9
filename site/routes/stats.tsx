import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { Route } from './+types/stats';
import type { StatsRow } from '../../shared/report-shapes.ts';
import { lineChartSvg } from '../../shared/reports/chart.ts';
import { addDays } from '../../shared/reports/query.ts';
import { formatStatsCsv, type StatsReport } from '../../shared/reports/stats-format.ts';
import { getContent } from '../lib/content.server';
import { FailoverNotice } from '../components/failover-notice';
import { fetchStats, forgetToken, keepToken, readToken, StatsError, type StatsAnswer } from '../lib/stats-api';

export function loader() {
  return { brand: getContent().content.site.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Stats | ${loaderData.brand}` },
    { name: 'description', content: 'Views, clicks, conversions and earnings of the site, for its owner.' },
    { name: 'robots', content: 'noindex' },
  ];
}

const PERIODS = [7, 30, 90] as const;
const today = () => new Date().toISOString().slice(0, 10);
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

interface Data {
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
function GroupTable({ dim, answer, label }: { dim: Dim; answer: StatsAnswer; label: string }) {
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
function Funnel({ total }: { total: StatsRow }) {
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
function Chart({
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

function Totals({ data }: { data: Data }) {
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

export default function Stats() {
  const [token, setToken] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // Read after hydration: the prerendered page knows no token.
  useEffect(() => setToken(readToken()), []);

  useEffect(() => {
    if (!token) return;
    const until = today();
    const since = addDays(until, -(days - 1));
    const range = { since, until };
    const previous = { since: addDays(since, -days), until: addDays(since, -1) };
    let cancelled = false;
    setLoading(true);
    // The first answer also tells whether the token works; only then are the others asked for.
    fetchStats(token, { ...range, by: ['day'] })
      .then((d) =>
        Promise.all([
          fetchStats(token, previous),
          fetchStats(token, { ...range, by: ['page'] }),
          fetchStats(token, { ...range, by: ['placement'] }),
          fetchStats(token, { ...range, by: ['provider'] }),
        ]).then(([p, page, placement, provider]) => ({ d, p, page, placement, provider })),
      )
      .then(
        ({ d, p, page, placement, provider }) => {
          if (cancelled) return;
          setData({ ...range, days: d, previous: p, page, placement, provider });
          setError(null);
        },
        (err: unknown) => {
          if (cancelled) return;
          if (err instanceof StatsError && err.status === 401) {
            forgetToken();
            setToken(null);
          }
          setError(err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => !cancelled && setLoading(false));
    return () => void (cancelled = true);
  }, [token, days]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    keepToken(typed.trim());
    setToken(typed.trim());
    setTyped('');
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10" data-testid="stats">
      <h1 className="text-3xl font-bold">Stats</h1>
      <p className="mt-2 text-slate-700">
        Views, clicks, conversions and earnings, from the service&apos;s own records. Times are UTC days.
      </p>
      <noscript>
        <p className="mt-4 font-medium">
          The dashboard reads the figures in your browser and needs JavaScript. Without it, use vpnsite stats.
        </p>
      </noscript>
      {error && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          {error}
        </p>
      )}
      {!token ? (
        <form onSubmit={onSubmit} className="mt-6 flex max-w-md flex-col gap-2">
          <label htmlFor="stats-token" className="font-medium">
            Stats token
          </label>
          <input
            id="stats-token"
            type="password"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2"
          />
          <p className="text-sm text-slate-600">The STATS_TOKEN the service runs with. It is kept for this tab only.</p>
          <button type="submit" className="self-start rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
            Show stats
          </button>
        </form>
      ) : (
        <>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields; a labelled group is the pattern for it */}
          <div className="mt-6 flex flex-wrap items-center gap-2" role="group" aria-label="Period">
            {PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === days}
                onClick={() => setDays(p)}
                className={`rounded-md border px-3 py-1.5 text-sm font-medium ${p === days ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white hover:bg-slate-100'}`}
              >
                Last {p} days
              </button>
            ))}
            <button
              type="button"
              onClick={() => (forgetToken(), setToken(null), setData(null))}
              className="ml-auto text-sm text-blue-800 underline"
            >
              Forget the token
            </button>
          </div>
          {/* Asked for once the first answer has shown the token works, so a wrong token is refused once. */}
          {data && <FailoverNotice token={token} />}
          {loading && !data && (
            <p className="mt-6" role="status">
              Loading…
            </p>
          )}
          {data && (
            <div aria-busy={loading}>
              <p className="mt-4 text-sm text-slate-600" data-testid="period">
                {data.since} to {data.until}, against {addDays(data.since, -days)} to {addDays(data.since, -1)}
              </p>
              <Totals data={data} />
              <section className="mt-10" aria-labelledby="per-day">
                <h2 id="per-day" className="text-xl font-semibold">
                  Per day
                </h2>
                <Chart
                  answer={data.days}
                  title="Views and clicks per day"
                  series={[
                    { name: 'views', value: (r) => r.views ?? 0 },
                    { name: 'clicks', value: (r) => r.clicks },
                  ]}
                />
                {Object.keys(data.days.total.revenue).length > 0 && (
                  <Chart
                    answer={data.days}
                    title="Revenue per day"
                    series={Object.keys(data.days.total.revenue).map((cur) => ({
                      name: cur,
                      value: (r: StatsRow) => Number(r.revenue[cur] ?? 0),
                    }))}
                  />
                )}
              </section>
              <Funnel total={data.days.total} />
              <GroupTable dim="page" label="Page" answer={data.page} />
              <GroupTable dim="placement" label="Placement" answer={data.placement} />
              <GroupTable dim="provider" label="Provider" answer={data.provider} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
