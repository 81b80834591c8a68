/**
 * The balance a finished import meets (docs/decisions.md "A CSV import meets the statement's
 * balance"): the balance after the file's newest row, from its balance column, or the balance the
 * person gave for today or for before the oldest row.
 */
import {
  type ImportDelimiter,
  type ImportWallTime,
  parseImportAmount,
  parseImportRowAmount,
  parseImportTime,
} from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import type { ImportOptions } from '../../db/schema.ts';
import type { StatedBalance } from '../transactions/index.ts';
import { recordBatches } from './detect.ts';
import { instantsInUserZone } from './queries.ts';

/** Rows read per query turning wall-clock times into instants. */
const ROWS_PER_READ = 1_000;

/** A row of the file the import took: its instant, and its balance-after when the file states it. */
interface TimedRow {
  time: number;
  balance: number | undefined;
}

/**
 * Reads the file once more for the rows whose time and amount read (those the import could take):
 * the oldest time, and of the newest rows with a readable balance the one the bank wrote last (a file runs oldest-first or newest-first; rows of one second keep the file's order).
 */
export async function statedBalance(
  db: Database,
  userId: number,
  text: readonly string[],
  delimiter: ImportDelimiter,
  options: ImportOptions,
): Promise<StatedBalance | undefined> {
  const { mapping, dateFormat, decimalSeparator, balance: given } = options;
  const column = mapping.balance;
  if (column === undefined && given === undefined) return undefined;

  let first: TimedRow | undefined;
  let last: TimedRow | undefined;
  let oldest = Number.POSITIVE_INFINITY;
  // The newest row with a balance, taking the first of equal times, and taking the last of them.
  let newestFirstOfSecond: TimedRow | undefined;
  let newestLastOfSecond: TimedRow | undefined;

  for await (const batch of recordBatches(text, delimiter, { from: 1, size: ROWS_PER_READ })) {
    const read = batch.flatMap(({ cells }) => {
      const time = parseImportTime(cells[mapping.time] ?? '', dateFormat);
      if (!time.ok || !parseImportRowAmount(cells, mapping, decimalSeparator).ok) return [];
      const balance = column === undefined ? undefined : parseImportAmount(cells[column] ?? '', decimalSeparator);
      return [{ time: time.value, balance: balance?.ok ? balance.value : undefined }];
    });
    const walls: ImportWallTime[] = read.flatMap(({ time }) => ('wall' in time ? [time.wall] : []));
    const instants = await instantsInUserZone(db, userId, walls);
    let wallIndex = 0;
    for (const { time, balance } of read) {
      const row = { time: 'instant' in time ? Date.parse(time.instant) : instants[wallIndex++]!.getTime(), balance };
      first ??= row;
      last = row;
      oldest = Math.min(oldest, row.time);
      if (balance === undefined) continue;
      if (!newestFirstOfSecond || row.time > newestFirstOfSecond.time) newestFirstOfSecond = row;
      if (!newestLastOfSecond || row.time >= newestLastOfSecond.time) newestLastOfSecond = row;
    }
  }
  if (!first || !last) return undefined;

  if (given) {
    return given.point === 'today'
      ? { at: null, balance: given.amount, through: true }
      : { at: new Date(oldest), balance: given.amount, through: false };
  }
  const anchor = first.time > last.time ? newestFirstOfSecond : newestLastOfSecond;
  return anchor && { at: new Date(anchor.time), balance: anchor.balance!, through: true };
}
