/**
 * The /compare table with its filters and sorting: an island (components/island.tsx) that loads once it nears the
 * screen, since a sort or filter asked for in the address (`?sort=price&streaming=1`) must apply without waiting
 * for a click. The built page is the table in the content's order with the controls disabled and a line saying
 * why; the island's first render is the same, and the address's state applies after it.
 */
import { useEffect, useState } from 'react';
import { Disclosure, type DisclosureTexts } from './disclosure';
import { Price, ProviderFigure } from './figure-values';
import { OutboundLink } from './outbound-link';
import { ReviewLink } from './provider-name';
import type { Content } from '../../services/content/index.ts';
import type { ShownPlan } from '../../services/content/figure-format.ts';
import {
  applyState,
  DEFAULT_STATE,
  firstDirection,
  formatState,
  parseState,
  priceCeilings,
  SORT_KEYS,
  type SortKey,
  type TableState,
} from '../lib/compare-table';

type Comparison = NonNullable<Content['comparison']>;
type Provider = Content['providers'][number];

/** One provider's row: its record's figures, and the plan whose price the table shows. */
export type CompareRow = Pick<
  Provider,
  'slug' | 'name' | 'logo' | 'logoSvg' | 'rating' | 'servers' | 'countries' | 'devices' | 'streaming' | 'torrenting' | 'moneyBack'
> & { price: number; plan: ShownPlan };

/** The comparison's texts from content that the table uses. */
export type CompareTexts = Pick<Comparison, 'columns' | 'filters' | 'yes' | 'no'>;

export interface SortableCompareProps {
  c: CompareTexts;
  rows: CompareRow[];
  /** The page's path, for the /go/ links' `from`. */
  path: string;
  disclosure: DisclosureTexts;
}

const COLUMN_CLASS = 'px-3 py-3 whitespace-nowrap';

/**
 * Below 640 px each row is a card: its name and button across the top and bottom, each figure under its column's
 * label (data-label), so nothing needs sideways scrolling and no figure loses its heading.
 */
const CARD_CELL =
  'max-sm:flex max-sm:flex-col max-sm:gap-0.5 max-sm:px-0 max-sm:py-1 max-sm:whitespace-normal max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

/** The table the sort buttons and the filters' reset control (aria-controls). */
const TABLE_ID = 'compare-rows';

/** A "{name}" template with the name as a node; the text around it is trimmed where the node is hidden. */
const fillName = (template: string, name: React.ReactNode) => {
  const [before = '', after = ''] = template.split('{name}');
  return (
    <>
      {before.trimEnd()}
      {before.trimEnd() ? ' ' : ''}
      {name}
      {after}
    </>
  );
};

