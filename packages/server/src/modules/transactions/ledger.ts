/**
 * The ledger's writes: how a write locks what it changes, and the only three ways it touches a
 * transaction row, each moving the account's balance and its day figures (the day's delta, the
 * day totals the statistics read) with the row
 * (DESIGN principle 2: currentBalance = initialBalance + Σ signed amounts).
 */

import { isWithinAmountLimit, MAX_AMOUNT_TEXT, type SplitPart, signedAmount } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { tooLargeForAccount } from '../accounts/index.ts';
import { holdBaseCurrency } from '../currencies/index.ts';
import { neutralFigureOf } from './base-amounts.ts';
import { type AccountMove, moveBalances } from './queries/balances.ts';
import { addDayFigures, type DayFigures } from './queries/day-figures.ts';
import { unlinkRefundsOf } from './queries/refunds.ts';
import {
  deleteTransaction,
  deleteTransactions,
  insertTransaction,
  insertTransactions,
  lockAccounts,
  lockTransactions,
  type NewTransactionRow,
  nextTransferId,
  selectOwnAccount,
  type TransactionRow,
  updateTransaction,
} from './queries/rows.ts';
import { addSplitsToDayTotals, enterSplits, replaceSplits } from './queries/splits.ts';
import { BETWEEN } from './transfer-rules.ts';

/** The UTC day of a moment: the day whose exchange rate values it (docs/decisions.md "Local days"). */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

// ---- how a write locks: accounts first, then transaction rows, each in ascending id order ----

/**
 * Decisions (validation, rates: a provider call is too slow to hold locks over) are made on rows
 * read before the write locks them. This answers a write whose rows changed meanwhile; the
 * request then starts over from a fresh read (onFreshRows).
 */
export class ChangedMeanwhile extends AppError {
  constructor() {
    super('CONFLICT', 'This transaction changed meanwhile. Reload it and try again.');
  }
}

const ATTEMPTS = 3;

/** Runs `work` again from scratch when its rows changed meanwhile; CONFLICT after a few tries. */
export async function onFreshRows<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile) || attempt === ATTEMPTS) throw error;
    }
  }
}

/** What a write decides on: when any of these moved under it, its decisions are stale. */
const DECIDED_ON = [
  'amount',
  'transactionType',
  'accountId',
  'categoryId',
  'transferNature',
  'transferId',
  'createdByTransfer',
  'isSplit',
] as const;

/**
 * The one way a write takes its locks: the accounts of the rows it read and of any it moves
 * money to (queries.lockAccounts), then those rows (queries.lockTransactions). Every writer takes
 * accounts before rows, each in ascending id order, so no two writers wait on each other
 * crosswise. Answers the locked rows by id, after checking that they are still what was read.
 * A write with new base-currency figures names the base they were valued in (`valuedIn`): before
 * the accounts, it holds the user's base as it is, and a base change that switched since makes
 * the write start over (docs/decisions.md "An import and a base change at once").
 */
export async function lockForWrite(
  tx: Executor,
  userId: number,
  read: TransactionRow[],
  moreAccountIds: number[] = [],
  valuedIn: number[] = [],
): Promise<Map<number, TransactionRow>> {
  if (valuedIn.length > 0) {
    const base = await holdBaseCurrency(tx, userId);
    if (valuedIn.some((currencyId) => currencyId !== base)) throw new ChangedMeanwhile();
  }
  const accountIds = [...new Set([...read.map((row) => row.accountId), ...moreAccountIds])];
  if ((await lockAccounts(tx, userId, accountIds)).length !== accountIds.length) throw new ChangedMeanwhile();
  const ids = read.map((row) => row.id);
  const rows = ids.length > 0 ? await lockTransactions(tx, userId, ids) : [];
  const locked = new Map(rows.map((row) => [row.id, row]));
  const unchanged = read.every((was) => {
    const now = locked.get(was.id);
    return now && now.time.getTime() === was.time.getTime() && DECIDED_ON.every((field) => now[field] === was[field]);
  });
  if (!unchanged) throw new ChangedMeanwhile();
  return locked;
}

// ---- the only three ways a write touches money: each moves the balances with the rows ----

/** How a row moves its account's figures as it comes (`sign` 1) or goes (-1). */
const moveOf = (row: Pick<TransactionRow, 'amount' | 'transactionType' | 'refAmount' | 'time'>, sign: 1 | -1) => ({
  time: row.time,
  delta: sign * signedAmount(row.transactionType, row.amount),
  turnover: sign * row.amount,
  refTurnover: sign * Math.abs(row.refAmount),
});

