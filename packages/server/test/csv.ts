import { kopiykaCsvHeader, MONOBANK_STATEMENT_COLUMNS } from '@kopiyka/shared';

/** A CSV file from rows of cells, each cell quoted as spreadsheets write them. */
export const csv = (rows: string[][], delimiter = ',') =>
  `${rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(delimiter)).join('\r\n')}\r\n`;

/**
 * A statement as the Monobank app exports it: quoted, commas, points, day-first times, amounts in
 * UAH, and the balance after each row (an empty cell when not given).
 */
export function monobankStatement(
  items: Array<[time: string, details: string, mcc: string, amount: string, balance?: string]>,
): string {
  return csv([
    [...MONOBANK_STATEMENT_COLUMNS],
    ...items.map(([time, details, mcc, amount, balance = '']) => [
      time,
      details,
      mcc,
      amount,
      amount,
      'UAH',
      '—',
      '0.00',
      '0.00',
      balance,
    ]),
  ]);
}

/**
 * Money put aside from the account called "Card" on `day` (an ISO day), as Kopiyka's export writes
 * a transfer out of the wallet: a transfer id and no category; its note "To savings".
 */
export const moneyPutAside = (day: string, amount = '-300.00') =>
  csv([
    kopiykaCsvHeader('en').filter((name) => !['Transfer account', 'Tags', 'Split part'].includes(name)),
    [`${day}T08:00:00+02:00`, 'Card', '', 'expense', amount, 'UAH', amount, 'UAH', '41', 'To savings'],
  ]);
