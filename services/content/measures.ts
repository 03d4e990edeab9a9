/**
 * The measures a set of picks is chosen by. A "best for X" box on any page names one measure, and its picks are the
 * top of that measure over every reviewed provider still in business, so no one can type a pick list by hand and no
 * commission can move a provider into one. `partners` is the one set that is not a measure: the providers that pay
 * the site, said as such, with no claim that they are the best at anything. Pure: the site's components import it.
 */
import { speedFigures } from './speed.ts';
import { formatDiscount, formatPrice, planOf, type FigureSource } from './figure-format.ts';
import { rankCompare } from './ranking.ts';

/** The measures that are not a score. Any criterion id of methodology.yaml is a measure too: its score. */
export const BASE_MEASURES = ['rating', 'ping', 'download', 'price', 'discount'] as const;
/** The set that is chosen by who pays, not by a measure. */
export const PARTNERS = 'partners';

/** What a measure is read from: the provider record, its scores and its paid link. */
export interface Measured extends FigureSource {
  scores?: Readonly<Record<string, number | undefined>>;
  status?: string;
  draft?: boolean;
  affiliate: string;
}

export interface Measure {
  id: string;
  /** What the page says the picks are chosen by, e.g. "Lowest ping to a nearby server in our tests". */
  label: string;
  /** The column heading of the full ranking, e.g. "Nearest-server ping". */
  column: string;
  /** Whether more is better. */
  higher: boolean;
  value: (p: Measured) => number | undefined;
  format: (n: number) => string;
}

const BASE: Record<(typeof BASE_MEASURES)[number], Omit<Measure, 'id'>> = {
  rating: {
    label: 'Highest overall rating in our reviews',
    column: 'Rating',
    higher: true,
    value: (p) => p.rating,
    format: (n) => `${n}/5`,
  },
  ping: {
    label: 'Lowest ping to a nearby server in our tests',
    column: 'Nearest-server ping',
    higher: false,
    value: (p) => speedFigures(p.review?.speed)?.ping,
    format: (n) => `${n} ms`,
  },
  download: {
    label: 'Fastest median download in our speed tests',
    column: 'Median download',
    higher: true,
    value: (p) => speedFigures(p.review?.speed)?.download,
    format: (n) => `${n} Mbps`,
  },
  price: {
    label: 'Lowest monthly price of the plan we show',
    column: 'Price a month',
    higher: false,
    value: (p) => planOf(p)?.price,
    format: formatPrice,
  },
  discount: {
    label: 'Largest discount on the plan we show',
    column: 'Discount',
    higher: true,
    value: (p) => planOf(p)?.discount ?? 0,
    format: (n) => `${formatDiscount(n)} off`,
  },
};

/** A measure by its id: a base measure, or a criterion's score; undefined for an unknown id. */
export function measureOf(id: string, criteria: readonly { id: string; name: string }[] = []): Measure | undefined {
  if (Object.hasOwn(BASE, id)) return { id, ...BASE[id as keyof typeof BASE] };
  const c = criteria.find((k) => k.id === id);
  if (!c) return undefined;
  return {
    id,
    label: `Highest ${c.name.toLowerCase()} score in our tests`,
    column: `${c.name} score`,
    higher: true,
    value: (p) => p.scores?.[id],
    format: (n) => `${n}/10`,
  };
}

/** Every measure a pick set may name, for messages and the schema's description. */
export const measureIds = (criteria: readonly { id: string }[] = []) => [...BASE_MEASURES, ...criteria.map((c) => c.id)];

/** Whether a provider is in the lists at all: reviewed, published and not shut down. */
export const listed = (p: Pick<Measured, 'review' | 'status' | 'draft'>) => !!p.review && p.status !== 'discontinued' && p.draft !== true;

export interface RankedRow {
  slug: string;
  name: string;
  /** 1-based; equal values share a rank. */
  rank: number;
  value: number;
  text: string;
}

/**
 * Every listed provider with a value for the measure, best first; equal values by rating, then by name (the site's
 * one order). A provider without the figure (never speed-tested, say) is left out rather than placed last.
 */
export function rankBy<T extends Measured>(providers: readonly T[], measure: Measure): (RankedRow & { provider: T })[] {
  const rows = providers
    .filter(listed)
    .map((p) => ({ p, v: measure.value(p) }))
    .filter((x): x is { p: T; v: number } => x.v !== undefined);
  rows.sort((x, y) => (measure.higher ? y.v - x.v : x.v - y.v) || rankCompare(x.p, y.p));
  let rank = 0;
  return rows.map((x, i) => {
    if (i === 0 || rows[i - 1]!.v !== x.v) rank = i + 1;
    return { slug: x.p.slug, name: x.p.name, rank, value: x.v, text: measure.format(x.v), provider: x.p };
  });
}

/** The providers that pay the site through their button, listed, in rating order. */
export const partnersOf = <T extends Measured>(providers: readonly T[]): T[] =>
  providers.filter((p) => listed(p) && /^https?:\/\//.test(p.affiliate)).sort(rankCompare);

/** A pick set as content states it: a measure and how many, or the partners. */
export interface PickRule {
  by: string;
  count?: number;
}

/** What a page shows for a pick set: the picks, and the full ranking they are the top of (none for partners). */
export interface PickSet<T extends Measured> {
  by: string;
  /** Undefined for the partners. */
  measure?: Measure;
  picks: T[];
  ranking: (RankedRow & { provider: T })[];
}

/**
 * The picks a rule makes: the first `count` of the measure's ranking (or every partner); `skip` leaves out providers
 * that may not be picked here (an offer that has ended), whose places go to the next ones.
 */
export function pickSet<T extends Measured>(
  providers: readonly T[],
  rule: PickRule,
  criteria: readonly { id: string; name: string }[] = [],
  skip: (p: T) => boolean = () => false,
): PickSet<T> {
  if (rule.by === PARTNERS) {
    const partners = partnersOf(providers).filter((p) => !skip(p));
    return { by: PARTNERS, picks: partners.slice(0, rule.count ?? partners.length), ranking: [] };
  }
  const measure = measureOf(rule.by, criteria);
  if (!measure) throw new Error(`unknown measure '${rule.by}'`);
  const ranking = rankBy(providers, measure);
  const picks = ranking
    .map((r) => r.provider)
    .filter((p) => !skip(p))
    .slice(0, rule.count ?? 3);
  return { by: rule.by, measure, picks, ranking };
}
