/**
 * Rules over the test runs and the providers they belong to: a run belongs to a provider and names a version of the
 * method, a run under the current method was measured on its test line, a review has runs to show, and a provider we
 * recommend is retested as often as the method promises.
 */
import type { RunSummary } from './evidence-types.ts';
import { runPathOf } from './evidence.ts';
import { daysSince } from './figure-format.ts';
import { suggestion, type Severity } from './problem.ts';
import type { CheckedFile } from './checked-file.ts';
import type { SourceFile } from './source.ts';

type At = (s: SourceFile, pointer: string, severity: Severity, message: string, where?: 'value' | 'key') => void;

/** What these rules read of the content's stubs (route-stubs.ts, with evidence.ts's additions). */
export interface EvidenceContent {
  providers: { slug: string; status?: string; draft?: boolean; review?: unknown; evidence?: { latest: RunSummary } }[];
  methodology?: { version?: string; changes?: { version: string }[]; testLine?: { mbps: number }; retestEveryDays?: number };
}

/**
 * Every problem of the runs against the providers and the method, judged on `today` (YYYY-MM-DD). `refer(cause)`
 * reports a problem others may share a cause with (a provider that does not exist), folded into the first.
 */
export function evidenceRules(
  files: readonly CheckedFile[],
  content: EvidenceContent,
  at: At,
  today: string,
  refer: (cause: string) => At = () => at,
): void {
  const spoiled = (f: CheckedFile | undefined) => f?.facts.spoiled !== undefined;
  const slugs = new Set(content.providers.map((p) => p.slug));
  const methodFile = files.find((f) => f.source.kind === 'methodology');
  const method = spoiled(methodFile) ? undefined : content.methodology;
  const versions = method?.version ? new Set([method.version, ...(method.changes ?? []).map((c) => c.version)]) : undefined;
  for (const f of files) {
    if (f.source.kind !== 'test-run') continue;
    const provider = runPathOf(f.source.rel)!.provider;
    if (!slugs.has(provider)) {
      // One mistake with every other place that names the provider (its file removed, say).
      refer(`provider:${provider}`)(
        f.source,
        '',
        'error',
        `no provider '${provider}' for this run${suggestion(provider, slugs)}: runs live in data/tests/<provider>/, named after the provider's file in data/providers/`,
      );
      continue;
    }
    if (spoiled(f)) continue;
    const run = f.facts.stub as { methodology: string; line: { mbps: number } };
    if (versions && !versions.has(run.methodology)) {
      at(
        f.source,
        '/methodology',
        'error',
        `methodology ${run.methodology} is no version of data/methodology.yaml (${[...versions].join(', ')}): name the version the tests followed`,
      );
    } else if (run.methodology === method?.version && method.testLine && run.line.mbps !== method.testLine.mbps) {
      at(
        f.source,
        '/line/mbps',
        'error',
        `line ${run.line.mbps} Mbps is not the test line: under method ${method.version} every speed test runs on methodology.yaml testLine (${method.testLine.mbps} Mbps); measure on it, or correct the figure`,
      );
    }
  }
  const runsOf = new Set(files.filter((f) => f.source.kind === 'test-run').map((f) => runPathOf(f.source.rel)!.provider));
  for (const f of files) {
    if (f.source.kind !== 'provider' || spoiled(f)) continue;
    const p = content.providers.find((x) => x.slug === f.facts.stub.slug);
    if (!p || p.draft === true || p.review === undefined) continue;
    if (!runsOf.has(p.slug)) {
      at(
        f.source,
        '/review/speed',
        'error',
        `no test runs for this review: its speed table, figures and dates come from data/tests/${p.slug}/; run the tests and import them with \`vpnsite tests import ${p.slug} FILE\` (data/README.md)`,
      );
      continue;
    }
    const policy = method?.retestEveryDays;
    const latest = p.evidence?.latest;
    if (policy === undefined || !latest || p.status === 'discontinued') continue;
    const days = daysSince(latest.date, today);
    if (days <= policy) continue;
    const runFile = files.find((x) => x.source.rel === latest.rel);
    if (runFile)
      at(
        runFile.source,
        '/date',
        'warning',
        `due for retest: ${p.slug} was last tested on ${latest.date}, ${days} days ago (more than ${policy}, methodology.yaml retestEveryDays): run the tests again and import them`,
      );
  }
}
