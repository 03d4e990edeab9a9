/**
 * The figure rules that need every provider's record: references ({{…}}) that name a provider, plan and figure that
 * exist, figures typed beside a provider's name, and prices checked too long ago.
 */
import type { CheckedFile } from './checked-file.ts';
import { draftText, type ProviderStub } from './provider-stub.ts';
import type { FactPointers } from './file-facts.ts';
import { daysSince } from './figure-format.ts';
import { AGGREGATES, isAggregate, PLAN_FIELDS, PROVIDER_FIELDS, SPEED_FIELDS, referenceProblem, referencesIn } from './figures.ts';
import { literalFigures, literalMessage, providerNamedFor, type Literal } from './figure-rules.ts';
import { suggestion, type Problem, type Severity } from './problem.ts';
import { locate, locateText, type SourceFile } from './source.ts';

/** How old a checked price may be, in days, when site.yaml does not say. */
export const DEFAULT_MAX_AGE_DAYS = 90;

/** A problem at a piece of a string value (locateText). */
export function textReporter(problems: Problem[]) {
  return (s: SourceFile, pointer: string, needle: string, nth: number, severity: Severity, message: string) => {
    const pos = locateText(s, pointer, needle, nth);
    problems.push({ file: s.file, line: pos.line, column: pos.column, pointer, severity, message });
  };
}

/** How many figures before the i-th one in a string have the same text: its place among equal ones. */
export const ordinal = (list: readonly Literal[], i: number) => list.slice(0, i).filter((l) => l.text === list[i]!.text).length;

type PointerOf = (f: CheckedFile, list: keyof FactPointers, k: number) => string;

/** The figure rules over every file, given every provider's record; `check` runs them on one file. */
export function figureRules(
  problems: Problem[],
  providers: ReadonlyMap<string, ProviderStub>,
  /** `testLine`: methodology.yaml has the record that {{method.…}} figures are read from. */
  opts: { today: string; maxAgeDays: number; testLine?: boolean },
  /** The list of problems that share a cause (a provider that does not exist), folded into one. */
  sharing: (cause: string) => Problem[] = () => problems,
) {
  const atText = textReporter(problems);
  const names = [...providers.values()].map((p) => ({ slug: p.slug, name: p.name }));
  const hint = (raw: string): string => {
    const ref = referencesIn(raw)[0]!;
    const p = providers.get(ref.provider);
    if (!p) return suggestion(ref.provider, [...providers.keys(), ...Object.keys(AGGREGATES)]);
    if (ref.plan !== undefined && p.plans && !Object.hasOwn(p.plans, ref.plan)) return suggestion(ref.plan, Object.keys(p.plans));
    const fields: readonly string[] = [...PROVIDER_FIELDS, ...SPEED_FIELDS, ...PLAN_FIELDS];
    return fields.includes(ref.field) ? '' : suggestion(ref.field, fields);
  };
  return {
    /** `inDraft`: the file is a draft, which may quote a draft provider's figures. */
    check(file: CheckedFile, pointerOf: PointerOf, inDraft = false): void {
      const { source: s, facts } = file;
      facts.figures.forEach(([raw, nth], k) => {
        const ref = referencesIn(raw)[0]!;
        const p = providers.get(ref.provider);
        // A provider whose plans have a mistake of their own: that mistake is the error, not every reference to them.
        if (p && !p.plans) return;
        if (p?.draft && !inDraft) {
          textReporter(sharing(`draft:${p.slug}`))(
            s,
            pointerOf(file, 'figures', k),
            raw,
            nth,
            'error',
            `${raw}: ${draftText(p)}; publish it first (remove draft: true once it is filled in) or quote another provider`,
          );
          return;
        }
        const unrecorded = ref.provider === 'method' && ['line', 'city', 'runs', 'days'].includes(ref.field) && !opts.testLine;
        const problem = unrecorded
          ? 'methodology.yaml has no testLine, the one record of the test conditions this figure is read from'
          : referenceProblem(ref, providers as ReadonlyMap<string, Required<ProviderStub>>);
        if (!problem) return;
        // References to a provider that does not exist are one error with the others that name it.
        const list = p || isAggregate(ref.provider) ? problems : sharing(`provider:${ref.provider}`);
        textReporter(list)(s, pointerOf(file, 'figures', k), raw, nth, 'error', `${raw}: ${problem}${hint(raw)}`);
      });
      facts.named.forEach((value, k) => {
        const { ifNamed } = literalFigures(value, false);
        ifNamed.forEach((l, i) => {
          const slug = providerNamedFor(value, l.index, names);
          if (slug) atText(s, pointerOf(file, 'named', k), l.text, ordinal(ifNamed, i), 'error', literalMessage(l, slug));
        });
      });
      for (const { pointer, date } of facts.checked) {
        const days = daysSince(date, opts.today);
        if (days > opts.maxAgeDays) {
          const pos = locate(s, pointer);
          problems.push({
            file: s.file,
            line: pos.line,
            column: pos.column,
            pointer,
            severity: 'warning',
            message: `price checked on ${date}, ${days} days ago (more than ${opts.maxAgeDays}, site.yaml prices.maxAgeDays): check it at the provider and update the date`,
          });
        }
      }
    },
  };
}
