/**
 * Provider figures written out in text. A price, discount, server count, country count, device limit or rating
 * lives in the provider's record alone; a page names the provider (and plan) and the site shows the figure, or the
 * text quotes it with a reference such as {{nordvpn.price}} (figures.ts). These rules find figures typed in
 * instead, where their form gives them away.
 */
import { referencesIn } from './figures.ts';

export type FigureKind =
  | 'price'
  | 'discount'
  | 'servers'
  | 'countries'
  | 'devices'
  | 'rating'
  | 'count'
  | 'testLine'
  | 'measurement'
  | 'upTo';

/** A figure typed into a text: its kind, the text that matched, and where in the string. */
export interface Literal {
  kind: FigureKind;
  text: string;
  index: number;
}

// Not part of a range ("30-50% savings", "$10-15") nor of a longer number.
const NOT_AFTER = '(?<![\\d.,\\-–])';

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|unlimited';

/** A count as prose writes it: "8", "100+", "eight". */
const COUNT = `(?:\\d+\\+?|${NUMBER_WORDS.replace('|unlimited', '')})`;
/** VPNs, counted: what the site reviews. */
const VPNS = '(?:VPN services|VPN providers|VPNs)';
/** Words that make a count of VPNs a count of the site's own reviews. */
const REVIEWING = '(?:reviewed|tested|rated|compared)';

/**
 * Counts of the site's own reviews, which change as providers are added or shut down: "the eight services we
 * reviewed", "reviews of eight VPN services", "100+ VPNs tested", "tested more than 100 VPN services". Only
 * {{count.reviewed}} may say how many there are. Bare "services" counts only beside "we reviewed" or "we rated":
 * "all six services we tested" may be streaming services.
 */
const REVIEW_COUNTS = [
  new RegExp(`${NOT_AFTER}\\b${COUNT} ${VPNS} (?:(?:that )?we(?:'ve| have)? )?${REVIEWING}\\b`, 'gi'),
  new RegExp(`${NOT_AFTER}\\b${COUNT} (?:services|providers) (?:(?:that )?we(?:'ve| have)? )(?:reviewed|rated)\\b`, 'gi'),
  new RegExp(`\\b(?:reviews of|all|${REVIEWING}(?: more than| over)?) ${COUNT} ${VPNS}`, 'gi'),
];

/** A stat tile's label that makes its value a count of the site's reviews ("VPNs tested"). */
export const REVIEW_COUNT_LABEL = new RegExp(`\\b${VPNS}\\b.*\\b${REVIEWING}\\b`, 'i');

/** A number or a range of two: "8", "9.1", "18-25", "18 to 25". */
const AMOUNT = '\\d+(?:\\.\\d+)?(?:\\s*(?:-|–|to)\\s*\\d+(?:\\.\\d+)?)?';

/**
 * Measurements: a speed, a ping, a score out of 10, and a percent in a text about speed (a speed lost or kept).
 * Ours come from the tests through a figure; someone else's carries a source the page shows (a block's `source:`).
 */
export const MEASUREMENTS: [FigureKind, RegExp][] = [
  ['measurement', new RegExp(`${NOT_AFTER}\\b${AMOUNT} ?(?:Mbps|Gbps|Mbit/s|Mb/s)\\b`, 'gi')],
  ['measurement', new RegExp(`${NOT_AFTER}\\b${AMOUNT} ?ms\\b`, 'gi')],
  ['measurement', new RegExp(`${NOT_AFTER}\\b\\d{1,2}(?:\\.\\d+)? ?(?:\\/ ?10|out of 10)\\b`, 'gi')],
];
/** A percent that is a measurement when its text is about speed. */
const PERCENT = new RegExp(`${NOT_AFTER}\\b${AMOUNT} ?(?:%|per ?cent\\b)`, 'gi');
const ABOUT_SPEED =
  /\b(?:speeds?|slow(?:er|s|down)?|fast(?:er|est)?|loss|los(?:e|es|t|ing)|kept|keeps?|retain(?:s|ed)?|download|upload|throughput|bandwidth|reduc(?:e|es|ed|tion)|latency|ping)\b/i;

