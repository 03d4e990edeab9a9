/**
 * What a review shows of its provider's evidence: when its latest run was, under which method, whether that is
 * older than the retest policy or the current method, every individual test, and the change log. Worked out at build
 * time; the components only render it.
 */
import type { Methodology, Provider, Reviews } from '../../services/content/index.ts';
import { daysSince, formatShortDate } from '../../services/content/figure-format.ts';
import { retestText } from '../../services/content/figures.ts';

type Labels = Reviews['reviewPage']['evidence'];

/** The results block's lines and the run's individual tests, or undefined for a provider without runs. */
export function resultsOf(p: Provider, method: Methodology | undefined, labels: Labels, today: string) {
  const latest = p.evidence?.latest;
  if (!latest) return undefined;
  const protocol = latest.protocol ? ` ${labels.protocol.replace('{protocol}', latest.protocol)}` : '';
  const testedOn = `${labels.testedOn.replace('{date}', formatShortDate(latest.date)).replace('{version}', latest.methodology)}${protocol}`;
  const age = daysSince(latest.date, today);
  const policy = method?.retestEveryDays;
  // A discontinued provider is retested no more: its results are kept as they were, without a promise to renew them.
  const stale =
    policy !== undefined && age > policy && p.status !== 'discontinued'
      ? labels.stale.replace('{days}', String(age)).replace('{retest}', retestText(policy))
      : undefined;
  const current = method?.version;
  const olderMethod =
    current && current !== latest.methodology
      ? labels.olderMethod.replace('{version}', latest.methodology).replace('{current}', current)
      : undefined;
  return {
    date: latest.date,
    testedOn,
    stale,
    olderMethod,
    methodLink: labels.method,
    note: latest.note,
    correction: latest.correction && { date: formatShortDate(latest.correction.date), reason: latest.correction.reason },
    raw: { summary: labels.raw, result: labels.result, locations: latest.locations },
  };
}

/** The change log as the page lists it: each entry with its day and its tag, newest first. */
export function changesOf(p: Provider, labels: Labels) {
  const kinds = labels.kinds as Record<string, string>;
  return (p.evidence?.changes ?? []).map((c) => ({ ...c, day: formatShortDate(c.date), tag: kinds[c.kind] ?? c.kind }));
}
