/**
 * A file's own rules about what its words claim: a set of partners that calls itself the best, deal words that claim
 * current prices outside the part of the deals page shown only while they are, a review of a service that has shut
 * down that still sells it, and an article whose <title> and heading disagree. Also hands on the measures its pick
 * sets name and the claims of a pair's text, judged later against the criteria and the scores (claim-checks.ts).
 */
import type { Kind } from './schemas/index.ts';
import type { FileFacts } from './file-facts.ts';
import { PLACEHOLDER_TEXT, walkStrings } from './file-facts.ts';
import { PARTNERS } from './measures.ts';
import { CLAIM_WORDS } from './pair-claims.ts';
import { locate, locateText, type SourceFile } from './source.ts';
import type { Severity } from './problem.ts';

type At = (s: SourceFile, pointer: string, severity: Severity, message: string, where?: 'value' | 'key') => void;
type AtText = (s: SourceFile, pointer: string, needle: string, nth: number, severity: Severity, message: string) => void;

/** Words that claim a set is the best at something, which a set of partners may not. */
const BEST = /\b(?:best|top|fastest|cheapest|lowest|highest|strongest|leading|winners?|#1|number one|we measured|in our tests)\b/i;
/** Words that claim the prices are current: earned only while every price on the page is recent. */
const FRESH = /\b(?:verified|today's|we check every price|checked daily|up-to-the-minute|live prices?)\b/i;
/** Words that recommend a service: a review of one that has shut down may use none of them. */
const RECOMMENDING =
  /\b(?:recommend(?:ed|s)?|sensible|(?:a |an )?(?:good|great|excellent|smart) (?:choice|pick|option|place|way)|best (?:value|choice|pick|for)|top pick|budget pick|worth (?:it|buying|trying|a look)|place to start|way in|good for|sign up|bargain|lowest price|cheapest)\b/i;
/** A price in text: a figure of one, or a price typed. */
const PRICE = /\{\{\s*[a-z0-9-]+(?:\.[a-z0-9-]+)?\.(?:price|regularPrice|discount|savings)\s*\}\}|\$\d/;
/** A year in a title: an archive's title has none. */
const YEAR = /\b(?:19|20)\d{2}\b/;

/** The pick sets of a file, by the pointer of their `by:`: page sets and block sets. */
function pickSets(kind: Kind, data: Record<string, unknown>): { pointer: string; by: string; scope: string }[] {
  const out: { pointer: string; by: string; scope: string }[] = [];
  const add = (pointer: string, by: unknown, scope: string) => typeof by === 'string' && out.push({ pointer, by, scope });
  const picks = (data.picks ?? (data.providers as { picks?: unknown } | undefined)?.picks) as { by?: unknown } | undefined;
  if (kind === 'gaming' || kind === 'deals') add('/picks/by', picks?.by, '');
  if (kind === 'streaming') add('/providers/picks/by', picks?.by, '');
  if (kind === 'deals')
    ((data.whoFor as { items?: { by?: unknown }[] } | undefined)?.items ?? []).forEach((item, i) =>
      add(`/whoFor/items/${i}/by`, item.by, `/whoFor/items/${i}`),
    );
  if (kind === 'site')
    add('/home/comparison/featuredBy', (data.home as { comparison?: { featuredBy?: unknown } })?.comparison?.featuredBy, '');
  if (Array.isArray(data.blocks)) (data.blocks as { by?: unknown }[]).forEach((b, i) => b && add(`/blocks/${i}/by`, b.by, `/blocks/${i}`));
  return out;
}

/** The claim rules of one file; `usable(pointer)` is false for values its schema errors are about. */
export function claimRules(
  s: SourceFile & { kind: Kind },
  data: Record<string, unknown>,
  facts: FileFacts,
  at: At,
  atText: AtText,
  usable: (pointer: string) => boolean,
): void {
  // Every pick set's measure, judged against the criteria once they are known.
  const sets = pickSets(s.kind, data).filter((x) => usable(x.pointer));
  for (const set of sets) {
    locate(s, set.pointer);
    (facts.measures ??= []).push({ pointer: set.pointer, by: set.by });
  }
  // A set of partners says so and claims nothing more: on a page, every word of it; in a block, the block's.
  for (const set of sets.filter((x) => x.by === PARTNERS)) {
    walkStrings(data, undefined, (key, value, _parent, pointer) => {
      const p = pointer();
      if (!p.startsWith(`${set.scope}/`) || key === 'by' || key === 'provider' || /\/faq\//.test(p)) return;
      const m = BEST.exec(value);
      if (m)
        atText(
          s,
          p,
          m[0],
          0,
          'error',
          `"${m[0]}" claims the best, but this set is chosen by who pays us (by: partners): say "our partners", or choose it by a measure (by: rating, ping, price, a score...)`,
        );
    });
  }
  if (s.kind === 'deals')
    walkStrings(data, undefined, (_key, value, _parent, pointer) => {
      const p = pointer();
      if (p.startsWith('/fresh/') || !usable(p)) return;
      const m = FRESH.exec(value);
      if (m)
        atText(
          s,
          p,
          m[0],
          0,
          'error',
          `"${m[0]}" claims the prices are current, whatever their age: put it under fresh:, which the page shows only while every price on it was checked within site.yaml prices.maxAgeDays`,
        );
    });
  if (s.kind === 'provider' && data.status === 'discontinued' && data.review && typeof data.review === 'object')
    archiveRules(s, data, at, atText, usable);
  if (s.kind === 'article') titleRule(s, data, at, usable);
  if (s.kind === 'pair')
    walkStrings(data, undefined, (_key, value, _parent, pointer) => {
      const p = pointer();
      if (!/^\/(?:intro|verdict)\//.test(p) || !usable(p)) return;
      // Each claim word is located now, while the text is at hand: it is judged once the scores are known.
      const seen = new Map<string, number>();
      let any = false;
      for (const re of Object.values(CLAIM_WORDS)) {
        re.lastIndex = 0;
        for (let m = re.exec(value); m; m = re.exec(value)) {
          const nth = seen.get(m[0]) ?? 0;
          seen.set(m[0], nth + 1);
          locateText(s, p, m[0], nth);
          any = true;
        }
      }
      if (any) (facts.claims ??= []).push({ pointer: p, text: value });
    });
}

/** A discontinued provider's review is an archive: no year, no badge, no price, no word that recommends it. */
function archiveRules(s: SourceFile, data: Record<string, unknown>, at: At, atText: AtText, usable: (pointer: string) => boolean): void {
  const review = data.review as Record<string, unknown>;
  for (const pointer of ['/review/title', '/review/meta/title']) {
    const title = pointer === '/review/title' ? review.title : (review.meta as { title?: unknown } | undefined)?.title;
    if (typeof title !== 'string' || !usable(pointer)) continue;
    const year = YEAR.exec(title);
    if (year)
      atText(
        s,
        pointer,
        year[0],
        0,
        'error',
        `the review of a service that has shut down is an archive: its title has no year, and says it is discontinued`,
      );
    else if (!/\bdiscontinued\b/i.test(title))
      at(s, pointer, 'error', `the review of a service that has shut down says so in its title, e.g. "${data.name} Review (Discontinued)"`);
  }
  if (review.badge !== undefined && usable('/review/badge'))
    at(s, '/review/badge', 'error', `the review of a service that has shut down has no badge: it is no one's pick any more`, 'key');
  walkStrings(review, undefined, (key, value, _parent, pointer) => {
    const p = `/review${pointer()}`;
    // The deal box and the buttons are not shown for a service that has shut down.
    if (!usable(p) || /^\/review\/(?:deal|verdict\/cta|meta\/keywords|speed|features|updated|author)/.test(p) || key === 'variant') return;
    if (/^\/review\/(?:pros|verdict)\//.test(p)) {
      const price = PRICE.exec(value);
      if (price) {
        atText(
          s,
          p,
          price[0],
          0,
          'error',
          `a price in the pros or verdict of a service that has shut down sells what no one can buy: leave it out`,
        );
        return;
      }
    }
    const m = RECOMMENDING.exec(value);
    if (m)
      atText(
        s,
        p,
        m[0],
        0,
        'error',
        `"${m[0]}" recommends ${data.name}, which has shut down: its review is an archive, in the past tense, that points readers elsewhere`,
      );
  });
}

/** The words of a title, without case or punctuation. */
const words = (t: string) => t.toLowerCase().match(/[a-z0-9+]+/g) ?? [];

/**
 * An article's <title> (before " | ") names the page as its heading does: it may leave words out, to fit a search
 * result, but every word it has is the heading's, in the heading's order.
 */
function titleRule(s: SourceFile, data: Record<string, unknown>, at: At, usable: (pointer: string) => boolean): void {
  const title = data.title;
  const meta = (data.meta as { title?: unknown } | undefined)?.title;
  if (typeof title !== 'string' || typeof meta !== 'string' || !usable('/meta/title') || !usable('/title')) return;
  // A placeholder is already an error where it stands; a title and a heading not yet written cannot disagree.
  if (PLACEHOLDER_TEXT.test(title) || PLACEHOLDER_TEXT.test(meta)) return;
  const head = meta.split(' | ')[0]!.trim();
  const heading = words(title);
  let i = 0;
  for (const w of words(head)) {
    while (i < heading.length && heading[i] !== w) i++;
    if (i === heading.length) {
      at(
        s,
        '/meta/title',
        'error',
        `the <title> says "${head}" and the page's heading "${title}": "${w}" is not the heading's; a title may shorten the heading, never say something else`,
      );
      return;
    }
    i++;
  }
}
