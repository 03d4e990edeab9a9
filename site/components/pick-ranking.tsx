import type { ShownPickSet } from '../lib/pick-sets';
import { SiteLink } from './site-link';

/**
 * What a set of picks is chosen by, said above the picks: the measure, or that these are the partners who pay the
 * site and no claim that they are the best.
 */
export function PickMeasure({ set, className = '' }: { set: ShownPickSet; className?: string }) {
  return (
    <p className={`text-sm text-slate-700 ${className}`} data-pick-measure={set.by}>
      {set.label ? (
        <>
          <strong className="font-semibold text-slate-900">Chosen by:</strong> {set.label}. Every reviewed VPN is ranked by it below.
        </>
      ) : (
        <>
          <strong className="font-semibold text-slate-900">Our partners:</strong> the services that pay us a commission, in rating order.
          This is not a ranking.
        </>
      )}
    </p>
  );
}

/**
 * Every reviewed provider by the set's measure, so a reader can check the picks: a list, not a table, so that each
 * row fits a phone's width.
 */
export function PickRanking({ set, title, className = '' }: { set: ShownPickSet; title: string; className?: string }) {
  if (!set.label || set.ranking.length === 0) return null;
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 ${className}`} data-pick-ranking={set.by} aria-label={title}>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{set.label}; equal results are ordered by rating, then by name.</p>
      <ol className="mt-3 divide-y divide-slate-100 text-sm">
        {set.ranking.map((r) => (
          <li key={r.slug} className="flex items-baseline gap-3 py-2" data-rank-row={r.slug} data-rank={r.rank}>
            <span className="w-6 shrink-0 font-semibold text-slate-500">{r.rank}</span>
            <SiteLink to={`/vpn-reviews/${r.slug}`} className="min-w-0 flex-1 font-medium text-blue-800 hover:underline">
              {r.name}
            </SiteLink>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900" data-rank-value="">
              <span className="sr-only">{set.column}: </span>
              {r.text}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
