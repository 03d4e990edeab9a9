/**
 * One verdict per question on a head-to-head page. The scores decide each criterion (within the tie margin it is a
 * tie), so the verdicts, the scores block and the closing advice read the same numbers; a sentence of the editor's
 * that gives a criterion to the provider that did not win it is an error. Which speed-test locations the two share
 * decides whether the page may say they were tested the same way. Pure: the site's pages import it too.
 */

export type Verdict = 'a' | 'b' | 'tie' | 'untested';

/** How far apart two scores out of 10 may be and still be a tie, when comparison.yaml does not say. */
export const DEFAULT_TIE_MARGIN = 0.2;

/** Each criterion's verdict by the scores: the higher wins, unless the two are within `margin` of each other. */
export function scoreVerdicts(
  criteria: readonly { id: string }[],
  a: Readonly<Record<string, number | undefined>>,
  b: Readonly<Record<string, number | undefined>>,
  margin: number,
): Record<string, Verdict> {
  return Object.fromEntries(
    criteria.map((c) => {
      const x = a[c.id];
      const y = b[c.id];
      if (x === undefined || y === undefined) return [c.id, 'untested'];
      // Scores have one decimal; rounding the difference keeps 9.3 - 9.1 from being 0.2000000001.
      const gap = Math.round(Math.abs(x - y) * 1000) / 1000;
      return [c.id, gap <= margin ? 'tie' : x > y ? 'a' : 'b'];
    }),
  );
}

/** The words that claim a criterion for a provider: "the fastest", "cheaper", "more private". */
export const CLAIM_WORDS: Readonly<Record<string, RegExp>> = {
  speed: /\b(?:fast(?:er|est)|quick(?:er|est)|speedi(?:er|est)|(?:more|most) speed)\b/gi,
  security: /\b(?:(?:more |most )?secure|safer|safest|strongest security|stronger security)\b/gi,
  privacy: /\b(?:more private|most private|(?:better|best|strongest|stronger) privacy)\b/gi,
  streaming: /\b(?:(?:better|best) for streaming|(?:better|best) streaming|unblocks more)\b/gi,
  'ease-of-use': /\b(?:easier|easiest|simpler|simplest)\b/gi,
  value: /\b(?:cheaper|cheapest|for less|better value|best value|less money|lower price)\b/gi,
  support: /\b(?:(?:better|best) support)\b/gi,
};

/** A claim in a text that gives a criterion to the side that did not win it. */
export interface ClaimConflict {
  /** The words that make the claim, and their place among equal ones in the text. */
  needle: string;
  nth: number;
  message: string;
}

/**
 * The sentences of a pair's text that contradict its verdicts. A sentence is about the provider it names; when it
 * names both, about the one after "Choose". `names` are the pair's a and b; `describe(id)` says what decided it.
 */
export function claimConflicts(
  text: string,
  names: { a: string; b: string },
  verdicts: Readonly<Record<string, Verdict>>,
  describe: (criterion: string, verdict: Verdict) => string,
): ClaimConflict[] {
  const out: ClaimConflict[] = [];
  const seen = new Map<string, number>();
  let offset = 0;
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const start = text.indexOf(sentence, offset);
    offset = start + sentence.length;
    const hasA = sentence.includes(names.a);
    const hasB = sentence.includes(names.b);
    const chosen = /\bchoose ([A-Z][\w ]*?)(?= for| when| if|,|$)/i.exec(sentence)?.[1];
    const side = hasA && !hasB ? 'a' : hasB && !hasA ? 'b' : chosen === names.a ? 'a' : chosen === names.b ? 'b' : undefined;
    for (const [id, re] of Object.entries(CLAIM_WORDS)) {
      re.lastIndex = 0;
      for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
        const nth = seen.get(m[0]) ?? 0;
        seen.set(m[0], nth + 1);
        const v = verdicts[id];
        if (!side || v === undefined || v === 'untested' || v === side) continue;
        out.push({ needle: m[0], nth, message: `"${m[0]}" gives ${id} to ${names[side]}, but ${describe(id, v)}` });
      }
    }
    // Equal words earlier in the text count towards a needle's place even when they are in no claim.
  }
  return out;
}

/** Which speed-test locations the two share, and which only one has: the same method only when none differ. */
export function locationSplit(a: readonly string[], b: readonly string[]): { shared: string[]; onlyA: string[]; onlyB: string[] } {
  const inB = new Set(b);
  const inA = new Set(a);
  return { shared: a.filter((l) => inB.has(l)), onlyA: a.filter((l) => !inB.has(l)), onlyB: b.filter((l) => !inA.has(l)) };
}
