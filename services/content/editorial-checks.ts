/**
 * Rules over the scorecards, the authors and the head-to-head pages: each provider's rating is what its scores make,
 * every review and article names a known author, and an editor's file for a pair is for a pair that has a page.
 */
import { suggestion, type Severity } from './problem.ts';
import { comparePairs } from './pairs.ts';
import type { RouteContent } from './route-content.ts';
import { ratingFromScores, scoreChanges, weightedScore, type Criterion } from './scores.ts';
import type { SourceFile } from './source.ts';
import type { CheckedFile } from './checked-file.ts';
import type { SpeedRecord } from './speed.ts';
import { DEFAULT_SPEED_TOLERANCE, speedDisagreements, type SpeedScored } from './speed-checks.ts';

type At = (s: SourceFile, pointer: string, severity: Severity, message: string, where?: 'value' | 'key') => void;

/** What these rules read of the content's stubs (routes.ts routeStub). */
export interface EditorialContent {
  providers: {
    slug: string;
    name: string;
    rating?: number;
    scores?: Record<string, number>;
    speed?: SpeedRecord;
    review?: { author?: string };
    status?: string;
  }[];
  methodology?: { criteria?: Criterion[]; speedTolerance?: number; testLine?: { mbps: number } };
  authors?: { authors?: { id: string }[] };
  comparison?: RouteContent['comparison'];
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * `refer(cause)` reports a problem that others may share a cause with (a provider that does not exist), folded into
 * the first. A file with a mistake of its own (schema or syntax) is judged by nothing here, and neither is anything
 * that needs it: its mistake is the one error to report.
 */
export function editorialRules(files: readonly CheckedFile[], content: EditorialContent, at: At, refer: (cause: string) => At): void {
  // A file with schema or syntax errors has `spoiled` (empty when only a required property is missing).
  const spoiled = (f: CheckedFile | undefined) => f?.facts.spoiled !== undefined;
  const methodFile = files.find((f) => f.source.kind === 'methodology');
  if (spoiled(methodFile)) return;
  const criteria = content.methodology?.criteria;
  let criteriaOk = !!criteria;
  if (criteria && methodFile) {
    const ids = new Set<string>();
    criteria.forEach((c, i) => {
      if (ids.has(c.id)) {
        at(methodFile.source, `/criteria/${i}/id`, 'error', `criterion '${c.id}' is listed twice`);
        criteriaOk = false;
      }
      ids.add(c.id);
    });
    const total = criteria.reduce((sum, c) => sum + c.weight, 0);
    if (total !== 100) {
      at(
        methodFile.source,
        '/criteria',
        'error',
        `the criteria's weights sum to ${total}; they must sum to 100 (${criteria.map((c) => `${c.id} ${c.weight}`).join(', ')})`,
        'key',
      );
      criteriaOk = false;
    }
  }

  const authorsFile = files.find((f) => f.source.kind === 'authors');
  const authorIds = content.authors?.authors?.map((a) => a.id);
  const authorsOk = !spoiled(authorsFile);
  if (authorIds && authorsFile) {
    const seen = new Set<string>();
    authorIds.forEach((id, i) => {
      if (seen.has(id)) at(authorsFile.source, `/authors/${i}/id`, 'error', `author '${id}' is listed twice`);
      seen.add(id);
    });
  }
  const checkAuthor = (s: SourceFile, pointer: string, parent: string, author: string | undefined, what: string) => {
    if (!authorsOk) return;
    if (!authorIds) {
      if (author !== undefined) at(s, pointer, 'error', `author '${author}' needs data/authors.yaml, which lists who writes for the site`);
      return;
    }
    if (author === undefined)
      at(s, parent, 'error', `the ${what} names no author: add \`author:\` with one of ${authorIds.join(', ')}`, 'key');
    else if (!authorIds.includes(author))
      at(
        s,
        pointer,
        'error',
        `unknown author '${author}' (data/authors.yaml lists ${authorIds.join(', ')})${suggestion(author, authorIds)}`,
      );
  };

  const providers = new Map(content.providers.map((p) => [p.slug, p]));
  for (const file of files) {
    const { source: s, facts } = file;
    if (spoiled(file)) continue;
    if (s.kind === 'article') {
      checkAuthor(s, '/author', '/title', (facts.stub as { author?: string }).author, 'article');
      continue;
    }
    if (s.kind !== 'provider') continue;
    const p = providers.get(facts.stub.slug as string);
    if (!p) continue;
    if (p.review) checkAuthor(s, '/review/author', '/review', p.review.author, 'review');
    if (!criteria) {
      if (p.scores) at(s, '/scores', 'error', 'scores need data/methodology.yaml, which names the criteria and their weights', 'key');
      continue;
    }
    if (!criteriaOk) continue;
    if (!p.scores) {
      if (p.review)
        at(
          s,
          '/rating',
          'error',
          `${p.name} has a review but no scores: add \`scores:\` out of 10 for the criteria it was tested for (${criteria.map((c) => c.id).join(', ')})`,
          'key',
        );
      continue;
    }
    const ids = criteria.map((c) => c.id);
    const unknown = Object.keys(p.scores).filter((id) => !ids.includes(id));
    for (const id of unknown)
      at(
        s,
        `/scores/${escape(id)}`,
        'error',
        `'${id}' is not a criterion of data/methodology.yaml (${ids.join(', ')})${suggestion(id, ids)}`,
        'key',
      );
    if (unknown.length || p.rating === undefined) continue;
    const made = ratingFromScores(p.scores, criteria);
    if (made === undefined || made === p.rating) continue;
    const average = weightedScore(p.scores, criteria)!;
    const changes = scoreChanges(p.scores, criteria, p.rating);
    const low = (p.rating * 2 - 0.1).toFixed(2);
    const high = (p.rating * 2 + 0.09).toFixed(2);
    const advice = changes.length
      ? `set ${changes.map((c) => `${c.id} to ${c.to}${c.from === undefined ? ' (now untested)' : ` (now ${c.from})`}`).join(', or ')}`
      : 'change several scores';
    at(
      s,
      '/rating',
      'error',
      `rating ${p.rating} is not what its scores make: their weighted average is ${average.toFixed(2)} of 10, which gives ${made}; for ${p.rating} it must be ${low} to ${high}: ${advice}; or set rating to ${made}`,
    );
  }

  // Every speed table was measured on the method's one test line: a review that states another contradicts it, and
  // is left out of the speed-score check below, so that the one mistake is one error.
  const line = content.methodology?.testLine?.mbps;
  const offLine = new Set<string>();
  if (line !== undefined && !spoiled(methodFile)) {
    for (const f of files) {
      // A draft's speed table is still to be measured: its placeholders are reminders, not claims.
      if (f.source.kind !== 'provider' || spoiled(f) || f.facts.stub.draft === true) continue;
      const p = content.providers.find((x) => x.slug === f.facts.stub.slug);
      if (!p?.speed || p.speed.baseline === line) continue;
      offLine.add(p.slug);
      at(
        f.source,
        '/review/speed/baseline',
        'error',
        `baseline ${p.speed.baseline} Mbps is not the test line: every speed test runs on methodology.yaml testLine (${line} Mbps); measure on it, or correct the figure`,
      );
    }
  }

  // Speed scores against the measurements, over the providers whose files have no mistake of their own.
  if (criteriaOk && criteria?.some((c) => c.id === 'speed')) {
    const providerFiles = new Map(
      files.filter((f) => f.source.kind === 'provider' && !spoiled(f)).map((f) => [f.facts.stub.slug as string, f]),
    );
    const scored = content.providers
      .filter(
        (p): p is typeof p & { scores: Record<string, number>; speed: SpeedRecord } =>
          providerFiles.has(p.slug) && !offLine.has(p.slug) && p.scores?.speed !== undefined && p.speed !== undefined,
      )
      .map((p): SpeedScored => ({ slug: p.slug, name: p.name, score: p.scores.speed!, speed: p.speed }));
    for (const d of speedDisagreements(scored, content.methodology?.speedTolerance ?? DEFAULT_SPEED_TOLERANCE)) {
      at(providerFiles.get(d.slug)!.source, '/scores/speed', 'error', d.message);
    }
  }

  const comparisonFile = files.find((f) => f.source.kind === 'comparison');
  if (spoiled(comparisonFile)) return;
  const comparison = content.comparison;
  const pairs = new Set(comparison ? comparePairs(content.providers, comparison.pairs?.limit).map((p) => p.slug) : []);
  const fileOf = new Map(files.filter((f) => f.source.kind === 'provider').map((f) => [f.facts.stub.slug as string, f]));
  for (const file of files) {
    const { source: s, facts } = file;
    if (s.kind !== 'pair' || spoiled(file)) continue;
    const slug = facts.stub.slug as string;
    if (pairs.has(slug)) continue;
    if (!comparison) {
      at(s, '/slug', 'error', `compare/${slug}.yaml needs data/comparison.yaml, which makes the head-to-head pages`);
      continue;
    }
    const [a, b] = slug.split('-vs-');
    // A provider with a mistake in its file is reported there; one that does not exist, with every other reference to it.
    if ([a, b].some((x) => spoiled(fileOf.get(x!)))) continue;
    const missing = [a, b].find((x) => !providers.has(x!));
    if (missing) {
      refer(`provider:${missing}`)(s, '/slug', 'error', `unknown provider '${missing}'${suggestion(missing, providers.keys())}`);
      continue;
    }
    const gone = [a, b].map((x) => providers.get(x!)!).find((p) => p.status === 'discontinued');
    if (gone)
      at(
        s,
        '/slug',
        'error',
        `${gone.name} has shut down: /compare/${slug} now redirects to the other provider's review, so this file is read by no page; remove it`,
      );
    else if (pairs.has(`${b}-vs-${a}`))
      at(
        s,
        '/slug',
        'error',
        `the page for this pair is /compare/${b}-vs-${a} (${providers.get(b!)?.name ?? b} ranks first by rating): name the file compare/${b}-vs-${a}.yaml and its slug ${b}-vs-${a}`,
      );
    else
      at(
        s,
        '/slug',
        'error',
        `no head-to-head page is made for '${slug}': a pair is two reviewed providers${comparison.pairs?.limit ? ` among the first ${comparison.pairs.limit} by rating` : ''}, the one ranked higher first${suggestion(slug, pairs)}`,
      );
  }
}
