import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row read the way drizzle reads the table's own: each driver value through its column. A plain
 * loop: a page of the list reads 50 rows of 30 columns per request, and building each row from
 * arrays of entries took a twentieth of the request.
 */
function readRow<Table extends PgTable>(
  columns: Array<[string, Column]>,
  driverValue: (column: Column, index: number) => unknown,
): Table['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index++) {
    const [key, column] = columns[index]!;
    const value = driverValue(column, index);
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table['$inferSelect'];
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
  // One raw chunk rather than two identifiers per column: drizzle walks every chunk of a statement
  // at every call, and a page of the list names 30 columns.
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return sql.raw(
    Object.values(getTableColumns(table))
      .map((column) => `${quoted(alias)}.${quoted(column.name)}`)
      .join(', '),
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
