import { MONOBANK_STATEMENT_COLUMNS } from '@kopiyka/shared';

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
