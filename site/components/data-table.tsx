import type { ReactNode } from 'react';

/** The padding of every cell of a DataTable, for the rows a caller writes. */
export const CELL = 'px-4 py-3';

/**
 * The site's bordered table that scrolls sideways on a narrow screen rather than squeeze its figures: a header row of
 * column labels over the rows given as children. `relative` keeps the screen-reader-only text some cells carry
 * inside the scrolling box.
 */
export function DataTable({ columns, testId, children }: { columns: readonly string[]; testId?: string; children: ReactNode }) {
  return (
    <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={CELL}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
