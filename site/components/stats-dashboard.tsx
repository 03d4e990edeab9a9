/**
 * The owner's dashboard: an island (components/island.tsx) that loads as soon as it is on screen, since everything it
 * shows is read in the browser with the stats token. The built page, and the island's first render, show the token
 * form (or, once a token is kept for the tab, the figures as they load). `notice` is a line the page's loader may
 * give it, shown above everything else.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { StatsRow } from '../../services/shared/report-shapes.ts';
import { addDays } from '../../services/shared/reports/query.ts';
import { FailoverNotice } from './failover-notice';
import { PERIODS, today, type Data, GroupTable, Funnel, Chart, Totals } from './stats-panels';
import { fetchStats, forgetToken, keepToken, readToken, StatsError, statsApiOff, API_OFF } from '../lib/stats-api';

export interface StatsDashboardProps {
  notice?: string | null;
}

export function StatsDashboard({ notice }: StatsDashboardProps) {
  const [token, setToken] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // Read after hydration: the prerendered page knows no token.
  useEffect(() => setToken(readToken()), []);
  // Whether the service has the API on at all: said at once, before a token is asked for.
  const [off, setOff] = useState(false);
  useEffect(() => void statsApiOff().then(setOff), []);

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
      {notice && (
        <p role="note" className="mt-4 rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-slate-800" data-testid="stats-notice">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          {error}
        </p>
      )}
      {off ? (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          {API_OFF}
        </p>
      ) : !token ? (
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
