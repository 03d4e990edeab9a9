/**
 * The /compare table's sorting and filtering, and their place in the URL query, so that a sorted, filtered view can
 * be shared as a link. Plain functions: the page runs them in the browser, and tests run them anywhere.
 */

export interface CompareRow {
  slug: string;
  name: string;
  rating: number;
  price: number;
  servers: number;
  countries: number;
  devices: string;
  streaming: boolean;
  torrenting: boolean;
  moneyBack: string;
}

export const SORT_KEYS = ['name', 'rating', 'price', 'servers', 'countries', 'devices', 'streaming', 'torrenting', 'moneyBack'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface TableState {
  sort?: SortKey;
  dir: 'asc' | 'desc';
  streaming: boolean;
  torrenting: boolean;
  unlimited: boolean;
  /** Only rows at this price per month or less. */
  maxPrice?: number;
}

export const DEFAULT_STATE: TableState = { dir: 'asc', streaming: false, torrenting: false, unlimited: false };

/** "Unlimited" devices sort above any number. */
const devices = (d: string) => (d === 'Unlimited' ? Number.POSITIVE_INFINITY : Number(d));
/** "30 days" → 30; a guarantee without a number of days sorts last. */
const days = (s: string) => Number(/\d+/.exec(s)?.[0] ?? -1);

const value = (row: CompareRow, key: SortKey): number | string => {
  switch (key) {
    case 'name':
      return row.name.toLowerCase();
    case 'devices':
      return devices(row.devices);
    case 'moneyBack':
      return days(row.moneyBack);
    case 'streaming':
    case 'torrenting':
      return row[key] ? 1 : 0;
    default:
      return row[key];
  }
};

/** The direction a column sorts in first: names A to Z, prices low to high, everything else best first. */
export const firstDirection = (key: SortKey): 'asc' | 'desc' => (key === 'name' || key === 'price' ? 'asc' : 'desc');

/** The rows the state shows, in its order; ties (and no sort) keep the content's order. */
export function applyState<R extends CompareRow>(rows: readonly R[], s: TableState): R[] {
  const shown = rows.filter(
    (r) =>
      (!s.streaming || r.streaming) &&
      (!s.torrenting || r.torrenting) &&
      (!s.unlimited || r.devices === 'Unlimited') &&
      (s.maxPrice === undefined || r.price <= s.maxPrice),
  );
  if (!s.sort) return shown;
  const key = s.sort;
  const sign = s.dir === 'asc' ? 1 : -1;
  return shown
    .map((r, i) => ({ r, i }))
    .sort((x, y) => {
      const a = value(x.r, key);
      const b = value(y.r, key);
      return a < b ? -sign : a > b ? sign : x.i - y.i;
    })
    .map((x) => x.r);
}

/** The state a query string gives; anything it does not understand is left at the default. */
export function parseState(search: string): TableState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort');
  const max = Number(q.get('max'));
  const state: TableState = {
    ...DEFAULT_STATE,
    streaming: q.get('streaming') === '1',
    torrenting: q.get('torrenting') === '1',
    unlimited: q.get('unlimited') === '1',
  };
  if (sort && (SORT_KEYS as readonly string[]).includes(sort)) {
    state.sort = sort as SortKey;
    const dir = q.get('dir');
    state.dir = dir === 'asc' || dir === 'desc' ? dir : firstDirection(state.sort);
  }
  if (q.has('max') && Number.isFinite(max) && max > 0) state.maxPrice = max;
  return state;
}

/** The query string for a state: empty for the default, so the plain page keeps its plain URL. */
export function formatState(s: TableState): string {
  const q = new URLSearchParams();
  if (s.sort) {
    q.set('sort', s.sort);
    q.set('dir', s.dir);
  }
  if (s.streaming) q.set('streaming', '1');
  if (s.torrenting) q.set('torrenting', '1');
  if (s.unlimited) q.set('unlimited', '1');
  if (s.maxPrice !== undefined) q.set('max', String(s.maxPrice));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Price ceilings to offer: each whole dollar from just above the cheapest price to the dearest. */
export function priceCeilings(rows: readonly CompareRow[]): number[] {
  if (!rows.length) return [];
  const prices = rows.map((r) => r.price);
  const from = Math.floor(Math.min(...prices)) + 1;
  const to = Math.ceil(Math.max(...prices));
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
