import { isWithinAmountLimit, type SplitPart } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { inBatches } from '../../lib/batches.ts';
import { tooLargeForAccount } from '../accounts/index.ts';
import { changeLeg, insertLegs, pairAsTransfer, removeLegs } from './ledger.ts';
import { recountRefTurnovers, selectBalanceAt, shiftBalances } from './queries/balances.ts';
import { regroupDayFigures } from './queries/day-figures.ts';
import { setRefundLinks } from './queries/refunds.ts';
import {
  lockAccounts,
  lockImportRows,
  lockNextAccount,
  type NewTransactionRow,
  promotePendingRefs,
  selectImportAccountIds,
  selectOtherLegsOfImport,
  selectOtherLegsOfTransfersOf,
  selectTransactions,
  type TransactionRow,
} from './queries/rows.ts';
import { addAccountSplitsToDayTotals, enterSplits, insertSplits, reshareSplits } from './queries/splits.ts';
import { standaloneChanges } from './transfer-rules.ts';

/** Rows of a restore per insert: a row is about twenty parameters, and a statement takes at most 65,535. */
const RESTORE_BATCH = 2_000;

/**
 * The ledger's entry points for the modules above it (account and category deletes, base changes,
 * bank and CSV imports, backups): each takes the executor first, so it joins the caller's
 * transaction, and takes the ledger's locks in its order.
 */

/**
 * Before an account goes, the other legs of its transfers become out-of-wallet transfers, so no
 * other account's balance moves (inside the caller's transaction; the account's own rows cascade).
 */
export async function detachTransfersOf(tx: Executor, userId: number, accountId: number): Promise<void> {
  // The account before its rows, in the ledger's order (lockForWrite): a write in flight on it finishes first.
  await lockAccounts(tx, userId, [accountId]);
  for (const leg of await selectOtherLegsOfTransfersOf(tx, userId, accountId)) {
    await changeLeg(tx, userId, leg, {
      transferNature: 'transfer_out_wallet',
      transferId: null,
      createdByTransfer: false,
    });
  }
}

/*
 * Base-currency figures recomputed by a base change or a revaluation (modules/base-change)
 * wait beside the current ones until the change switches them in, all inside its transactions.
 */

/**
 * The switch: every transaction with a waiting figure takes it, in the (new) base currency, and
 * the accounts' Σ |ref figure| follow. Answers whether the user's figures stay within the limit
 * (when not, the caller's transaction must not commit).
 */
export async function applyPendingRefs(tx: Executor, userId: number, refCurrencyId: number): Promise<boolean> {
  // The accounts first, as every ledger write locks them: a write still in flight commits before
  // the recount below reads, so the recount sees its rows instead of overwriting what it added.
  await lockAccounts(tx, userId);
  await promotePendingRefs(tx, userId, refCurrencyId);
  await reshareSplits(tx, userId);
  return isWithinAmountLimit(await recountRefTurnovers(tx, userId));
}

/**
 * After a time zone change (modules/base-change): the day figures of the user's next account
 * after `afterId` are grouped anew by the days of the user's zone, under the ledger's lock on that
 * account so no write lands in between. Answers that account's id, or undefined when none is left.
 */
export async function regroupNextAccountDays(tx: Executor, userId: number, afterId: number) {
  const accountId = await lockNextAccount(tx, userId, afterId);
  if (accountId !== undefined) {
    await regroupDayFigures(tx, userId, accountId);
    await addAccountSplitsToDayTotals(tx, userId, accountId);
  }
  return accountId;
}

/*
 * Bank imports (monobank): the bank's items enter the ledger through these, inside the importer's
 * database transaction, after it locked the accounts (lockLedgerAccounts) as every writer does.
 */

export type { NewTransactionRow, TransactionRow };

/** Takes the ledger's locks on these accounts, in its order, for the rest of the caller's transaction. */
export async function lockLedgerAccounts(tx: Executor, userId: number, accountIds: number[]): Promise<void> {
  await lockAccounts(
    tx,
    userId,
    [...new Set(accountIds)].sort((a, b) => a - b),
  );
}

/** Two bank transactions found to be one move between own accounts become its legs; no money moves. */
export async function linkBankTransfer(tx: Executor, userId: number, ids: [number, number]): Promise<void> {
  const [first, second] = await Promise.all(ids.map(async (id) => (await selectTransactions(tx, userId, [id]))[0]!));
  await pairAsTransfer(tx, userId, [first!, second!], 'amount');
}

/*
 * Restoring a backup (modules/backup): its transactions enter the ledger inside the restore's
 * database transaction, for accounts it just made.
 */