/** Forms that are a provider's figure wherever they appear: a price in cents, a percent off, "N+ servers". */
const ALWAYS: [FigureKind, RegExp][] = [
  // "Up to 82%" claims the largest discount there is: only {{max.discount}} knows it.
  ['upTo', new RegExp(`\\bup to ${AMOUNT} ?%(?: (?:off|discount|savings?))?`, 'gi')],
  ...MEASUREMENTS,
  ['price', new RegExp(`${NOT_AFTER}\\$\\d+\\.\\d{2}(?![\\d-])`, 'g')],
  ['discount', new RegExp(`${NOT_AFTER}\\b\\d{1,2}% (?:off|discount|savings?)\\b`, 'gi')],
  ['servers', new RegExp(`${NOT_AFTER}\\b\\d{1,3}(?:,?\\d{3})*\\+ servers\\b`, 'gi')],
  ...REVIEW_COUNTS.map((re): [FigureKind, RegExp] => ['count', re]),
  // The site's own test line ("from a 100 Mbps line", "our 1 Gbps test line"), not any line a reader might have.
  [
    'testLine',
    /\b(?:our|from a|on a|to a|of a|of our|against a)(?: (?:fibre|test))? \d+ [MG]bps(?: fibre)?(?: test)? (?:line|connection)\b/gi,
  ],
];

/** Forms that are a provider's figure when the text is about a provider: "94 countries", "six devices", "4.9/5". */
const ABOUT_A_PROVIDER: [FigureKind, RegExp][] = [
  ['servers', new RegExp(`${NOT_AFTER}\\b\\d{1,3}(?:,?\\d{3})* servers\\b`, 'gi')],
  ['countries', new RegExp(`${NOT_AFTER}\\b\\d{1,3} countries\\b`, 'gi')],
  ['devices', new RegExp(`${NOT_AFTER}\\b(?:\\d{1,2}|${NUMBER_WORDS}) (?:simultaneous )?(?:devices?|connections?)\\b`, 'gi')],
  ['rating', new RegExp(`${NOT_AFTER}\\b[0-5]\\.\\d ?(?:\\/ ?5|out of 5|stars?)(?![\\w])`, 'gi')],
];

/** The sentence of a text that holds the character at `index`. */
function sentenceAt(text: string, index: number): string {
  const start = Math.max(
    text.lastIndexOf('. ', index),
    text.lastIndexOf('! ', index),
    text.lastIndexOf('? ', index),
    text.lastIndexOf('\n', index),
  );
  const ends = ['. ', '! ', '? ', '\n'].map((e) => text.indexOf(e, index)).filter((i) => i !== -1);
  return text.slice(start + 1, ends.length ? Math.min(...ends) : text.length);
}

const MAY_MATCH = new RegExp(`\\d|\\b(?:${NUMBER_WORDS})\\b`, 'i');

function scan(value: string, patterns: [FigureKind, RegExp][], out: Literal[]): void {
  for (const [kind, re] of patterns) {
    re.lastIndex = 0;
    for (let m = re.exec(value); m; m = re.exec(value)) {
      out.push({ kind, text: m[0], index: m.index });
    }
  }
}

/**
 * The figures typed into one string. `aboutProvider`: the string is about one provider (in its file, or beside a
 * `provider:` key), so counts are figures too. Otherwise the counts come back apart, to be judged once the provider
 * names are known (a string that names a provider is about it).
 */