/** What a row adds to its day figures as it comes (`sign` 1) or goes (-1). */
const dayFiguresOf = (row: TransactionRow, sign: 1 | -1): DayFigures => ({
  accountId: row.accountId,
  time: row.time,
  delta: sign * signedAmount(row.transactionType, row.amount),
  categoryId: row.categoryId,
  transactionType: row.transactionType,
  transferNature: row.transferNature,
  refAmount: sign * row.refAmount,
  count: sign,
  isSplit: row.isSplit,
});

/**
 * The one way money moves: the account's balances (the accounts module's write: the current one,
 * or the initial one for a transaction from before the opening moment), its turnovers and the
 * day figures change together, by relative amounts, so concurrent writes add up instead of
 * overwriting each other. A move past the limits is refused on `path` (docs/decisions.md).
 * The caller holds the account's lock (lockForWrite).
 */
async function moveBalance(tx: Executor, userId: number, row: TransactionRow, sign: 1 | -1, path: string) {
  await moveBalancesFor(tx, userId, [{ ...moveOf(row, sign), accountId: row.accountId }], path);
  await addDayFigures(tx, userId, [dayFiguresOf(row, sign)]);
}

/**
 * `path`: the body field a refusal names (the amount of this leg). `parts`: what it is split into
 * (the row then carries isSplit and its largest part's category).
 */
export async function insertLeg(
  tx: Executor,
  userId: number,
  row: NewTransactionRow,
  path = 'amount',
  parts: SplitPart[] = [],
) {
  const inserted = await insertTransaction(tx, row);
  await moveBalance(tx, userId, inserted, 1, path);
  if (parts.length > 0) {
    await replaceSplits(tx, userId, inserted.id, parts);
    await enterSplits(tx, userId, [inserted.id]);
  }
  return inserted;
}

/**
 * Many new legs at once (a bank statement's page): one insert, and one balance move per account
 * and one delta per account and day, summed, so a page of 500 costs a handful of statements. The
 * caller holds the accounts' locks.
 */
export async function insertLegs(tx: Executor, userId: number, rows: NewTransactionRow[]) {
  if (rows.length === 0) return [];
  const inserted = await insertTransactions(tx, rows);
  await moveBalancesOfLegs(tx, userId, inserted, 1);
  return inserted;
}

/** The balances and day figures of many legs coming (1) or going (-1): one statement for the balances, one for the day figures. */
async function moveBalancesOfLegs(tx: Executor, userId: number, rows: TransactionRow[], sign: 1 | -1) {
  await moveBalancesFor(
    tx,
    userId,
    rows.map((row) => ({ ...moveOf(row, sign), accountId: row.accountId })),
    'amount',
  );
  await addDayFigures(
    tx,
    userId,
    rows.map((row) => dayFiguresOf(row, sign)),
  );
}

/**
 * Many legs going at once (an import undone): one balance move per account and one delta per
 * account and day, summed, then one delete. The caller holds the accounts' and rows' locks.
 */
export async function removeLegs(tx: Executor, userId: number, rows: TransactionRow[]) {
  if (rows.length === 0) return;
  await addSplitsToDayTotals(
    tx,
    userId,
    rows.filter((row) => row.isSplit).map((row) => row.id),
    -1,
  );
  await moveBalancesOfLegs(tx, userId, rows, -1);
  await deleteTransactions(
    tx,
    userId,
    rows.map((row) => row.id),
  );
}

export async function removeLeg(tx: Executor, userId: number, row: TransactionRow) {
  if (row.isSplit) await addSplitsToDayTotals(tx, userId, [row.id], -1);
  await moveBalance(tx, userId, row, -1, 'amount');
  await deleteTransaction(tx, userId, row.id);
}

/**
 * Every change of a transaction row: money moves when it must, and the day figures follow whatever
 * they group by or sum, money moving or not (a category, a transfer's nature, a figure).
 * `parts`: the row's new parts (none: joined again); without them a split row keeps its parts,
 * unless its amount changes (a bank's correction), when they no longer add up and are joined.
 */