export function SortableCompare({ c, rows, path, disclosure }: SortableCompareProps) {
  // The prerendered page is the table in the content's order; the query's sort and filters apply once the page
  // runs, so the first render matches the HTML it hydrates.
  const [state, setState] = useState<TableState>(DEFAULT_STATE);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setState(parseState(window.location.search));
    setLive(true);
  }, []);
  useEffect(() => {
    if (!live) return;
    const target = `${window.location.pathname}${formatState(state)}${window.location.hash}`;
    if (target !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', target);
  }, [state, live]);

  const shown = applyState(rows, state);
  const heading = (key: SortKey) => c.columns[key === 'name' ? 'name' : key];
  const sortBy = (key: SortKey) =>
    setState((s) => (s.sort === key ? { ...s, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { ...s, sort: key, dir: firstDirection(key) }));
  const ariaSort = (key: SortKey) => (state.sort === key ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined);
  const yesNo = (ok: boolean) => <span className={ok ? 'font-medium text-green-700' : 'text-slate-600'}>{ok ? c.yes : c.no}</span>;
  const cells: Record<SortKey, (r: (typeof rows)[number]) => React.ReactNode> = {
    name: (r) => <ReviewLink p={r} />,
    rating: (r) => <ProviderFigure slug={r.slug} figure="rating" value={r.rating} />,
    price: (r) => <Price plan={r.plan} />,
    servers: (r) => <ProviderFigure slug={r.slug} figure="servers" value={r.servers} />,
    countries: (r) => <ProviderFigure slug={r.slug} figure="countries" value={r.countries} />,
    devices: (r) => <ProviderFigure slug={r.slug} figure="devices" value={r.devices} />,
    streaming: (r) => yesNo(r.streaming),
    torrenting: (r) => yesNo(r.torrenting),
    moneyBack: (r) => r.moneyBack,
  };
  const set = (patch: Partial<TableState>) => setState((s) => ({ ...s, ...patch }));

  return (
    <>
      {/* The controls are in the page from the start, disabled until its script runs, so nothing moves when they
          start to work; without JavaScript they stay disabled and the line under them says why. */}
      <div className="rounded-xl border border-slate-200 bg-white p-4" data-testid="compare-controls">
        <fieldset disabled={!live} className="flex flex-wrap items-center gap-x-6 gap-y-3 disabled:opacity-60">
          <legend className="sr-only">{c.filters.title}</legend>
          {(['streaming', 'torrenting', 'unlimited'] as const).map((f) => (
            <label key={f} className="inline-flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="h-4 w-4 accent-blue-700"
                checked={state[f]}
                onChange={(e) => set({ [f]: e.target.checked })}
              />
              {c.filters[f]}
            </label>
          ))}
          <label className="inline-flex items-center gap-2 text-sm font-medium">
            {c.filters.maxPrice}
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={state.maxPrice ?? ''}
              onChange={(e) => set({ maxPrice: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{c.filters.anyPrice}</option>
              {[...new Set([...priceCeilings(rows), ...(state.maxPrice === undefined ? [] : [state.maxPrice])])]
                .sort((a, b) => a - b)
                .map((n) => (
                  <option key={n} value={n}>
                    ${n.toFixed(2)}
                  </option>
                ))}
            </select>
          </label>
          {/* The column headings sort on wide screens; the cards a phone shows have none, so this does it there. */}
          <label className="inline-flex items-center gap-2 text-sm font-medium sm:hidden">
            {c.filters.sortBy.replace('{column}', '').trim()}
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              aria-controls={TABLE_ID}
              value={state.sort ?? ''}
              onChange={(e) =>
                setState((s) =>
                  e.target.value
                    ? { ...s, sort: e.target.value as SortKey, dir: firstDirection(e.target.value as SortKey) }
                    : { ...s, sort: undefined, dir: 'asc' },
                )
              }
            >
              <option value="">{c.filters.defaultOrder ?? 'Our ranking'}</option>
              {SORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {heading(key)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            aria-controls={TABLE_ID}
            className="text-sm font-medium text-blue-700 underline hover:text-blue-900"
            onClick={() => setState(DEFAULT_STATE)}
          >
            {c.filters.reset}
          </button>
        </fieldset>
        <p className="mt-3 min-h-10 text-sm text-slate-600" aria-live="polite" data-testid="compare-count">
          {c.filters.showing.replace('{shown}', String(shown.length)).replace('{total}', String(rows.length))}
          {!live && <> · {c.filters.noScript}</>}
        </p>
      </div>

      <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white" data-outbound-group="">
        <table id={TABLE_ID} className="w-full text-left text-sm max-sm:block" data-testid="compare-table">
          <thead className="bg-slate-100 text-slate-800 max-sm:hidden">
            <tr>
              {SORT_KEYS.map((key) => (
                <th key={key} scope="col" className={COLUMN_CLASS} aria-sort={ariaSort(key)} data-column={key}>
                  <button
                    type="button"
                    disabled={!live}
                    aria-controls={TABLE_ID}
                    onClick={() => sortBy(key)}
                    aria-label={c.filters.sortBy.replace('{column}', heading(key))}
                    className="inline-flex items-center gap-1 font-semibold enabled:hover:text-blue-700"
                  >
                    {heading(key)}
                    <span aria-hidden="true" className="text-xs text-slate-500">
                      {state.sort === key ? (state.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              ))}
              <td className={COLUMN_CLASS} />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 max-sm:block">
            {shown.map((r) => (
              <tr key={r.slug} data-provider={r.slug} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:p-4">
                {SORT_KEYS.map((key) =>
                  key === 'name' ? (
                    <th key={key} scope="row" className="min-w-44 px-3 py-3 max-sm:col-span-2 max-sm:px-0 max-sm:pt-0" data-column={key}>
                      {cells[key](r)}
                    </th>
                  ) : (
                    <td key={key} className={`${COLUMN_CLASS} ${CARD_CELL} tabular-nums`} data-column={key} data-label={heading(key)}>
                      {cells[key](r)}
                    </td>
                  ),
                )}
                <td className={`${COLUMN_CLASS} max-sm:col-span-2 max-sm:px-0 max-sm:pb-0`}>
                  <OutboundLink
                    provider={r.slug}
                    from={path}
                    placement="compare-table"
                    className="inline-block rounded-md bg-blue-700 px-3 py-1.5 font-semibold text-white hover:bg-blue-800 max-sm:block max-sm:py-2.5 max-sm:text-center"
                  >
                    {/* The name is there for screen readers; the row already shows it to everyone else. */}
                    {fillName(c.columns.visit, <span className="sr-only">{r.name}</span>)}
                  </OutboundLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && (
          <p className="p-6 text-center text-slate-600" data-testid="compare-none">
            {c.filters.none}
          </p>
        )}
        <Disclosure disclosure={disclosure} className="border-t border-slate-200 px-4 py-3" />
      </div>
    </>
  );
}
