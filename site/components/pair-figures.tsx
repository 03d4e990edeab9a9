import type { ReactNode } from 'react';
import type { Comparison, Provider } from '../../services/content/index.ts';
import type { ShownPlan } from '../../services/content/figure-format.ts';
import { better, type Order } from '../lib/compare-pair';
import { DataTable, CELL } from './data-table';
import { Discount, PlanName, Price, ProviderFigure, RegularPrice } from './figure';

/** What the figures table reads of one side of a head-to-head page. */
export type PairSide = Pick<
  Provider,
  | 'slug'
  | 'name'
  | 'rating'
  | 'servers'
  | 'countries'
  | 'devices'
  | 'streaming'
  | 'torrenting'
  | 'killSwitch'
  | 'noLogs'
  | 'moneyBack'
  | 'support'
  | 'owner'
> & { plan: ShownPlan };

type Labels = Comparison['pair'];

interface Row {
  key: keyof Labels['rows'];
  order: Order;
  values: [number | string | boolean, number | string | boolean];
  show: (p: PairSide) => ReactNode;
}

/** The figures of both providers, row by row, the better one of each comparable row marked (a tick and its words). */
export function PairFigures({ a, b, t, yes, no }: { a: PairSide; b: PairSide; t: Labels; yes: string; no: string }) {
  const yesNo = (ok: boolean) => (ok ? yes : no);
  const figure = (p: PairSide, name: 'rating' | 'servers' | 'countries' | 'devices') => (
    <ProviderFigure slug={p.slug} figure={name} value={p[name]} />
  );
  const rows: Row[] = [
    { key: 'rating', order: 'higher', values: [a.rating, b.rating], show: (p) => figure(p, 'rating') },
    { key: 'price', order: 'lower', values: [a.plan.price, b.plan.price], show: (p) => <Price plan={p.plan} /> },
    // A plan without a deal is sold at its price: that is its regular price too.
    {
      key: 'regularPrice',
      order: 'lower',
      values: [a.plan.regularPrice ?? a.plan.price, b.plan.regularPrice ?? b.plan.price],
      show: (p) =>
        p.plan.discount === undefined ? (
          <Price plan={p.plan} />
        ) : (
          <>
            <RegularPrice plan={p.plan} />{' '}
            <span className="text-green-700">
              (<Discount plan={p.plan} />)
            </span>
          </>
        ),
    },
    { key: 'plan', order: 'none', values: [0, 0], show: (p) => <PlanName plan={p.plan} /> },
    { key: 'servers', order: 'higher', values: [a.servers, b.servers], show: (p) => figure(p, 'servers') },
    { key: 'countries', order: 'higher', values: [a.countries, b.countries], show: (p) => figure(p, 'countries') },
    { key: 'devices', order: 'higher', values: [a.devices, b.devices], show: (p) => figure(p, 'devices') },
    { key: 'streaming', order: 'feature', values: [a.streaming, b.streaming], show: (p) => yesNo(p.streaming) },
    { key: 'torrenting', order: 'feature', values: [a.torrenting, b.torrenting], show: (p) => yesNo(p.torrenting) },
    { key: 'killSwitch', order: 'feature', values: [a.killSwitch, b.killSwitch], show: (p) => yesNo(p.killSwitch) },
    { key: 'noLogs', order: 'feature', values: [a.noLogs, b.noLogs], show: (p) => yesNo(p.noLogs) },
    { key: 'moneyBack', order: 'higher', values: [a.moneyBack, b.moneyBack], show: (p) => p.moneyBack },
    { key: 'support', order: 'none', values: [a.support, b.support], show: (p) => p.support },
    { key: 'owner', order: 'none', values: [a.owner, b.owner], show: (p) => p.owner },
  ];
  const sides = [
    ['a', a],
    ['b', b],
  ] as const;
  return (
    <DataTable columns={[t.figure, a.name, b.name]} testId="pair-figures">
      {rows.map((row) => {
        const best = better(row.order, row.values[0], row.values[1]);
        return (
          <tr key={row.key} data-row={row.key}>
            <th scope="row" className={`${CELL} font-medium`}>
              {t.rows[row.key]}
            </th>
            {sides.map(([s, p]) => (
              <td
                key={s}
                className={`${CELL} ${best === s ? 'bg-green-50 font-semibold text-green-800' : ''}`}
                data-side={s}
                data-better={best === s ? '' : undefined}
              >
                {row.show(p)}
                {best === s && (
                  <>
                    {' '}
                    <span aria-hidden="true">✓</span>
                    <span className="sr-only"> {t.better}</span>
                  </>
                )}
              </td>
            ))}
          </tr>
        );
      })}
    </DataTable>
  );
}
