/**
 * The claim rules that need other files: a pick set's measure must be one there is (a base measure or a criterion of
 * methodology.yaml), and a pair's text may not give a criterion to the provider that did not win it by the scores.
 */
import type { CheckedFile } from './checked-file.ts';
import { BASE_MEASURES, PARTNERS } from './measures.ts';
import { claimConflicts, DEFAULT_TIE_MARGIN, scoreVerdicts } from './pair-claims.ts';
import { suggestion, type Severity } from './problem.ts';
import type { SourceFile } from './source.ts';

type At = (s: SourceFile, pointer: string, severity: Severity, message: string) => void;
type AtText = (s: SourceFile, pointer: string, needle: string, nth: number, severity: Severity, message: string) => void;

/** What these rules read of the content's stubs. */
export interface ClaimContent {
  providers: { slug: string; name: string; scores?: Record<string, number> }[];
  methodology?: { criteria?: { id: string; name: string }[] };
  comparison?: { pairs?: { tieMargin?: number } };
}

export function claimChecks(files: readonly CheckedFile[], content: ClaimContent, at: At, atText: AtText): void {
  const criteria = content.methodology?.criteria ?? [];
  const known = [...BASE_MEASURES, ...criteria.map((c) => c.id), PARTNERS];
  const bySlug = new Map(content.providers.map((p) => [p.slug, p]));
  const margin = content.comparison?.pairs?.tieMargin ?? DEFAULT_TIE_MARGIN;
  for (const { source: s, facts } of files) {
    for (const m of facts.measures ?? [])
      if (!known.includes(m.by))
        at(
          s,
          m.pointer,
          'error',
          `unknown measure '${m.by}': a pick set is chosen by one of ${known.join(', ')}${suggestion(m.by, known)}`,
        );
    if (!facts.claims?.length) continue;
    const slug = String(facts.stub.slug ?? '');
    const cut = slug.indexOf('-vs-');
    const a = bySlug.get(slug.slice(0, cut));
    const b = bySlug.get(slug.slice(cut + 4));
    if (cut === -1 || !a?.scores || !b?.scores) continue;
    const verdicts = scoreVerdicts(criteria, a.scores, b.scores, margin);
    const describe = (id: string, v: string) =>
      `this page's ${id} verdict is ${v === 'tie' ? 'a tie' : `for ${v === 'a' ? a.name : b.name}`} (scores ${a.scores![id]} and ${b.scores![id]}; scores within ${margin} are a tie): say what the verdict says`;
    for (const claim of facts.claims)
      for (const c of claimConflicts(claim.text, { a: a.name, b: b.name }, verdicts, describe))
        atText(s, claim.pointer, c.needle, c.nth, 'error', c.message);
  }
}
