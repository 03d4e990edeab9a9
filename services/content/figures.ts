/**
 * The `{{…}}` references that let text quote a figure from the provider's record instead of restating it, and what
 * each resolves to. Pure: the site's components import it too.
 */
import { formatMbps, formatMs, formatPercent, speedFigures } from './speed.ts';
import {
  type FigureSource,
  discountOf,
  latestOf,
  planOf,
  planPrice,
  formatPrice,
  formatMoney,
  formatDiscount,
  formatServers,
  formatShortDate,
} from './figure-format.ts';

/** Figures of the provider itself, the same whatever the plan. */
export const PROVIDER_FIELDS = ['servers', 'countries', 'devices', 'rating'] as const;
/** Figures worked out from the speed tests on the provider's review (speed.ts). */
export const SPEED_FIELDS = ['download', 'speedLoss', 'ping'] as const;
/** Figures of one plan. */
export const PLAN_FIELDS = ['price', 'regularPrice', 'discount', 'savings', 'term'] as const;
/**
 * Figures that are no one provider's. Over every provider still in business: `{{max.discount}}`, the largest
 * discount of a reviewed provider's card plan (what the deal cards and lists show); `{{count.reviewed}}`, how many providers have a review ("7"); `{{prices.checked}}`, when
 * their prices were checked ("on 15 Jan 2025", or "between 15 Jan 2025 and 3 Feb 2025"). Of the site:
 * `{{site.founded}}`, its founding year (site.yaml `founded`), and `{{site.years}}`, the years from then to the build.
 * Of the speed tests (methodology.yaml `testLine`): `{{method.line}}` ("100 Mbps"), `{{method.city}}`,
 * `{{method.runs}}`, `{{method.days}}`, `{{method.locations}}` (the places in the reviews' speed tables) and
 * `{{method.tolerance}}` (speedTolerance, in points of the line); `{{method.retest}}`, how often recommended providers are
 * tested again (retestEveryDays: "once a year" for 365, else "every 180 days").
 */
export const AGGREGATES: Readonly<Record<string, readonly string[]>> = {
  max: ['discount'],
  count: ['reviewed'],
  prices: ['checked'],
  site: ['founded', 'years'],
  method: ['line', 'city', 'runs', 'days', 'locations', 'tolerance', 'retest'],
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
  retestEveryDays?: number;
}

/** How often the retest policy says to test again, as text reads it: "once a year" for 365 days, else "every N days". */
export const retestText = (days: number) => (days === 365 ? 'once a year' : `every ${days} days`);

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
  // The largest discount a page can show: each reviewed provider's card plan, the one the deal cards and lists show.
  // A longer plan's deeper discount that no card shows would make "up to" a promise the page does not keep.
  let max = 0;
  for (const p of active) {
    const plan = p.review === undefined ? undefined : p.plans[p.plan];
    if (plan) max = Math.max(max, discountOf(planPrice(plan)) ?? 0);
  }
  return formatDiscount(max);
}

/** A figure of the speed-test method; validated content has the record whenever text names one. */
function methodText(field: string, site: SiteFigures, providers: ReadonlyMap<string, FigureSource>): string {
  if (field === 'tolerance') return String(site.speedTolerance ?? 3);
  if (field === 'retest') return retestText(site.retestEveryDays!);
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
  const dates = providers.flatMap((p) => Object.values(p.plans).map((plan) => latestOf(plan).date)).sort();
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
