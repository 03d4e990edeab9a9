import type { Criterion } from '../../services/content/scores.ts';
import { METHOD_PATH } from '../../services/content/paths.ts';
import { fillLabel, ProviderFigure } from './figure';
import { SiteLink } from './site-link';

export interface ScorecardLabels {
  untested: string;
  overall: string;
}

/** One score as the scorecards show it: "9.5" (never "9.50", and 10 as "10"). */
export const formatScore = (score: number) => String(Math.round(score * 10) / 10);

/**
 * A provider's score on each criterion as a labelled bar with its figure, and the overall rating they make. A
 * criterion it was not tested for says so and has no bar: it is not a zero.
 */
export function Scorecard({
  slug,
  criteria,
  scores,
  rating,
  labels,
  compact = false,
}: {
  slug: string;
  criteria: readonly Criterion[];
  scores: Readonly<Record<string, number>>;
  rating: number;
  labels: ScorecardLabels;
  compact?: boolean;
}) {
  return (
    <div data-testid="scorecard" data-provider={slug}>
      <ul className={compact ? 'space-y-2' : 'space-y-3'}>
        {criteria.map((c) => {
          const score = scores[c.id];
          return (
            <li
              key={c.id}
              data-criterion={c.id}
              className="grid grid-cols-[7.5rem_1fr_3.5rem] items-center gap-3 text-sm sm:grid-cols-[9rem_1fr_4rem]"
            >
              <span className="font-medium text-slate-800">{c.name}</span>
              <span className="h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                {score !== undefined && <span className="block h-full rounded-full bg-blue-700" style={{ width: `${score * 10}%` }} />}
              </span>
              <span className="text-right tabular-nums" data-testid="score">
                {score === undefined ? (
                  <span className="text-xs text-slate-600">{labels.untested}</span>
                ) : (
                  <>
                    <span className="font-semibold">{formatScore(score)}</span>
                    <span className="text-slate-600">/10</span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 font-semibold" data-testid="scorecard-overall">
        {fillLabel(labels.overall, 'rating', <ProviderFigure slug={slug} figure="rating" value={rating} />)}
      </p>
    </div>
  );
}

/** The line under scorecards that leads to the method their scores come from. */
export function MethodLink({ label, className }: { label: string; className: string }) {
  return (
    <p className={className}>
      <SiteLink to={METHOD_PATH} className="text-blue-700 underline hover:text-blue-900">
        {label}
      </SiteLink>
    </p>
  );
}
