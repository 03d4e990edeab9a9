/**
 * A provider's plans and figures as the site shows them: one formatting for every page. Pure: the site's components
 * import it too.
 */
import type { Static } from '@sinclair/typebox';
import type { Observation as ObservationSchema, Plan } from './schemas/plan.ts';
import type { SpeedRecord } from './speed.ts';

/** One plan of a provider, as its YAML holds it (schemas/plan.ts): its term, extras, guarantee and dated prices. */
export type PlanRecord = Static<typeof Plan>;
/** One dated reading of a plan's price (schemas/plan.ts). */
export type Observation = Static<typeof ObservationSchema>;

/** A plan's latest observation: the one price the site shows. The validator keeps the list oldest first. */
export const latestOf = (plan: Pick<PlanRecord, 'prices'>): Observation => plan.prices[plan.prices.length - 1]!;

/** The figures a plan shows, from its latest observation: a price, a regular price where shown, a renewal where known. */
export interface PlanPrice {
  price: number;
  /** The price per month without the deal; a plan without one shows no strike-through, discount or savings. */
  regularPrice?: number;
  /** What each renewal after the first term is billed, and for how many months; absent where not known. */
  renewal?: { price: number; months: number };
  /** The day of the latest observation: how fresh the price is. */
  checked: string;
  currency: string;
  /** The page the latest price was read from. */
  source: string;
}

/** The part of a provider record the figures come from. */
export interface FigureSource {
  slug: string;
  name: string;
  rating: number;
  servers: number;
  countries: number;
  devices: string;
  plan: string;
  plans: Record<string, PlanRecord>;
  /** The review's speed tests, which the speed figures come from. */
  review?: { speed?: SpeedRecord };
}

/**
 * A plan with the provider and id it belongs to and the figures worked out from its record: what a card that shows a
 * price is given. `discount` and `savings` are there only when the plan has a regular price above its price.
 */
export interface ShownPlan extends Omit<PlanRecord, 'prices'>, PlanPrice {
  provider: string;
  id: string;
  term: string;
  discount?: number;
  savings?: number;
}

/** "2-year plan", "15-month plan", "Monthly plan": a plan's term, from its months. */
export function termLabel(months: number): string {
  if (months === 1) return 'Monthly plan';
  return months % 12 === 0 ? `${months / 12}-year plan` : `${months}-month plan`;
}

/** What tells a plan from the provider's others on a page: its term and its extras, e.g. "2-year plan, 3 months free". */
export const planLabel = (plan: Pick<PlanRecord, 'months' | 'extras'>) => [termLabel(plan.months), ...(plan.extras ?? [])].join(', ');

/**
 * Percent off the regular price, rounded down: the site never claims more off than the prices give (3.39 against
 * 12.95 is 73.8% off, shown as 73%). Undefined without a regular price above the price.
 */
export function discountOf(plan: Pick<PlanPrice, 'price' | 'regularPrice'>): number | undefined {
  if (plan.regularPrice === undefined || plan.regularPrice <= plan.price) return undefined;
  // The epsilon keeps binary fractions (1 - 2.5/10 = 0.7499…) from losing a whole percent.
  return Math.floor((1 - plan.price / plan.regularPrice) * 100 + 1e-9);
}

/** What the whole term saves against paying the regular price each month, to the cent; undefined without one. */
export function savingsOf(plan: Pick<PlanPrice, 'price' | 'regularPrice'> & Pick<PlanRecord, 'months'>): number | undefined {
  if (plan.regularPrice === undefined || plan.regularPrice <= plan.price) return undefined;
  return Math.round((plan.regularPrice - plan.price) * plan.months * 100) / 100;
}

/** The plan a reference names, or the provider's card plan when it names none. Undefined for an unknown id. */
export function planOf(p: Pick<FigureSource, 'slug' | 'plan' | 'plans'>, id?: string): ShownPlan | undefined {
  const key = id ?? p.plan;
  const record = Object.hasOwn(p.plans, key) ? p.plans[key] : undefined;
  if (!record) return undefined;
  const { prices: _history, ...plan } = record;
  const shown = { ...plan, ...planPrice(record) };
  const discount = discountOf(shown);
  const savings = savingsOf(shown);
  return {
    ...shown,
    provider: p.slug,
    id: key,
    term: termLabel(plan.months),
    ...(discount === undefined ? {} : { discount }),
    ...(savings === undefined ? {} : { savings }),
  };
}

/** The figures a plan shows: its latest observation's. */
export function planPrice(plan: Pick<PlanRecord, 'prices'>): PlanPrice {
  const o = latestOf(plan);
  return {
    price: o.price,
    ...(o.regularPrice === undefined ? {} : { regularPrice: o.regularPrice }),
    ...(o.renewal ? { renewal: { price: o.renewal.price, months: o.renewal.months } } : {}),
    checked: o.date,
    currency: o.currency,
    source: o.source,
  };
}

/** "$3.39": every price is US dollars with cents. */
export const formatPrice = (n: number) => `$${n.toFixed(2)}`;
/** How often a renewal is billed: "a year", "a month", "every 2 years", "every 6 months". */
export function renewalEvery(months: number): string {
  if (months === 12) return 'a year';
  if (months === 1) return 'a month';
  return months % 12 === 0 ? `every ${months / 12} years` : `every ${months} months`;
}
/** "then $99.48 a year": what a plan costs after its first term, where the provider states it. */
export const renewalText = (renewal: { price: number; months: number }, label = 'then {price} {every}') =>
  label.replaceAll('{price}', formatPrice(renewal.price)).replaceAll('{every}', renewalEvery(renewal.months));
/** "$208" for a whole sum, "$114.72" otherwise. */
export const formatMoney = (n: number) => (Number.isInteger(n) ? `$${n}` : formatPrice(n));
/** "73%"; the cards add "OFF". */
export const formatDiscount = (n: number) => `${n}%`;
/** Counts as the site's readers write them (its pages are in English): "5,400". */
const COUNT = new Intl.NumberFormat('en-US');
/** "5,400+": server counts are floors the provider states. */
export const formatServers = (n: number) => `${COUNT.format(n)}+`;
/** What a year on the plan saves against paying the regular monthly price, e.g. "$114.72"; undefined without a regular price. */
export const yearlySavings = (plan: Pick<PlanPrice, 'price' | 'regularPrice'>) =>
  plan.regularPrice === undefined || plan.regularPrice <= plan.price
    ? undefined
    : formatMoney(Math.round((plan.regularPrice - plan.price) * 1200) / 100);

const DAY_MS = 86_400_000;

/** Whole days from `date` to `today`, both YYYY-MM-DD. */
export const daysSince = (date: string, today: string) => Math.floor((Date.parse(today) - Date.parse(date)) / DAY_MS);

/**
 * Whether a plan's price was checked more than `maxAgeDays` before `today`, the build's day: its card then says so in
 * the warning tone, and search engines are not told it as an offer.
 */
export const isStale = (plan: Pick<PlanPrice, 'checked'>, today: string, maxAgeDays: number) => daysSince(plan.checked, today) > maxAgeDays;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "15 Jan 2025" for 2025-01-15, the same on the server and in every browser (no locale or time zone involved). */
export function formatShortDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]!.slice(0, 3)} ${y}`;
}

/** "January 31, 2025" for 2025-01-31. */
export function formatLongDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** "January 2025" for 2025-01-15: the month an update line names. */
export function formatMonthYear(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}
