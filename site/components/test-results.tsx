import { Link } from 'react-router';
import { METHOD_PATH } from '../../services/content/paths.ts';
import type { RunResult } from '../../services/content/evidence-types.ts';

/** The results block of a review, as its loader works it out (site/lib/evidence.server.ts). */
export interface Results {
  date: string;
  testedOn: string;
  stale?: string | undefined;
  olderMethod?: string | undefined;
  methodLink: string;
  note?: string | undefined;
  correction?: { date: string; reason: string } | undefined;
  raw: { summary: string; result: string; locations: { location: string; runs: RunResult[] }[] };
}

/** A test's own result page at the speed-test service, by its result id. */
const resultUrl = (id: string) => `https://www.speedtest.net/result/c/${encodeURIComponent(id)}`;

/** "Tested on …" over a speed table, with a plain notice when the tests are old or followed an older method. */
export function TestedOn({ results }: { results: Results }) {
  return (
    <div className="mt-3 space-y-2" data-testid="tested-on">
      <p className="text-sm font-semibold text-slate-800">
        <time dateTime={results.date}>{results.testedOn}</time>
      </p>
      {results.stale && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="stale-notice">
          {results.stale}
        </p>
      )}
      {results.olderMethod && (
        <p className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="older-method">
          {results.olderMethod}{' '}
          <Link to={`${METHOD_PATH}#method-changes`} className="font-semibold text-blue-800 underline">
            {results.methodLink}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Every individual test behind the table, each with a link to its own result page when the run kept its id. */
export function RawRuns({ results }: { results: Results }) {
  const { raw, note, correction } = results;
  return (
    <details className="mt-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm" data-testid="raw-runs">
      <summary className="cursor-pointer font-semibold text-slate-800">{raw.summary}</summary>
      {note && <p className="mt-2 text-slate-700">{note}</p>}
      {correction && (
        <p className="mt-2 text-slate-700">
          {correction.date}: {correction.reason}
        </p>
      )}
      <ul className="mt-2 space-y-2">
        {raw.locations.map((l) => (
          <li key={l.location}>
            <span className="font-medium">{l.location}</span>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
              {l.runs.map((r, i) => (
                // Runs are listed as measured and may repeat: the index is the key.
                <li key={i}>
                  {r.download} / {r.upload} Mbps, {r.ping} ms
                  {r.id && (
                    <>
                      {' '}
                      (
                      <a href={resultUrl(r.id)} className="text-blue-800 underline" rel="nofollow">
                        {raw.result}
                      </a>
                      )
                    </>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
