/**
 * A provider's figures as the site shows them: one formatting for every page, and the `{{…}}` references that let
 * text quote a figure from the provider's record instead of restating it. Pure: the site's components import it too.
 */
import { formatMbps, formatMs, formatPercent, speedFigures, type SpeedRecord } from './speed.ts';

/** One plan of a provider, as its YAML holds it (schemas/provider.ts). */
export interface PlanRecord {
  /** How many months one payment buys: the term the label, discount and savings are worked out for. */
  months: number;
  price: number;
  /** The price per month without the deal; a plan without one shows no strike-through, discount or savings. */
  regularPrice?: number;
  extras?: string[];
  guarantee: string;
  checked: string;
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
export interface ShownPlan extends PlanRecord {
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
export function discountOf(plan: Pick<PlanRecord, 'price' | 'regularPrice'>): number | undefined {
  if (plan.regularPrice === undefined || plan.regularPrice <= plan.price) return undefined;
  // The epsilon keeps binary fractions (1 - 2.5/10 = 0.7499…) from losing a whole percent.
  return Math.floor((1 - plan.price / plan.regularPrice) * 100 + 1e-9);
}

/** What the whole term saves against paying the regular price each month, to the cent; undefined without one. */
export function savingsOf(plan: Pick<PlanRecord, 'price' | 'regularPrice' | 'months'>): number | undefined {
  if (plan.regularPrice === undefined || plan.regularPrice <= plan.price) return undefined;
  return Math.round((plan.regularPrice - plan.price) * plan.months * 100) / 100;
}

/** The plan a reference names, or the provider's card plan when it names none. Undefined for an unknown id. */
export function planOf(p: Pick<FigureSource, 'slug' | 'plan' | 'plans'>, id?: string): ShownPlan | undefined {
  const key = id ?? p.plan;
  const plan = Object.hasOwn(p.plans, key) ? p.plans[key] : undefined;
  if (!plan) return undefined;
  const discount = discountOf(plan);
  const savings = savingsOf(plan);
  return {
    ...plan,
    provider: p.slug,
    id: key,
    term: termLabel(plan.months),
    ...(discount === undefined ? {} : { discount }),
    ...(savings === undefined ? {} : { savings }),
  };
}

/** "$3.39": every price is US dollars with cents. */
export const formatPrice = (n: number) => `$${n.toFixed(2)}`;
/** "$208" for a whole sum, "$114.72" otherwise. */
export const formatMoney = (n: number) => (Number.isInteger(n) ? `$${n}` : formatPrice(n));
/** "73%"; the cards add "OFF". */
export const formatDiscount = (n: number) => `${n}%`;
/** Counts as the site's readers write them (its pages are in English): "5,400". */
const COUNT = new Intl.NumberFormat('en-US');
/** "5,400+": server counts are floors the provider states. */
export const formatServers = (n: number) => `${COUNT.format(n)}+`;
/** What a year on the plan saves against paying the regular monthly price, e.g. "$114.72"; undefined without a regular price. */
export const yearlySavings = (plan: Pick<PlanRecord, 'price' | 'regularPrice'>) =>
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
export const isStale = (plan: Pick<PlanRecord, 'checked'>, today: string, maxAgeDays: number) =>
  daysSince(plan.checked, today) > maxAgeDays;

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

/** Figures of the provider itself, the same whatever the plan. */
export const PROVIDER_FIELDS = ['servers', 'countries', 'devices', 'rating'] as const;
/** Figures worked out from the speed tests on the provider's review (speed.ts). */
export const SPEED_FIELDS = ['download', 'speedLoss', 'ping'] as const;
/** Figures of one plan. */
export const PLAN_FIELDS = ['price', 'regularPrice', 'discount', 'savings', 'term'] as const;
/**
 * Figures that are no one provider's. Over every provider still in business: `{{max.discount}}`, the largest
 * discount of any plan; `{{count.reviewed}}`, how many providers have a review ("7"); `{{prices.checked}}`, when
 * their prices were checked ("on 15 Jan 2025", or "between 15 Jan 2025 and 3 Feb 2025"). Of the site:
 * `{{site.founded}}`, its founding year (site.yaml `founded`), and `{{site.years}}`, the years from then to the build.
 * Of the speed tests (methodology.yaml `testLine`): `{{method.line}}` ("100 Mbps"), `{{method.city}}`,
 * `{{method.runs}}`, `{{method.days}}`, `{{method.locations}}` (the places in the reviews' speed tables) and
 * `{{method.tolerance}}` (speedTolerance, in points of the line).
 */
export const AGGREGATES: Readonly<Record<string, readonly string[]>> = {
  max: ['discount'],
  count: ['reviewed'],
  prices: ['checked'],
  site: ['founded', 'years'],
  method: ['line', 'city', 'runs', 'days', 'locations', 'tolerance'],
};

/** The one record of the speed-test conditions (methodology.yaml `testLine`). */
export interface TestLine {
  mbps: number;
  city: string;
  runs: number;
  days: number;
}

/** What the figures that are no one provider's come from, besides the providers: the site's and the method's. */
export interface SiteFigures {
  founded: number;
  buildYear: number;
  testLine?: TestLine;
  speedTolerance?: number;
}

/** Whether a reference's first part names a figure that is no one provider's. */
export const isAggregate = (name: string) => Object.hasOwn(AGGREGATES, name);

// A function, not a constant: the site's pages import this module, and a constant computed at load would ship in
// every page's script.
const aggregateList = () =>
  Object.entries(AGGREGATES)
    .flatMap(([k, fields]) => fields.map((v) => `{{${k}.${v}}}`))
    .join(', ');

/** `{{nordvpn.price}}`, `{{nordvpn.2-year.price}}`, `{{max.discount}}`: what a reference looks like. */
export const REFERENCE = /\{\{\s*([a-z0-9-]+)(?:\.([a-z0-9-]+))?\.([a-zA-Z]+)\s*\}\}/g;

export interface Reference {
  provider: string;
  plan?: string;
  field: string;
}

/** Why a reference cannot be resolved, or undefined when it can. */
export function referenceProblem(
  ref: Reference,
  providers: ReadonlyMap<string, { plan: string; plans: Record<string, { price?: number; regularPrice?: number }>; speedTested?: boolean }>,
): string | undefined {
  if (isAggregate(ref.provider))
    return ref.plan === undefined && AGGREGATES[ref.provider]!.includes(ref.field)
      ? undefined
      : `the figures that are no one provider's are ${aggregateList()}`;
  const p = providers.get(ref.provider);
  if (!p) return `unknown provider '${ref.provider}'`;
  const fields: readonly string[] = [...PROVIDER_FIELDS, ...SPEED_FIELDS, ...PLAN_FIELDS];
  if (!fields.includes(ref.field)) return `unknown figure '${ref.field}'; one of: ${fields.join(', ')}`;
  const speed = (SPEED_FIELDS as readonly string[]).includes(ref.field);
  if (speed && p.speedTested === false) return `${ref.provider} has no speed tests on a review, which its ${ref.field} would come from`;
  if (ref.plan !== undefined) {
    if ((PROVIDER_FIELDS as readonly string[]).includes(ref.field) || speed)
      return `'${ref.field}' is the provider's, not a plan's: write {{${ref.provider}.${ref.field}}}`;
    if (!Object.hasOwn(p.plans, ref.plan))
      return `unknown plan '${ref.plan}' of ${ref.provider}; its plans: ${Object.keys(p.plans).join(', ')}`;
  }
  const plan = p.plans[ref.plan ?? p.plan];
  if (
    (ref.field === 'savings' || ref.field === 'discount' || ref.field === 'regularPrice') &&
    plan &&
    (plan.regularPrice === undefined || (plan.price !== undefined && plan.regularPrice <= plan.price))
  ) {
    return `plan '${ref.plan ?? p.plan}' of ${ref.provider} has no regular price above its price, so no ${ref.field}`;
  }
  return undefined;
}

/** The text a valid reference stands for. */
export function figureText(ref: Reference, providers: ReadonlyMap<string, FigureSource>, site?: SiteFigures): string {
  if (ref.provider === 'site' || ref.provider === 'method') {
    if (!site) throw new Error(`{{${ref.provider}.${ref.field}}} needs the site's figures`);
    if (ref.provider === 'site') return String(ref.field === 'founded' ? site.founded : site.buildYear - site.founded);
    return methodText(ref.field, site, providers);
  }
  if (isAggregate(ref.provider)) return aggregateText(ref.provider, providers);
  const p = providers.get(ref.provider)!;
  switch (ref.field) {
    case 'servers':
      return formatServers(p.servers);
    case 'countries':
      return String(p.countries);
    // "Unlimited" reads as a word in a sentence; resolveText capitalises it where a sentence starts.
    case 'devices':
      return p.devices.toLowerCase();
    case 'rating':
      return String(p.rating);
    case 'download':
      return formatMbps(speedFigures(p.review?.speed)!.download);
    case 'speedLoss':
      return formatPercent(speedFigures(p.review?.speed)!.loss);
    case 'ping':
      return formatMs(speedFigures(p.review?.speed)!.ping);
  }
  const plan = planOf(p, ref.plan)!;
  switch (ref.field) {
    case 'price':
      return formatPrice(plan.price);
    case 'regularPrice':
      return formatPrice(plan.regularPrice!);
    case 'discount':
      return formatDiscount(plan.discount!);
    case 'savings':
      return formatMoney(plan.savings!);
    default:
      return plan.term;
  }
}

/** The figures over every provider (AGGREGATES). A provider that has shut down sells and is reviewed no more. */
function aggregateText(name: string, providers: ReadonlyMap<string, FigureSource>): string {
  const active = [...providers.values()].filter((p) => (p as { status?: string }).status !== 'discontinued');
  if (name === 'count') return String(active.filter((p) => p.review !== undefined).length);
  if (name === 'prices') return checkedSpan(active.filter((p) => p.review !== undefined));
  let max = 0;
  for (const p of active) for (const plan of Object.values(p.plans)) max = Math.max(max, discountOf(plan) ?? 0);
  return formatDiscount(max);
}

/** A figure of the speed-test method; validated content has the record whenever text names one. */
function methodText(field: string, site: SiteFigures, providers: ReadonlyMap<string, FigureSource>): string {
  if (field === 'tolerance') return String(site.speedTolerance ?? 3);
  if (field === 'locations') {
    const places = new Set<string>();
    for (const p of providers.values()) {
      if ((p as { status?: string }).status === 'discontinued') continue;
      for (const t of (p.review?.speed as { tests?: { location: string }[] } | undefined)?.tests ?? []) places.add(t.location);
    }
    return String(places.size);
  }
  const line = site.testLine!;
  return field === 'line' ? `${line.mbps} Mbps` : field === 'city' ? line.city : String(field === 'runs' ? line.runs : line.days);
}

/** "on 15 Jan 2025", or "between 15 Jan 2025 and 3 Feb 2025": when the providers' plan prices were checked. */
export function checkedSpan(providers: readonly Pick<FigureSource, 'plans'>[]): string {
  const dates = providers.flatMap((p) => Object.values(p.plans).map((plan) => plan.checked)).sort();
  if (!dates.length) return '';
  const [first, last] = [dates[0]!, dates.at(-1)!];
  return first === last ? `on ${formatShortDate(first)}` : `between ${formatShortDate(first)} and ${formatShortDate(last)}`;
}

/** Every reference in a text. */
export function referencesIn(text: string): (Reference & { raw: string; index: number })[] {
  return [...text.matchAll(REFERENCE)].map((m) => ({
    provider: m[1]!,
    ...(m[2] ? { plan: m[2] } : {}),
    field: m[3]!,
    raw: m[0],
    index: m.index,
  }));
}

/** A text with its references replaced by the figures; one that starts a sentence starts with a capital. */
export function resolveText(text: string, providers: ReadonlyMap<string, FigureSource>, site?: SiteFigures): string {
  if (!text.includes('{{')) return text;
  return text.replace(REFERENCE, (_raw, provider: string, plan: string | undefined, field: string, index: number) => {
    const value = figureText({ provider, ...(plan ? { plan } : {}), field }, providers, site);
    const startsSentence = index === 0 || /[.!?:]\s+$/.test(text.slice(Math.max(0, index - 3), index));
    return startsSentence ? value.charAt(0).toUpperCase() + value.slice(1) : value;
  });
}
