/**
 * A provider's figures as the site shows them: one formatting for every page, and the `{{…}}` references that let
 * text quote a figure from the provider's record instead of restating it. Pure: the site's components import it too.
 */

/** One plan of a provider, as its YAML holds it (schemas/provider.ts). */
export interface PlanRecord {
  term: string;
  price: number;
  regularPrice: number;
  discount: number;
  extras?: string[];
  guarantee: string;
  savings?: number;
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
}

/** A plan with the provider and id it belongs to: what a card that shows a price is given. */
export interface ShownPlan extends PlanRecord {
  provider: string;
  id: string;
}

/** The plan a reference names, or the provider's card plan when it names none. Undefined for an unknown id. */
export function planOf(p: Pick<FigureSource, 'slug' | 'plan' | 'plans'>, id?: string): ShownPlan | undefined {
  const key = id ?? p.plan;
  const plan = Object.hasOwn(p.plans, key) ? p.plans[key] : undefined;
  return plan && { ...plan, provider: p.slug, id: key };
}

/** "$3.39": every price is US dollars with cents. */
export const formatPrice = (n: number) => `$${n.toFixed(2)}`;
/** "$208" for a whole sum, "$114.72" otherwise. */
export const formatMoney = (n: number) => (Number.isInteger(n) ? `$${n}` : formatPrice(n));
/** "73%"; the cards add "OFF". */
export const formatDiscount = (n: number) => `${n}%`;
/** "5400+": server counts are floors the provider states. */
export const formatServers = (n: number) => `${n}+`;
/** What a year on the plan saves against paying the regular monthly price, e.g. "$114.72". */
export const yearlySavings = (plan: Pick<PlanRecord, 'price' | 'regularPrice'>) => formatMoney(Math.round((plan.regularPrice - plan.price) * 1200) / 100);

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
/** Figures of one plan. */
export const PLAN_FIELDS = ['price', 'regularPrice', 'discount', 'savings', 'term'] as const;
/** Figures over every provider: `{{max.discount}}`, the largest discount of any plan. */
export const AGGREGATE = 'max';

/** `{{nordvpn.price}}`, `{{nordvpn.2-year.price}}`, `{{max.discount}}`: what a reference looks like. */
export const REFERENCE = /\{\{\s*([a-z0-9-]+)(?:\.([a-z0-9-]+))?\.([a-zA-Z]+)\s*\}\}/g;

export interface Reference {
  provider: string;
  plan?: string;
  field: string;
}

/** Why a reference cannot be resolved, or undefined when it can. */
export function referenceProblem(ref: Reference, providers: ReadonlyMap<string, { plan: string; plans: Record<string, { savings?: number }> }>): string | undefined {
  if (ref.provider === AGGREGATE) return ref.plan === undefined && ref.field === 'discount' ? undefined : `the only figure over every provider is {{${AGGREGATE}.discount}}`;
  const p = providers.get(ref.provider);
  if (!p) return `unknown provider '${ref.provider}'`;
  const fields: readonly string[] = [...PROVIDER_FIELDS, ...PLAN_FIELDS];
  if (!fields.includes(ref.field)) return `unknown figure '${ref.field}'; one of: ${fields.join(', ')}`;
  if (ref.plan !== undefined) {
    if ((PROVIDER_FIELDS as readonly string[]).includes(ref.field)) return `'${ref.field}' is the provider's, not a plan's: write {{${ref.provider}.${ref.field}}}`;
    if (!Object.hasOwn(p.plans, ref.plan)) return `unknown plan '${ref.plan}' of ${ref.provider}; its plans: ${Object.keys(p.plans).join(', ')}`;
  }
  if (ref.field === 'savings' && p.plans[ref.plan ?? p.plan]?.savings === undefined) return `plan '${ref.plan ?? p.plan}' of ${ref.provider} states no savings`;
  return undefined;
}

/** The text a valid reference stands for. */
export function figureText(ref: Reference, providers: ReadonlyMap<string, FigureSource>): string {
  if (ref.provider === AGGREGATE) {
    let max = 0;
    // A provider that has shut down sells nothing: its old discount is no offer of today's.
    for (const p of providers.values()) if ((p as { status?: string }).status !== 'discontinued') for (const plan of Object.values(p.plans)) max = Math.max(max, plan.discount);
    return formatDiscount(max);
  }
  const p = providers.get(ref.provider)!;
  switch (ref.field) {
    case 'servers': return formatServers(p.servers);
    case 'countries': return String(p.countries);
    // "Unlimited" reads as a word in a sentence; resolveText capitalises it where a sentence starts.
    case 'devices': return p.devices.toLowerCase();
    case 'rating': return String(p.rating);
  }
  const plan = planOf(p, ref.plan)!;
  switch (ref.field) {
    case 'price': return formatPrice(plan.price);
    case 'regularPrice': return formatPrice(plan.regularPrice);
    case 'discount': return formatDiscount(plan.discount);
    case 'savings': return formatMoney(plan.savings!);
    default: return plan.term;
  }
}

/** Every reference in a text. */
export function referencesIn(text: string): (Reference & { raw: string; index: number })[] {
  return [...text.matchAll(REFERENCE)].map((m) => ({ provider: m[1]!, ...(m[2] ? { plan: m[2] } : {}), field: m[3]!, raw: m[0], index: m.index }));
}

/** A text with its references replaced by the figures; one that starts a sentence starts with a capital. */
export function resolveText(text: string, providers: ReadonlyMap<string, FigureSource>): string {
  if (!text.includes('{{')) return text;
  return text.replace(REFERENCE, (raw, provider: string, plan: string | undefined, field: string, index: number) => {
    const value = figureText({ provider, ...(plan ? { plan } : {}), field }, providers);
    const startsSentence = index === 0 || /[.!?:]\s+$/.test(text.slice(Math.max(0, index - 3), index));
    return startsSentence ? value.charAt(0).toUpperCase() + value.slice(1) : value;
  });
}
