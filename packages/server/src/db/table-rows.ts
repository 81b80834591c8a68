import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table's rows as a raw statement answered them (`returning *`: column names, driver values),
 * read the way drizzle reads the table's own, so a statement drizzle cannot build (an insert from
 * a JSON recordset) still answers typed rows without reading them again.
 */
export function tableRows<Table extends PgTable>(
  table: Table,
  raw: ReadonlyArray<Record<string, unknown>>,
): Array<Table['$inferSelect']> {
  const columns = Object.entries(getTableColumns(table));
  return raw.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as Table['$inferSelect'],
  );
}
