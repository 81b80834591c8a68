/**
 * The CSV export (GET /transactions/export): the list's rows for its filters, oldest first, in
 * keyset batches read by the list's own query, each written as it comes, so 100,000 rows never
 * sit in memory at once. The columns are KOPIYKA_CSV_COLUMNS, which the import reads back.
 */
import { type ExportTransactionsQuery, KOPIYKA_CSV_COLUMNS, MINOR_UNIT_FACTOR } from '@kopiyka/shared';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/client.ts';
import { zonedIso } from '../../lib/dates.ts';
import { selectViewsPage, type TransactionView } from './queries/pages.ts';

const BATCH = 1000;
/** Excel reads a CSV file as UTF-8 (Cyrillic notes and names) only when it starts with the byte-order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/** Minor units as a signed decimal with "." and no grouping: -1234 → "-12.34". */
export function decimalOf(minor: number): string {
  const abs = Math.abs(minor);
  const cents = String(abs % MINOR_UNIT_FACTOR).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / MINOR_UNIT_FACTOR)}.${cents}`;
}

export interface ExportNames {
  timeZone: string;
  accounts: Map<number, string>;
  categoryPaths: Map<number, string>;
}

function recordOf({ row, currencyCode, refCurrencyCode }: TransactionView, names: ExportNames): string[] {
  const sign = row.transactionType === 'income' ? 1 : -1;
  return [
    zonedIso(row.time, names.timeZone),
    names.accounts.get(row.accountId) ?? '',
    row.categoryId === null ? '' : (names.categoryPaths.get(row.categoryId) ?? ''),
    row.transactionType,
    decimalOf(sign * row.amount),
    currencyCode,
    decimalOf(sign * Math.abs(row.refAmount)),
    refCurrencyCode,
    row.transferId === null ? '' : String(row.transferId),
    row.note,
  ];
}

/** The file's text, piece by piece: the byte-order mark and the header, then a batch of rows at a time. */
export async function* csvExport(
  db: Executor,
  userId: number,
  { format: _csv, ...filters }: ExportTransactionsQuery,
  names: ExportNames,
): AsyncGenerator<string> {
  yield BYTE_ORDER_MARK + stringify([[...KOPIYKA_CSV_COLUMNS]]);
  let cursor: { time: string; id: number } | undefined;
  for (;;) {
    const batch = await selectViewsPage(db, userId, { ...filters, order: 'asc', from: 0, limit: BATCH, cursor });
    if (batch.length === 0) return;
    yield stringify(batch.map((view) => recordOf(view, names)));
    const last = batch.at(-1)!.row;
    cursor = { time: last.time.toISOString(), id: last.id };
    if (batch.length < BATCH) return;
  }
}