/**
 * A backup's transactions, a batch at a time, each batch moving its accounts' balances and day
 * deltas as a bank page does; answers the stored ids in the order of `rows`. `partsOf(i)`: what
 * the i-th row is split into (its row carries isSplit and its largest part's category); the parts
 * take their shares of the row's figure.
 */
export async function restoreTransactions(
  tx: Executor,
  userId: number,
  rows: NewTransactionRow[],
  partsOf: (index: number) => SplitPart[],
): Promise<number[]> {
  await lockLedgerAccounts(
    tx,
    userId,
    rows.map((row) => row.accountId),
  );
  const ids: number[] = [];
  for (const batch of inBatches(rows, RESTORE_BATCH))
    ids.push(...(await insertLegs(tx, userId, batch)).map((row) => row.id));
  const splits = ids
    .map((transactionId, index) => ({ transactionId, parts: partsOf(index) }))
    .filter((split) => split.parts.length > 0);
  for (const batch of inBatches(splits, RESTORE_BATCH)) {
    const batchIds = batch.map((split) => split.transactionId);
    await insertSplits(tx, userId, batch);
    await enterSplits(tx, userId, batchIds);
  }
  return ids;
}

/** The refund links of a backup, between rows it just stored: [refund id, expense id]. */
export async function linkRestoredRefunds(tx: Executor, userId: number, links: Array<[number, number]>) {
  for (const batch of inBatches(links, RESTORE_BATCH)) await setRefundLinks(tx, userId, batch);
}

/*
 * CSV imports (imports): the rows of a file enter the ledger in batches and leave it as a whole.
 */

/** New transactions of a batch of an import's rows (each carrying its importId), balances and day deltas moved with them. */
export async function insertImportedTransactions(tx: Executor, userId: number, rows: NewTransactionRow[]) {
  await lockLedgerAccounts(
    tx,
    userId,
    rows.map((row) => row.accountId),
  );
  return insertLegs(tx, userId, rows);
}

/**
 * A balance a statement states: what the account held just after `at` (`through`) or just before
 * it; `at` null: what it holds now, every transaction counted.
 */
export interface StatedBalance {
  at: Date | null;
  balance: number;
  through: boolean;
}

/**
 * Makes an account hold a statement's balance at its moment (inside the caller's transaction): its
 * balances move by the difference from what the ledger has there, no transaction made, so every
 * day before and after moves with them (docs/decisions.md "A CSV import meets the statement's
 * balance"). A balance past the limit is refused on `path`. Answers the difference.
 */
export async function meetStatedBalance(
  tx: Executor,
  userId: number,
  accountId: number,
  stated: StatedBalance,
  path: string,
): Promise<number> {
  await lockLedgerAccounts(tx, userId, [accountId]);
  const held = await selectBalanceAt(tx, userId, accountId, stated.at, stated.through);
  if (held === undefined) return 0;
  const difference = stated.balance - held;
  await moveAccountBalances(tx, userId, accountId, difference, path);
  return difference;
}

/** Moves an account's balances by `difference` (an undone import's back), no transaction made; refused on `path` past the limit. */
export async function moveAccountBalances(
  tx: Executor,
  userId: number,
  accountId: number,
  difference: number,
  path: string,
): Promise<void> {
  if (difference === 0) return;
  await lockLedgerAccounts(tx, userId, [accountId]);
  const extent = await shiftBalances(tx, userId, accountId, difference);
  if (extent !== undefined && !isWithinAmountLimit(extent)) throw tooLargeForAccount(path);
}

/** How many rows the ledger moves per statement when an import is undone (within the database's parameter limit). */
const REMOVE_CHUNK = 2_000;

/**
 * Deletes every transaction an import brought in (inside the caller's transaction), the balances
 * and day deltas moved back, many rows per statement. A leg the user paired with a transaction of
 * another origin leaves that one standalone, as deleting one leg of a transfer does. Answers how
 * many went.
 */
export async function removeImportedTransactions(tx: Executor, userId: number, importId: number): Promise<number> {
  await lockLedgerAccounts(tx, userId, await selectImportAccountIds(tx, userId, importId));
  const rows = await lockImportRows(tx, userId, importId);
  for (const leg of await selectOtherLegsOfImport(tx, userId, importId)) {
    await changeLeg(tx, userId, leg, await standaloneChanges(tx, userId, leg));
  }
  for (let start = 0; start < rows.length; start += REMOVE_CHUNK) {
    await removeLegs(tx, userId, rows.slice(start, start + REMOVE_CHUNK));
  }
  return rows.length;
}
