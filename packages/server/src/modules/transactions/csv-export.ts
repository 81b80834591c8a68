/**
 * The CSV export (GET /transactions/export): the list's rows for its filters, oldest first, in
 * keyset batches read by the list's own query, each written as it comes, so 100,000 rows never
 * sit in memory at once. The columns are KOPIYKA_CSV_COLUMNS, headed and written in the user's
 * language (docs/decisions.md "The CSV export speaks the user's language"); the import reads
 * either back.
 */
import {
  type AppLocale,
  csvTextCell,
  type ExportTransactionsQuery,
  KOPIYKA_CSV_COLUMNS,
  type KopiykaCsvColumn,
  kopiykaCsvHeader,
  MINOR_UNIT_FACTOR,
} from '@kopiyka/shared';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/client.ts';
import { zonedDayFirst, zonedIso } from '../../lib/dates.ts';
import { selectViewsPage, type TransactionView } from './queries/pages.ts';

const BATCH = 1000;
/** Excel reads a CSV file as UTF-8 (Cyrillic notes and names) only when it starts with the byte-order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/** How a language's spreadsheets read a file: its delimiter, decimal mark, times and words. */
interface CsvStyle {
  delimiter: ',' | ';';
  decimalMark: '.' | ',';
  time: (moment: Date, timeZone: string) => string;
  types: Record<'income' | 'expense', string>;
  /** The transfer column of a transfer out of the wallet, and into it. */
  outOfWallet: string;
  intoWallet: string;
}

// A Ukrainian spreadsheet splits on ";" (its list separator, as "," is its decimal mark) and reads
// "25.11.2026 14:03:00" as a date and time; English ones take ISO times and points as before.
const STYLES: Record<AppLocale, CsvStyle> = {
  en: {
    delimiter: ',',
    decimalMark: '.',
    time: zonedIso,
    types: { income: 'income', expense: 'expense' },
    outOfWallet: 'Out of wallet',
    intoWallet: 'Into wallet',
  },
  uk: {
    delimiter: ';',
    decimalMark: ',',
    time: zonedDayFirst,
    types: { income: 'Дохід', expense: 'Витрата' },
    outOfWallet: 'Поза гаманцем',
    intoWallet: 'У гаманець',
  },
};

/** Minor units as a signed decimal with `mark` and no grouping: -1234 → "-12.34" (or "-12,34"). */
function decimalOf(minor: number, mark: CsvStyle['decimalMark']): string {
  const abs = Math.abs(minor);
  const cents = String(abs % MINOR_UNIT_FACTOR).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / MINOR_UNIT_FACTOR)}${mark}${cents}`;
}

export interface ExportNames {
  timeZone: string;
  locale: AppLocale;
  accounts: Map<number, string>;
  categoryPaths: Map<number, string>;
  tags: Map<number, string>;
}

/** What the transfer column says of a row: empty unless it is a transfer, so a sheet can leave transfers out of sums. */
function transferAccountOf(
  { row, destinationAccountId }: TransactionView,
  names: ExportNames,
  style: CsvStyle,
): string {
  if (row.transferNature === 'transfer_out_wallet') {
    return row.transactionType === 'income' ? style.intoWallet : style.outOfWallet;
  }
  if (row.transferNature !== 'transfer_between_user_accounts') return '';
  // The other leg is always there: the ledger keeps a transfer's two legs together.
  return names.accounts.get(destinationAccountId!) ?? '';
}

/** A transaction's lines: one, or one per part of a split one, each in its part's category and amounts. */
function recordsOf(view: TransactionView, names: ExportNames, style: CsvStyle): string[][] {
  const { row, currencyCode, refCurrencyCode, splits } = view;
  const sign = row.transactionType === 'income' ? 1 : -1;
  const line = (
    categoryId: number | null,
    amount: number,
    refAmount: number,
    note: string,
    part: string,
  ): Record<KopiykaCsvColumn, string> => ({
    time: style.time(row.time, names.timeZone),
    // Names and notes are the person's text, which a spreadsheet must not run (`=HYPERLINK(…)`);
    // amounts stay numbers, a minus and all.
    account: csvTextCell(names.accounts.get(row.accountId) ?? ''),
    category: categoryId === null ? '' : csvTextCell(names.categoryPaths.get(categoryId) ?? ''),
    type: style.types[row.transactionType],
    amount: decimalOf(sign * amount, style.decimalMark),
    currency: currencyCode,
    baseAmount: decimalOf(sign * Math.abs(refAmount), style.decimalMark),
    baseCurrency: refCurrencyCode,
    transfer: row.transferId === null ? '' : String(row.transferId),
    transferAccount: csvTextCell(transferAccountOf(view, names, style)),
    note: csvTextCell(note),
    tags: csvTextCell(view.tagIds.map((id) => names.tags.get(id) ?? '').join(', ')),
    part,
  });
  const lines =
    splits.length === 0
      ? [line(row.categoryId, row.amount, row.refAmount, row.note, '')]
      : // A part's note follows the transaction's, so each line says what the whole was too.
        splits.map((part, i) =>
          line(
            part.categoryId,
            part.amount,
            part.refAmount,
            [row.note, part.note].filter(Boolean).join(' — '),
            `${i + 1}/${splits.length}`,
          ),
        );
  return lines.map((cells) => KOPIYKA_CSV_COLUMNS.map(({ key }) => cells[key]));
}

/** The file's text, piece by piece: the byte-order mark and the header, then a batch of rows at a time. */
export async function* csvExport(
  db: Executor,
  userId: number,
  { format: _csv, ...filters }: ExportTransactionsQuery,
  names: ExportNames,
): AsyncGenerator<string> {
  const style = STYLES[names.locale];
  const write = (records: string[][]) => stringify(records, { delimiter: style.delimiter });
  yield BYTE_ORDER_MARK + write([kopiykaCsvHeader(names.locale)]);
  let cursor: { time: string; id: number } | undefined;
  for (;;) {
    const batch = await selectViewsPage(db, userId, { ...filters, order: 'asc', from: 0, limit: BATCH, cursor });
    if (batch.length === 0) return;
    yield write(batch.flatMap((view) => recordsOf(view, names, style)));
    const last = batch.at(-1)!.row;
    cursor = { time: last.time.toISOString(), id: last.id };
    if (batch.length < BATCH) return;
  }
}
