/** Renderers for the comparison table and the plan-length cost table. */
import { Badge } from '../badge';
import { providerIn, type BlockProps } from './context';

const TABLE = 'mt-6 w-full min-w-[32rem] border-collapse text-left text-sm';
const TH = 'border-b border-slate-300 bg-slate-100 px-4 py-3 font-semibold text-slate-900';
const TD = 'border-b border-slate-200 px-4 py-3 text-slate-800';

/** A table whose row headings are labels or provider names. */
export function ComparisonTableBlock({ block, ctx }: BlockProps<'comparison-table'>) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{block.heading}</h2>
      {block.intro && <p className="mt-3 text-slate-700">{block.intro}</p>}
      <div className="overflow-x-auto">
        <table className={`${TABLE} bg-white`} data-testid="comparison-table">
          <thead>
            <tr>
              {block.columns.map((c) => (
                <th key={c} scope="col" className={TH}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, i) => (
              <tr key={i}>
                <th scope="row" className={`${TD} font-semibold`}>
                  {row.provider ? providerIn(ctx, row.provider).name : row.label}
                </th>
                {row.cells.map((cell, j) => (
                  <td key={j} className={TD}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {block.note && <p className="mt-3 text-sm text-slate-600">{block.note}</p>}
    </section>
  );
}

/** Plan lengths with price, savings and who each suits; a badged row is highlighted. */
export function CostTableBlock({ block }: BlockProps<'cost-table'>) {
  const { columns } = block;
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{block.heading}</h2>
      {block.intro && <p className="mt-3 text-slate-700">{block.intro}</p>}
      <div className="overflow-x-auto">
        <table className={`${TABLE} bg-white`} data-testid="cost-table">
          <thead>
            <tr>
              <th scope="col" className={TH}>
                {columns.plan}
              </th>
              <th scope="col" className={TH}>
                {columns.price}
              </th>
              <th scope="col" className={TH}>
                {columns.savings}
              </th>
              <th scope="col" className={TH}>
                {columns.bestFor}
              </th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.plan} className={row.badge ? 'bg-green-50' : undefined}>
                <th scope="row" className={`${TD} font-semibold`}>
                  {row.plan}
                  {row.badge && <Badge className="ml-2">{row.badge}</Badge>}
                </th>
                <td className={`${TD} font-semibold`}>{row.price}</td>
                <td className={TD}>{row.savings}</td>
                <td className={TD}>{row.bestFor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
