import type { ReactNode } from 'react';

/** The padding of every cell of a DataTable, for the rows a caller writes. */
export const CELL = 'px-4 py-3';

/** A stacked table's rows and cells below 640 px: each row a block, each cell its label and its value on one line. */
const STACKED = [
  'max-sm:[&_table]:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2',
  'max-sm:[&_th]:block max-sm:[&_th]:py-1 max-sm:[&_td]:flex max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:py-1',
  'max-sm:[&_td]:before:font-medium max-sm:[&_td]:before:text-slate-600 max-sm:[&_td]:before:content-[attr(data-label)]',
].join(' ');

/**
 * The site's bordered table that scrolls sideways on a narrow screen rather than squeeze its figures: a header row of
 * column labels over the rows given as children. `relative` keeps the screen-reader-only text some cells carry
 * inside the scrolling box.
 */
export function DataTable({
  columns,
  testId,
  stack = false,
  children,
}: {
  columns: readonly string[];
  testId?: string;
  /**
   * Below 640 px, one card per row instead of a table, each cell under its label (the cell's `data-label`): for a
   * table whose every column must be seen on a phone without scrolling sideways, such as a disclosure.
   */
  stack?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white ${stack ? STACKED : ''}`}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className={`bg-slate-100 text-slate-800 ${stack ? 'max-sm:sr-only' : ''}`}>
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
