import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A row read the way drizzle reads the table's own: each driver value through its column. */
function readRow<Table extends PgTable>(
  columns: Array<[string, Column]>,
  driverValue: (column: Column, index: number) => unknown,
): Table['$inferSelect'] {
  return Object.fromEntries(
    columns.map(([key, column], index) => {
      const value = driverValue(column, index);
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Table['$inferSelect'];
}

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
  return raw.map((row) => readRow<Table>(columns, (column) => row[column.name]));
}

/**
 * The table's columns of the row aliased `alias`, as a list of SQL expressions in the order
 * tupleRows reads them: a statement can answer rows as JSON arrays, which the database builds and
 * JSON.parse reads faster than objects that repeat every column name.
 */
export function tupleColumns(table: PgTable, alias: string): SQL {
  return sql.join(
    Object.values(getTableColumns(table)).map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
}

/**
 * Rows answered as arrays that begin with tupleColumns' values: each read as the table's row, with
 * the values the statement put after them.
 */
export function tupleRows<Table extends PgTable>(
  table: Table,
  tuples: ReadonlyArray<ReadonlyArray<unknown>>,
): Array<{ row: Table['$inferSelect']; rest: unknown[] }> {
  const columns = Object.entries(getTableColumns(table));
  return tuples.map((tuple) => ({
    row: readRow<Table>(columns, (_, index) => tuple[index]),
    rest: tuple.slice(columns.length),
  }));
}