export async function changeLeg(
  tx: Executor,
  userId: number,
  before: TransactionRow,
  changes: Partial<NewTransactionRow>,
  path = 'amount',
  parts?: SplitPart[],
) {
  const newParts =
    parts ?? (before.isSplit && changes.amount !== undefined && changes.amount !== before.amount ? [] : undefined);
  const after = { ...before, ...changes, ...(newParts ? { isSplit: newParts.length > 0 } : {}) };
  const moved =
    after.amount !== before.amount ||
    after.transactionType !== before.transactionType ||
    after.accountId !== before.accountId ||
    // Any other moment may be another day in the user's time zone.
    after.time.getTime() !== before.time.getTime() ||
    Math.abs(after.refAmount) !== Math.abs(before.refAmount);
  if (moved) {
    // Out, then in: the limits bound what the row brings, not what it takes away.
    await moveBalancesFor(tx, userId, [{ ...moveOf(before, -1), accountId: before.accountId }], path);
    await moveBalancesFor(tx, userId, [{ ...moveOf(after, 1), accountId: after.accountId }], path);
  }
  const retotalled =
    after.categoryId !== before.categoryId ||
    after.transferNature !== before.transferNature ||
    after.refAmount !== before.refAmount ||
    after.isSplit !== before.isSplit;
  // What the parts add to the day totals hangs on the row's account, day, type, nature and figure.
  const partsMoved = newParts !== undefined || moved || retotalled;
  const partsComeIn = after.isSplit && partsMoved;
  const rowFigures = moved || retotalled ? [dayFiguresOf(before, -1), dayFiguresOf(after, 1)] : [];
  // Money that did not move leaves the day deltas as they are: the row's day totals then change in
  // the statement its parts come in by, so a day total both touch is written once.
  const rowWithParts = partsComeIn && !moved;
  if (before.isSplit && partsMoved) await addSplitsToDayTotals(tx, userId, [before.id], -1);
  if (!rowWithParts) await addDayFigures(tx, userId, rowFigures);
  await updateTransaction(tx, userId, before.id, {
    ...changes,
    ...(after.isSplit !== before.isSplit ? { isSplit: after.isSplit } : {}),
  });
  if (newParts) await replaceSplits(tx, userId, before.id, newParts);
  if (partsComeIn) await enterSplits(tx, userId, [before.id], rowWithParts ? rowFigures : []);
}

/**
 * The ledger's balance moves, inside its database transaction and after
 * it locked the accounts, together with the transaction rows it moves money for: the current
 * balance for a transaction from the opening moment on, the initial one for an earlier one. Moves
 * that grow an account past the limit, or the user's base-currency figures past it, are refused
 * with VALIDATION_ERROR on `path` (the caller's transaction then stores nothing); one that shrinks
 * them always goes through.
 */
export async function moveBalancesFor(
  tx: Executor,
  userId: number,
  moves: ReadonlyArray<AccountMove>,
  path: string,
): Promise<void> {
  if (moves.length === 0) return;
  const moved = await moveBalances(tx, userId, moves);
  const grows = (accountId: number | undefined, field: 'turnover' | 'refTurnover') =>
    moves.reduce((sum, move) => sum + (accountId === undefined || move.accountId === accountId ? move[field] : 0), 0) >
    0;
  for (const [accountId, { extent }] of moved) {
    if (grows(accountId, 'turnover') && !isWithinAmountLimit(extent)) throw tooLargeForAccount(path);
  }
  const [first] = moved.values();
  if (first && grows(undefined, 'refTurnover') && !isWithinAmountLimit(first.refTotal)) {
    throw validationError(path, 'amount.totalTooLargeInBase', { max: MAX_AMOUNT_TEXT });
  }
}

/**
 * Two existing transactions become the legs of one transfer (inside the caller's transaction, which
 * holds their accounts' locks). No money moves, but a transfer is neutral in the base currency: the
 * leg that does not give the figure (base-amounts.ts: neutralFigureOf) takes the other's, and
 * both drop a figure a base change in progress made for them apart, to be valued again as a pair.
 * A transfer neither is nor has a refund: the legs' refund links go (docs/decisions.md "Refunds").
 */
export async function pairAsTransfer(
  tx: Executor,
  userId: number,
  legs: [TransactionRow, TransactionRow],
  path: string,
) {
  const transferId = await nextTransferId(tx);
  const accounts = await Promise.all(legs.map((leg) => selectOwnAccount(tx, userId, leg.accountId)));
  const giver = neutralFigureOf(legs, (leg) => accounts[legs.indexOf(leg)]!.currencyId === leg.refCurrencyId);
  await unlinkRefundsOf(
    tx,
    userId,
    legs.map((leg) => leg.id),
  );
  for (const leg of legs) {
    const figure = leg === giver ? {} : { refAmount: giver.refAmount, rate: giver.refAmount / leg.amount };
    const changes = {
      transferNature: BETWEEN,
      transferId,
      createdByTransfer: false,
      pendingRefAmount: null,
      pendingRate: null,
      refundOfId: null,
    };
    // A transfer has no categories: a split leg is joined again.
    await changeLeg(tx, userId, leg, { ...changes, ...figure }, path, leg.isSplit ? [] : undefined);
  }
}
