/**
 * Recording occurrences (docs/decisions.md "Recurring money"): an occurrence becomes an ordinary
 * transaction, created in the same database transaction that takes the occurrence's key, so it is
 * recorded once whatever restarts, crashes or instances, and a crash mid-way leaves nothing of it.
 */
import {
  type ConfirmOccurrenceBody,
  instalmentParts,
  type NewTransaction,
  nextOccurrence,
  type Occurrence,
  occurrencesWithin,
  type Rhythm,
  type Transaction,
} from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { addDays, zonedInstant } from '../../lib/dates.ts';
import { fallbackCategoryId } from '../categories/index.ts';
import type { TransactionsService } from '../transactions/index.ts';
import { type RecurringRow, selectDecidedSince, takeOccurrence } from './queries.ts';

/** Recorded transactions take noon of their local day: no clock change falls near it. */
const RECORDED_AT = '12:00:00';
/** The occurrences one look at a schedule lists as due, at most (a daily rhythm left for years). */
export const DUE_LISTED_MAX = 100;

export const rhythmOf = (row: RecurringRow): Rhythm => ({
  frequency: row.frequency,
  interval: row.interval,
  startDate: row.startDate,
  endDate: row.endDate,
  count: row.count,
});

/** An occurrence's amount: an instalment plan's part (the remainder in the last), else the template's. */
export function occurrenceAmount(row: RecurringRow, index: number): number {
  return row.kind === 'instalments' ? instalmentParts(row.amount, row.count!)[index]! : row.amount;
}

/** The occurrence of the rhythm on `date`, if it falls on it. */
export function occurrenceOn(row: RecurringRow, date: string): Occurrence | undefined {
  return occurrencesWithin(rhythmOf(row), date, date, 1)[0];
}

/** The occurrence as a new transaction, with what a confirmation changed of it. */
export function occurrenceTransaction(
  row: RecurringRow,
  tagIds: number[],
  occurrence: Occurrence,
  timeZone: string,
  fallbackCategory: number | null,
  changes: ConfirmOccurrenceBody = {},
): NewTransaction {
  const transfer = row.destinationAccountId !== null;
  const amount = changes.amount ?? occurrenceAmount(row, occurrence.index);
  return {
    amount,
    transactionType: row.transactionType,
    paymentType: row.paymentType as NewTransaction['paymentType'],
    accountId: row.accountId,
    time: zonedInstant(occurrence.date, RECORDED_AT, timeZone).toISOString(),
    note: changes.note ?? row.note,
    categoryId:
      changes.categoryId !== undefined ? changes.categoryId : (row.categoryId ?? (transfer ? null : fallbackCategory)),
    transferNature: transfer ? 'transfer_between_user_accounts' : 'not_transfer',
    ...(transfer
      ? {
          destinationAccountId: row.destinationAccountId!,
          destinationAmount: changes.destinationAmount ?? row.destinationAmount ?? amount,
        }
      : {}),
    tagIds: changes.tagIds ?? tagIds,
  };
}

/** The occurrence was recorded or skipped already: this recording of it rolls back. */
class OccurrenceTaken extends Error {}

export interface Recorder {
  /**
   * Records the occurrence; answers its transactions, or null when it was recorded or skipped
   * already (nothing is written then).
   */
  record(
    row: RecurringRow,
    tagIds: number[],
    occurrence: Occurrence,
    timeZone: string,
    changes?: ConfirmOccurrenceBody,
    /** Writes made with the recording, in its database transaction (the schedule's next day). */
    alongside?: (tx: Executor) => Promise<void>,
  ): Promise<Transaction[] | null>;
}

export function createRecorder(db: Executor, transactions: TransactionsService): Recorder {
  return {
    async record(row, tagIds, occurrence, timeZone, changes, alongside) {
      // A schedule whose category went records in the built-in "Other", as a transaction would land.
      const fallback = row.categoryId === null ? await fallbackCategoryId(db, row.userId) : null;
      const body = occurrenceTransaction(row, tagIds, occurrence, timeZone, fallback, changes);
      try {
        return await transactions.create(row.userId, body, async (tx, [first]) => {
          if (!(await takeOccurrence(tx, row.id, occurrence.date, 'recorded', first!.id))) throw new OccurrenceTaken();
          await alongside?.(tx);
        });
      } catch (error) {
        if (error instanceof OccurrenceTaken) return null;
        throw error;
      }
    },
  };
}

/**
 * The first occurrence on or after `from` neither recorded nor skipped, as the schedule's next
 * day; null when the rhythm ends before one.
 */
export async function firstUndecided(db: Executor, row: RecurringRow, from: string): Promise<string | null> {
  const rhythm = rhythmOf(row);
  const decided = (await selectDecidedSince(db, [row.id], from)).get(row.id) ?? new Set<string>();
  let next = nextOccurrence(rhythm, from);
  while (next && decided.has(next.date)) next = nextOccurrence(rhythm, addDays(next.date, 1));
  return next?.date ?? null;
}

/**
 * The occurrences of the schedule from `from` to `to` (local days) neither recorded nor skipped,
 * in order, at most `limit`.
 */
export async function undecidedWithin(
  db: Executor,
  row: RecurringRow,
  from: string,
  to: string,
  limit: number,
): Promise<Occurrence[]> {
  const decided = (await selectDecidedSince(db, [row.id], from)).get(row.id) ?? new Set<string>();
  return undecidedAmong(row, decided, from, to, limit);
}

/** undecidedWithin's answer, given the occurrences of the schedule decided on or after `from`. */
export function undecidedAmong(
  row: RecurringRow,
  decided: ReadonlySet<string>,
  from: string,
  to: string,
  limit: number,
): Occurrence[] {
  return occurrencesWithin(rhythmOf(row), from, to, limit + decided.size)
    .filter((occurrence) => !decided.has(occurrence.date))
    .slice(0, limit);
}
