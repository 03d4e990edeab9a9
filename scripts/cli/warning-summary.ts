/**
 * Warnings at a glance: without --verbose, `vpnsite validate` and `vpnsite build` print one line per kind of warning,
 * with how many there are and the first as an example ("13 prices older than 90 days, e.g. data/…:36:14 …"), so a
 * first run is a short list of what to do rather than a wall of lines. Errors are never grouped: each is its own
 * mistake, at its own file:line:col.
 */

/** One warning: its message, and where it is, as the verbose line prints it. */
export interface Warning {
  message: string;
  line: string;
}

const s = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** The kinds of warning the validator and the build's page checks give, each with the words for how many. */
const KINDS: { test: RegExp; label: (n: number, m: RegExpExecArray) => string }[] = [
  { test: /^price checked on \S+, \d+ days ago \(more than (\d+)/, label: (n, m) => `${n} ${s(n, 'price')} older than ${m[1]} days` },
  { test: /^due for retest: /, label: (n) => `${n} ${s(n, 'provider')} due for retest` },
  { test: /^no affiliate link yet/, label: (n) => `${n} ${s(n, 'provider')} without an affiliate link` },
  { test: /^offer ended on /, label: (n) => `${n} ${s(n, 'offer that has', 'offers that have')} ended` },
  { test: /^this routing rule's schedule ended on /, label: (n) => `${n} routing ${s(n, 'rule')} whose schedule has ended` },
  { test: /^conversions from this link cannot be matched/, label: (n) => `${n} paid ${s(n, 'link')} without {click_id}` },
  { test: /^deepLink needs an affiliate link/, label: (n) => `${n} ${s(n, 'deepLink')} without an affiliate link` },
  { test: /^last updated \S+, more than 12 months before/, label: (n) => `${n} ${s(n, 'page')} last updated more than 12 months ago` },
  { test: /^title is \d+ characters/, label: (n) => `${n} ${s(n, 'title')} longer than 60 characters` },
  { test: /^title ".*" is also used by/, label: (n) => `${n} ${s(n, 'title')} used by another page` },
  { test: /^description is \d+ characters/, label: (n) => `${n} ${s(n, 'description')} longer than 160 characters` },
  { test: /^description is also used by/, label: (n) => `${n} ${s(n, 'description')} used by another page` },
];

/**
 * One line per kind, in the order each kind first appears. A warning of no known kind is grouped with those of the
 * same message once numbers and quoted text are set aside, and counted as "warnings like this".
 */
export function warningSummary(warnings: readonly Warning[]): string[] {
  const groups = new Map<string, { label: (n: number) => string; first: Warning; n: number }>();
  for (const w of warnings) {
    const kind = KINDS.findIndex((k) => k.test.test(w.message));
    const key = kind >= 0 ? `kind:${kind}` : `text:${w.message.replace(/"[^"]*"|'[^']*'|\d+/g, '#')}`;
    const group = groups.get(key);
    if (group) group.n++;
    else {
      const m = kind >= 0 ? KINDS[kind]!.test.exec(w.message)! : undefined;
      groups.set(key, { label: m ? (n) => KINDS[kind]!.label(n, m) : (n) => `${n} ${s(n, 'warning')} like this`, first: w, n: 1 });
    }
  }
  return [...groups.values()].map((g) => `${g.label(g.n)}, e.g. ${g.first.line}`);
}

/** The note under a summary, pointing at the full list. */
export const SUMMARY_NOTE = 'warnings grouped by kind: --verbose or --format json lists every one';