export function literalFigures(value: string, aboutProvider: boolean): { always: Literal[]; ifNamed: Literal[] } {
  const always: Literal[] = [];
  const ifNamed: Literal[] = [];
  if (!MAY_MATCH.test(value)) return { always, ifNamed };
  // A reference ({{nordvpn.2-year.price}}) holds a plan id, not a figure: blanked, so that indexes stay put.
  const text = value.includes('{{') ? value.replace(/\{\{[^}]*\}\}/g, (m) => ' '.repeat(m.length)) : value;
  scan(text, ALWAYS, always);
  // A percent is a speed lost or kept when its own sentence is about speed ("38% contained malware" is not).
  if (ABOUT_SPEED.test(text)) {
    const percents: Literal[] = [];
    scan(text, [['measurement', PERCENT]], percents);
    for (const l of percents) if (ABOUT_SPEED.test(sentenceAt(text, l.index))) always.push(l);
  }
  scan(text, ABOUT_A_PROVIDER, aboutProvider ? always : ifNamed);
  // One typed figure is one mistake, however many forms match it ("from a 100 Mbps line", "Up to 82% off").
  always.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  for (let i = always.length - 1; i > 0; i--) {
    const l = always[i]!;
    if (always.slice(0, i).some((e) => e.index + e.text.length > l.index)) always.splice(i, 1);
  }
  // Two forms of one count ("all eight VPN services we tested") are one mistake.
  const counts = always.filter(
    (l, i) => l.kind !== 'count' || !always.slice(0, i).some((e) => e.kind === 'count' && e.index + e.text.length > l.index),
  );
  return { always: counts, ifNamed };
}

/** Which reference to write instead of a typed figure. */
export function literalMessage(l: Literal, provider: string | undefined): string {
  if (l.kind === 'testLine')
    return `test line "${l.text}" is written out; the speed-test conditions live once, in methodology.yaml testLine: write {{method.line}}`;
  if (l.kind === 'measurement') {
    const slug = provider ?? '<provider>';
    return `measurement "${l.text}" is typed into the text: ours come from the tests through a figure ({{${slug}.speedLoss}}, {{${slug}.download}}, {{${slug}.ping}}), and a number that is not ours needs its source beside it (source:, which the page shows)`;
  }
  if (l.kind === 'upTo')
    return `"${l.text}" is typed; "up to" is the largest discount the page shows, which changes with the prices: write "Up to {{max.discount}}"`;
  if (l.kind === 'count')
    return `count "${l.text}" is written out; how many providers the site reviews comes from the content: write {{count.reviewed}}`;
  const slug = provider ?? '<provider>';
  const ref =
    l.kind === 'servers' || l.kind === 'countries' || l.kind === 'devices' || l.kind === 'rating'
      ? `{{${slug}.${l.kind}}}`
      : `{{${slug}.${l.kind}}} (or {{${slug}.<plan>.${l.kind}}})`;
  const what = {
    price: 'price',
    discount: 'discount',
    servers: 'server count',
    countries: 'country count',
    devices: 'device limit',
    rating: 'rating',
  }[l.kind];
  return `${what} "${l.text}" is written out; a provider's figures come only from its record in data/providers: write ${ref}, or show the plan through a card`;
}

/** The references in a string, each with its place among equal ones (for locating it). */
export function referencesWithOrdinal(value: string): [raw: string, nth: number][] {
  const seen = new Map<string, number>();
  return referencesIn(value).map((r) => {
    const nth = seen.get(r.raw) ?? 0;
    seen.set(r.raw, nth + 1);
    return [r.raw, nth];
  });
}

/**
 * The provider a figure in a text is about: the last one named before it, else the first one named after it.
 * Undefined when the text names none.
 */
export function providerNamedFor(value: string, index: number, names: readonly { slug: string; name: string }[]): string | undefined {
  let before: [number, string] | undefined;
  let after: [number, string] | undefined;
  for (const { slug, name } of names) {
    // A provider whose name has a mistake of its own is left out: an empty name would match everywhere.
    if (!name) continue;
    for (let i = value.indexOf(name); i !== -1; i = value.indexOf(name, i + 1)) {
      if (i < index && (!before || i > before[0])) before = [i, slug];
      if (i >= index && (!after || i < after[0])) after = [i, slug];
    }
  }
  return (before ?? after)?.[1];
}
