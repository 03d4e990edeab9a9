/** Renderers for the comparison table and the plan-length cost table. */
import type { ReactNode } from 'react';
import { Badge } from '../badge';
import { providerIn, type BlockProps } from './context';
import { BlockSection } from './block-section';

const TABLE = 'mt-6 w-full min-w-[32rem] border-collapse text-left text-sm';
const TH = 'border-b border-slate-300 bg-slate-100 px-4 py-3 font-semibold text-slate-900';
const TD = 'border-b border-slate-200 px-4 py-3 text-slate-800';

/** An article's table: a header row of column labels over the rows given, scrolling sideways on a narrow screen. */
function BlockTable({ columns, testId, children }: { columns: readonly string[]; testId: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={`${TABLE} bg-white`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={TH}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table whose row headings are labels or provider names. */
export function ComparisonTableBlock({ block, ctx }: BlockProps<'comparison-table'>) {
  return (
    <BlockSection block={block}>
      <BlockTable columns={block.columns} testId="comparison-table">
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
      </BlockTable>
      {block.note && <p className="mt-3 text-sm text-slate-600">{block.note}</p>}
    </BlockSection>
  );
}

/** Plan lengths with price, savings and who each suits; a badged row is highlighted. */
export function CostTableBlock({ block }: BlockProps<'cost-table'>) {
  const { columns } = block;
  return (
    <BlockSection block={block}>
      <BlockTable columns={[columns.plan, columns.price, columns.savings, columns.bestFor]} testId="cost-table">
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
      </BlockTable>
    </BlockSection>
  );
}
