/**
 * The price check: reads each plan's amounts on its provider's pricing page by the CSS selectors in `pricing.plans`,
 * compares them with the plan's latest observation, and makes the observation a confirmed or changed price becomes.
 * Used by `vpnsite prices check` and by `vpnsite serve` on a schedule (docs/prices.md).
 */
import { parseHTML } from 'linkedom';
import { latestOf, type Observation, type PlanRecord } from '../content/figure-format.ts';
import { parseAmount } from './amount.ts';
import { fetchPages, type PageOptions, type PageResult } from './pages.ts';

/** What the check needs of a provider record. */
export interface PricedProvider {
  slug: string;
  status?: string;
  plans: Record<string, PlanRecord>;
  pricing?: {
    url: string;
    plans?: Record<string, { price: string; regularPrice?: string; renewalPrice?: string; renewalMonths?: number }>;
  };
}

export type PriceField = 'price' | 'regularPrice' | 'renewalPrice';

/** One plan's one field: the last observed value, the one found now, and whether it changed; or why it could not be read. */
export interface PriceRow {
  provider: string;
  plan: string;
  field: PriceField;
  previous: number | null;
  found: number | null;
  changed: boolean;
  error: string | null;
}

export interface PriceCheck {
  rows: PriceRow[];
  /** By provider, then plan: the observation each plan that was read in full becomes, dated `today`. */
  observations: Map<string, Record<string, Observation>>;
  /** Providers still in business without selectors to read, which were not checked. */
  unchecked: string[];
}

/** The providers a check reads: in business, with a pricing page and at least one plan to read there. */
export const checkable = (p: PricedProvider) =>
  p.status !== 'discontinued' && !!p.pricing?.plans && Object.keys(p.pricing.plans).length > 0;

/** Checks every plan that has selectors, each page fetched once. Never throws for a page or a selector. */
export async function checkPrices(providers: readonly PricedProvider[], today: string, opts: PageOptions = {}): Promise<PriceCheck> {
  const live = providers.filter((p) => p.status !== 'discontinued');
  const todo = live.filter(checkable);
  const pages = await fetchPages(
    todo.map((p) => p.pricing!.url),
    opts,
  );
  const documents = new Map<string, ParentNode>();
  const documentOf = (url: string, page: PageResult & { ok: true }) => {
    if (!documents.has(url)) documents.set(url, parseHTML(page.html).document as unknown as ParentNode);
    return documents.get(url)!;
  };
  const rows: PriceRow[] = [];
  const observations = new Map<string, Record<string, Observation>>();
  for (const p of todo) {
    const { url } = p.pricing!;
    const page = pages.get(url)!;
    for (const [id, selectors] of Object.entries(p.pricing!.plans!)) {
      const plan = p.plans[id];
      if (!plan) continue;
      const latest = latestOf(plan);
      const previous: Record<PriceField, number | undefined> = {
        price: latest.price,
        regularPrice: latest.regularPrice,
        renewalPrice: latest.renewal?.price,
      };
      const fields = (['price', 'regularPrice', 'renewalPrice'] as const).filter((f) => selectors[f] !== undefined);
      const read = new Map<PriceField, number>();
      const planRows = fields.map((field): PriceRow => {
        const base = { provider: p.slug, plan: id, field, previous: previous[field] ?? null };
        const got = page.ok ? readAmount(documentOf(url, page), selectors[field]!, latest.currency) : { error: page.error };
        if ('error' in got) return { ...base, found: null, changed: false, error: got.error };
        read.set(field, got.amount);
        return {
          ...base,
          found: got.amount,
          changed: previous[field] === undefined || cents(previous[field]!) !== cents(got.amount),
          error: null,
        };
      });
      rows.push(...planRows);
      if (planRows.some((r) => r.error !== null)) continue;
      const regularPrice = fields.includes('regularPrice') ? read.get('regularPrice') : latest.regularPrice;
      const renewal = fields.includes('renewalPrice')
        ? { price: read.get('renewalPrice')!, months: selectors.renewalMonths ?? latest.renewal?.months ?? 12 }
        : latest.renewal;
      const observation: Observation = {
        date: today,
        price: read.get('price')!,
        ...(regularPrice === undefined ? {} : { regularPrice }),
        ...(renewal ? { renewal } : {}),
        currency: latest.currency,
        source: url,
      };
      observations.set(p.slug, { ...observations.get(p.slug), [id]: observation });
    }
  }
  return { rows, observations, unchecked: live.filter((p) => !checkable(p)).map((p) => p.slug) };
}

const cents = (n: number) => Math.round(n * 100);

/** The amount in the element a selector finds, in the plan's currency; or why it cannot be read. */
function readAmount(doc: ParentNode, selector: string, currency: string): { amount: number } | { error: string } {
  let el: Element | null;
  try {
    el = doc.querySelector(selector);
  } catch {
    return { error: `selector "${selector}" is not valid CSS` };
  }
  if (!el) return { error: `selector "${selector}" matches nothing on the page` };
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const amount = parseAmount(text);
  if (!amount) return { error: `"${text.slice(0, 80)}" (selector "${selector}") holds no amount` };
  if (amount.currency && amount.currency !== currency)
    return { error: `the page shows ${amount.currency} ("${text.slice(0, 40)}"); the plan's prices are in ${currency}` };
  return { amount: amount.amount };
}

/** Whether an observation says nothing the plan's latest does not already say on the same day. */
export function sameAsLatest(plan: PlanRecord, o: Observation): boolean {
  const last = latestOf(plan);
  return last.date === o.date && sameFigures(last, o);
}

const sameFigures = (a: Observation, b: Observation) =>
  a.price === b.price &&
  a.regularPrice === b.regularPrice &&
  a.renewal?.price === b.renewal?.price &&
  a.renewal?.months === b.renewal?.months &&
  a.source === b.source;
