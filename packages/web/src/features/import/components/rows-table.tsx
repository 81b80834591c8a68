import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils.ts';

type RowsTableProps = {
  columns: ReadonlyArray<{ label: string; className?: string }>;
  /** The scrolling box: its height limit. */
  className?: string;
  /** The body's rows. */
  children: ReactNode;
};

/** Rows of a file (a preview, the bad ones) in a box that scrolls, its header staying in view. */
export function RowsTable({ columns, className, children }: RowsTableProps) {
  return (
    <div className={cn('overflow-auto rounded-lg border', className)}>
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-3 py-2 font-medium', column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
