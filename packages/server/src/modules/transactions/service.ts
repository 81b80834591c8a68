import {
  categoryPaths,
  defaultPaymentType,
  type ExportTransactionsQuery,
  isWithinAmountLimit,
  type LinkTransactionsBody,
  type NewTransaction,
  type Transaction,
  type TransactionsQuery,
  type TransferNature,
  type UnlinkTransactionsBody,
  type UpdateTransactionBody,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { inBatches } from '../../lib/batches.ts';
import type { Clock } from '../../lib/clock.ts';
import { zonedDay } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { type Pending, perTurn } from '../../lib/per-turn.ts';
import { recountRefTurnoversOf } from '../accounts/service.ts';
import { assertOwnBudget } from '../budgets/service.ts';
import { assertOwnCategory, listCategories } from '../categories/service.ts';
import type { RatesService } from '../rates/service.ts';
import { getSettings } from '../settings/service.ts';
import { baseOf, neutralFigureOf, presentBase, type Refs, refsAt, refsFor } from './base-amounts.ts';
import { csvExport } from './csv-export.ts';
import { createInsertBatcher } from './insert-batcher.ts';
import {
  ChangedMeanwhile,
  changeLeg,
  insertLeg,
  insertLegs,
  lockForWrite,
  onFreshRows,
  removeLeg,
  removeLegs,
} from './ledger.ts';
import {
  type CreateContext,
  type CreateContextKey,
  clearBudgetOf,
  lockAccounts,
  lockImportRows,
  lockNextAccount,
  moveToCategory,
  type NewTransactionRow,
  nextTransferId,
  nextTransferIds,
  nullPendingRefs,
  promotePendingRefs,
  regroupDayFigures,
  selectAccountNames,
  selectCreateContexts,
  selectImportAccountIds,
  selectOtherLegsOfImport,
  selectOtherLegsOfTransfersOf,
  selectOwnAccount,
  selectTransactions,
  selectTransferLegs,
  selectTransferViews,
  selectViewsByIds,
  selectViewsPage,
  setBudgetOf,
  setCategoryOf,
  setPendingRefs,
  type TransactionRow,
} from './queries.ts';
import {
  BETWEEN,
  destinationOf,
  isBankLeg,
  opposite,
  ownAccount,
  presentAccount,
  refuseBankAccount,
  refuseBankFieldChanges,
  refuseBankLegChanges,
  refuseDestinationFields,
  standaloneChanges,
  transferTo,
} from './transfer-rules.ts';
import { newLegView, toTransaction } from './views.ts';

/** Creates whose context one statement reads: as many as the insert batcher writes at once. */
const CONTEXTS_IN_A_BATCH = 64;

/** Rows of a restore per insert: a row is about twenty parameters, and a statement takes at most 65,535. */
const RESTORE_BATCH = 2_000;

export interface TransactionsService {
  list(userId: number, query: TransactionsQuery): Promise<Transaction[]>;
  /** The list's rows for its filters as a CSV file, produced as it is sent. */
  exportCsv(
    userId: number,
    query: ExportTransactionsQuery,
  ): Promise<{ fileName: string; content: AsyncIterable<string> }>;
  get(userId: number, id: number): Promise<Transaction>;
  getTransfer(userId: number, transferId: number): Promise<Transaction[]>;
  create(userId: number, body: NewTransaction): Promise<Transaction[]>;
  update(userId: number, id: number, body: UpdateTransactionBody): Promise<Transaction[]>;
  remove(userId: number, id: number): Promise<void>;
  link(userId: number, body: LinkTransactionsBody): Promise<Transaction[][]>;
  unlink(userId: number, body: UnlinkTransactionsBody): Promise<Transaction[]>;
}

export function createTransactionsService(db: Database, rates: RatesService, clock: Clock): TransactionsService {
  const insertSingleLeg = createInsertBatcher(db);
  // What creates arriving together decide on, read for all of them in one statement.
  const readContext = perTurn(CONTEXTS_IN_A_BATCH, async (batch: Array<Pending<CreateContextKey, CreateContext>>) => {
    const contexts = await selectCreateContexts(
      db,
      batch.map((call) => call.input),
    );
    for (const [i, call] of batch.entries()) call.resolve(contexts[i]!);
  });
  async function views(userId: number, ids: number[]): Promise<Transaction[]> {
    const found = await selectViewsByIds(db, userId, ids);
    return ids.flatMap((id) => found.filter((v) => v.row.id === id).map(toTransaction));
  }
  return {
    async list(userId, query) {
      return (await selectViewsPage(db, userId, query)).map(toTransaction);
    },

    async exportCsv(userId, query) {
      const { timeZone } = await getSettings(db, userId);
      const names = {
        timeZone,
        accounts: await selectAccountNames(db, userId),
        categoryPaths: categoryPaths(await listCategories(db, userId)),
      };
      return {
        fileName: `kopiyka-transactions-${zonedDay(clock.now(), timeZone)}.csv`,
        content: csvExport(db, userId, query, names),
      };
    },

    async get(userId, id) {
      const [view] = await selectViewsByIds(db, userId, [id]);
      if (!view) throw notFound('Transaction');
      return toTransaction(view);
    },

    async getTransfer(userId, transferId) {
      const legs = await selectTransferViews(db, userId, transferId);
      if (legs.length === 0) throw notFound('Transfer');
      return legs.map(toTransaction);
    },

    async create(userId, body) {
      return onFreshRows(async () => {
        const nature = body.transferNature;
        const context = await readContext({
          userId,
          accountId: body.accountId,
          destinationAccountId: nature === BETWEEN ? (body.destinationAccountId ?? null) : null,
          categoryId: body.categoryId ?? null,
          budgetId: body.budgetId ?? null,
        });
        const account = presentAccount(context.account, 'accountId');
        refuseBankAccount(account, 'accountId');
        refuseDestinationFields(nature, body);
        if (body.categoryId != null) {
          if (!context.categoryFound) throw notFound('Category', 'categoryId');
        } else if (nature === 'not_transfer') throw validationError('categoryId', 'transaction.categoryRequired');
        if (body.budgetId != null && !context.budgetFound) throw notFound('Budget', 'budgetId');
        const transfer = nature === BETWEEN ? transferTo(account, context.destination, body.amount, body) : undefined;
        if (transfer) refuseBankAccount(transfer.destination, 'destinationAccountId');
        const time = body.time ? new Date(body.time) : clock.now();
        const base = presentBase(context.base);
        const refs = await refsFor(
          rates.session(userId, context.customRates),
          base,
          { account, amount: body.amount, time, transactionType: body.transactionType },
          transfer,
        );
        const shared = {
          userId,
          time,
          note: body.note,
          categoryId: body.categoryId ?? null,
          paymentType: body.paymentType ?? defaultPaymentType(account),
          transferNature: nature,
          budgetId: body.budgetId ?? null,
          // Both legs of a transfer recorded as one are made by it: undoing it from either removes the other.
          createdByTransfer: transfer !== undefined,
        };
        const firstLeg = {
          ...shared,
          ...refs[0]!,
          accountId: account.id,
          amount: body.amount,
          transactionType: body.transactionType,
        };
        const legs = transfer
          ? await db.transaction(async (tx) => {
              await lockForWrite(tx, userId, [], [account.id, transfer.destination.id]);
              const transferId = await nextTransferId(tx);
              const first = await insertLeg(tx, userId, { ...firstLeg, transferId });
              const second = await insertLeg(
                tx,
                userId,
                {
                  ...shared,
                  ...refs[1]!,
                  accountId: transfer.destination.id,
                  amount: transfer.destinationAmount,
                  transactionType: opposite(body.transactionType),
                  transferId,
                },
                'destinationAmount',
              );
              return [first, second];
            })
          : [await insertSingleLeg(userId, { ...firstLeg, transferId: null })];
        const [first, second] = legs;
        return [
          toTransaction(newLegView(first!, account, base.currency.code, second)),
          ...(second && transfer
            ? [toTransaction(newLegView(second, transfer.destination, base.currency.code, first))]
            : []),
        ];
      });
    },

    update(userId, id, body) {
      return onFreshRows(async () => {
        const [current] = await selectTransactions(db, userId, [id]);
        if (!current) throw notFound('Transaction');
        const currentOther = current.transferId
          ? (await selectTransferLegs(db, userId, [current.transferId])).find((leg) => leg.id !== id)
          : undefined;
        if (isBankLeg(current)) refuseBankFieldChanges(current, body);
        const nature = body.transferNature ?? (current.transferNature as TransferNature);
        refuseDestinationFields(nature, body);
        const account = await ownAccount(db, userId, body.accountId ?? current.accountId, 'accountId');
        if (account.id !== current.accountId) refuseBankAccount(account, 'accountId');
        const amount = body.amount ?? current.amount;
        const transactionType = body.transactionType ?? current.transactionType;
        const time = body.time ? new Date(body.time) : current.time;
        const categoryId = body.categoryId !== undefined ? body.categoryId : current.categoryId;
        if (body.categoryId != null) await assertOwnCategory(db, userId, body.categoryId, 'categoryId');
        if (nature === 'not_transfer' && categoryId === null)
          throw validationError('categoryId', 'transaction.categoryRequired');
        if (body.budgetId != null) await assertOwnBudget(db, userId, body.budgetId, 'budgetId');
        const transfer =
          nature === BETWEEN ? await destinationOf(db, userId, account, amount, body, currentOther) : undefined;

        // Editing only the note, category, payment type or budget moves no money, leaves the other
        // leg alone and never changes base-currency figures (a linked pair keeps its own figures).
        const moneyChanged =
          amount !== current.amount ||
          transactionType !== current.transactionType ||
          account.id !== current.accountId ||
          time.getTime() !== current.time.getTime() ||
          nature !== current.transferNature ||
          (body.destinationAccountId !== undefined && body.destinationAccountId !== currentOther?.accountId) ||
          (body.destinationAmount !== undefined && body.destinationAmount !== currentOther?.amount);
        if (moneyChanged && transfer && currentOther && isBankLeg(currentOther)) {
          refuseBankLegChanges(currentOther, transfer, transactionType, body);
        } else if (moneyChanged && transfer && transfer.destination.id !== currentOther?.accountId) {
          refuseBankAccount(transfer.destination, 'destinationAccountId');
        }
        const refs = moneyChanged
          ? await refsFor(
              rates.session(userId),
              await baseOf(db, userId),
              { account, amount, time, transactionType },
              transfer,
            )
          : undefined;

        const ids = await db.transaction(async (tx) => {
          const read = currentOther ? [current, currentOther] : [current];
          const locked = await lockForWrite(tx, userId, read, [
            account.id,
            ...(transfer ? [transfer.destination.id] : []),
          ]);
          const before = locked.get(id)!;
          const other = currentOther && locked.get(currentOther.id);
          const changes: Partial<NewTransactionRow> = {
            // Only what changes is written: a time with microseconds (rows written by SQL) keeps them.
            ...(refs
              ? { accountId: account.id, amount, transactionType, time, transferNature: nature, ...refs[0] }
              : {}),
            ...(body.categoryId !== undefined ? { categoryId } : {}),
            ...(body.note !== undefined ? { note: body.note } : {}),
            ...(body.paymentType !== undefined ? { paymentType: body.paymentType } : {}),
            ...(body.budgetId !== undefined ? { budgetId: body.budgetId } : {}),
          };
          // Without money changes (refs) the other leg, if any, stays as it is.
          let otherId = other?.id;
          if (refs && transfer) {
            const legChanges: Partial<NewTransactionRow> = {
              transferNature: BETWEEN,
              transactionType: opposite(transactionType),
              ...refs[1],
            };
            if (other && isBankLeg(other)) {
              await changeLeg(tx, userId, other, legChanges, 'destinationAmount');
            } else if (other) {
              await changeLeg(
                tx,
                userId,
                other,
                { ...legChanges, accountId: transfer.destination.id, amount: transfer.destinationAmount, time },
                'destinationAmount',
              );
            } else {
              const transferId = await nextTransferId(tx);
              const created = await insertLeg(
                tx,
                userId,
                {
                  ...refs[1]!,
                  userId,
                  accountId: transfer.destination.id,
                  amount: transfer.destinationAmount,
                  transactionType: opposite(transactionType),
                  paymentType: body.paymentType ?? before.paymentType,
                  time,
                  note: body.note ?? before.note,
                  categoryId,
                  transferNature: BETWEEN,
                  transferId,
                  createdByTransfer: true,
                  budgetId: null,
                },
                'destinationAmount',
              );
              changes.transferId = transferId;
              changes.createdByTransfer = false;
              otherId = created.id;
            }
          } else if (refs) {
            if (other) {
              // A leg a transfer made goes with it; one that existed on its own stays, unpaired.
              if (other.createdByTransfer && !isBankLeg(other)) await removeLeg(tx, userId, other);
              else await changeLeg(tx, userId, other, await standaloneChanges(tx, userId, other));
              otherId = undefined;
            }
            changes.transferId = null;
            changes.createdByTransfer = false;
          }
          await changeLeg(tx, userId, before, changes);
          return otherId === undefined ? [id] : [id, otherId];
        });
        return views(userId, ids);
      });
    },

    remove(userId, id) {
      return onFreshRows(async () => {
        const [current] = await selectTransactions(db, userId, [id]);
        if (!current) throw notFound('Transaction');
        if (isBankLeg(current)) throw new AppError('NOT_ALLOWED', 'Bank transactions cannot be deleted.');
        const legs = current.transferId ? await selectTransferLegs(db, userId, [current.transferId]) : [current];
        // Unlinked between the two reads: the legs read are no longer this transaction's.
        if (!legs.some((leg) => leg.id === id)) throw new ChangedMeanwhile();
        await db.transaction(async (tx) => {
          const locked = await lockForWrite(tx, userId, legs);
          // Both manual legs of a transfer go together; a bank leg is never deleted.
          for (const leg of locked.values()) {
            if (isBankLeg(leg)) await changeLeg(tx, userId, leg, await standaloneChanges(tx, userId, leg));
            else await removeLeg(tx, userId, leg);
          }
        });
      });
    },

    async link(userId, { ids }) {
      const all = ids.flat();
      const duplicate = all.findIndex((id, index) => all.indexOf(id) !== index);
      if (duplicate >= 0) throw validationError('ids', 'transaction.repeated', { id: all[duplicate]! });
      await onFreshRows(async () => {
        const read = await selectTransactions(db, userId, all);
        const rows = new Map(read.map((row) => [row.id, row]));
        all.forEach((id, index) => {
          if (!rows.has(id)) throw notFound(`Transaction ${id}`, `ids.${Math.floor(index / 2)}.${index % 2}`);
        });
        ids.forEach(([a, b], index) => {
          const [first, second] = [rows.get(a)!, rows.get(b)!];
          if (first.accountId === second.accountId) {
            throw validationError(`ids.${index}`, 'link.sameAccount');
          }
          if (first.transactionType === second.transactionType) {
            throw validationError(`ids.${index}`, 'link.sameType');
          }
          if (first.transferNature !== 'not_transfer' || second.transferNature !== 'not_transfer') {
            throw validationError(`ids.${index}`, 'link.alreadyTransfer');
          }
        });
        // The checks above hold for the locked rows too: lockForWrite answers only unchanged rows.
        await db.transaction(async (tx) => {
          const locked = await lockForWrite(tx, userId, read);
          for (const [index, pair] of ids.entries()) {
            await pairAsTransfer(tx, userId, [locked.get(pair[0])!, locked.get(pair[1])!], `ids.${index}`);
          }
        });
      });
      return Promise.all(ids.map((pair) => views(userId, pair)));
    },

    unlink(userId, { transferIds }) {
      return onFreshRows(async () => {
        const legs = await selectTransferLegs(db, userId, transferIds);
        transferIds.forEach((transferId, index) => {
          if (!legs.some((leg) => leg.transferId === transferId)) {
            throw notFound(`Transfer ${transferId}`, `transferIds.${index}`);
          }
        });
        await db.transaction(async (tx) => {
          for (const leg of (await lockForWrite(tx, userId, legs)).values()) {
            await changeLeg(tx, userId, leg, await standaloneChanges(tx, userId, leg));
          }
        });
        const ids = legs.map((leg) => leg.id);
        return views(userId, ids);
      });
    },
  };
}

/**
 * Two existing transactions become the legs of one transfer (inside the caller's transaction, which
 * holds their accounts' locks). No money moves, but a transfer is neutral in the base currency: the
 * leg that does not give the figure (base-amounts.ts: neutralFigureOf) takes the other's, and
 * both drop a figure a base change in progress made for them apart, to be valued again as a pair.
 */
async function pairAsTransfer(tx: Executor, userId: number, legs: [TransactionRow, TransactionRow], path: string) {
  const transferId = await nextTransferId(tx);
  const accounts = await Promise.all(legs.map((leg) => selectOwnAccount(tx, userId, leg.accountId)));
  const giver = neutralFigureOf(legs, (leg) => accounts[legs.indexOf(leg)]!.currencyId === leg.refCurrencyId);
  for (const leg of legs) {
    const figure = leg === giver ? {} : { refAmount: giver.refAmount, rate: giver.refAmount / leg.amount };
    const changes = {
      transferNature: BETWEEN,
      transferId,
      createdByTransfer: false,
      pendingRefAmount: null,
      pendingRate: null,
    };
    await changeLeg(tx, userId, leg, { ...changes, ...figure }, path);
  }
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

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

/**
 * Before a category goes, its transactions move to `toId` (inside the caller's transaction, which
 * holds the category row): no money moves, so the ledger's locks are not taken.
 */
export function reassignCategory(tx: Executor, userId: number, fromId: number, toId: number): Promise<void> {
  return moveToCategory(tx, userId, fromId, toId);
}

/** Assigns these transactions to a budget (inside the caller's transaction, which has them locked). */
export function assignBudget(tx: Executor, userId: number, budgetId: number, ids: number[]): Promise<void> {
  return setBudgetOf(tx, userId, budgetId, ids);
}

/** Those of these transactions assigned to the budget lose the assignment (inside the caller's transaction). */
export function unassignBudget(tx: Executor, userId: number, budgetId: number, ids: number[]): Promise<void> {
  return clearBudgetOf(tx, userId, budgetId, ids);
}

/*
 * Base-currency figures recomputed by a base change or a revaluation (currencies: base-change.ts)
 * wait beside the current ones until the change switches them in, all inside its transactions.
 */

export function discardPendingRefs(tx: Executor, userId: number): Promise<void> {
  return nullPendingRefs(tx, userId);
}

export function stagePendingRefs(
  tx: Executor,
  userId: number,
  rows: Array<{ id: number; refAmount: number; rate: number }>,
): Promise<void> {
  return setPendingRefs(tx, userId, rows);
}

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
  return isWithinAmountLimit(await recountRefTurnoversOf(tx, userId));
}

/**
 * After a time zone change (currencies: base-change.ts): the day figures of the user's next account
 * after `afterId` are grouped anew by the days of the user's zone, under the ledger's lock on that
 * account so no write lands in between. Answers that account's id, or undefined when none is left.
 */
export async function regroupNextAccountDays(tx: Executor, userId: number, afterId: number) {
  const accountId = await lockNextAccount(tx, userId, afterId);
  if (accountId !== undefined) await regroupDayFigures(tx, userId, accountId);
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

/** New bank transactions, their balances and day deltas moved with them; answers the rows as stored. */
export function insertBankTransactions(tx: Executor, userId: number, rows: NewTransactionRow[]) {
  return insertLegs(tx, userId, rows);
}

/** A bank transaction the bank changed (a hold that settled at another amount): the ledger moves with it. */
export function changeBankTransaction(
  tx: Executor,
  userId: number,
  before: TransactionRow,
  changes: Partial<NewTransactionRow>,
): Promise<void> {
  return changeLeg(tx, userId, before, changes);
}

/** Two bank transactions found to be one move between own accounts become its legs; no money moves. */
export async function linkBankTransfer(tx: Executor, userId: number, ids: [number, number]): Promise<void> {
  const [first, second] = await Promise.all(ids.map(async (id) => (await selectTransactions(tx, userId, [id]))[0]!));
  await pairAsTransfer(tx, userId, [first!, second!], 'amount');
}

/** These transactions move to a category (no money moves); answers how many changed. */
export function recategorise(tx: Executor, userId: number, ids: number[], categoryId: number): Promise<number> {
  return setCategoryOf(tx, userId, ids, categoryId);
}

/*
 * Restoring a backup (modules/backup): its transactions enter the ledger inside the restore's
 * database transaction, for accounts it just made.
 */

/** New numbers for the legs of restored transfers, one per transfer. */
export const newTransferIds: (tx: Executor, count: number) => Promise<number[]> = nextTransferIds;

/**
 * A backup's transactions, a batch at a time, each batch moving its accounts' balances and day
 * deltas as a bank page does; answers the stored ids in the order of `rows`.
 */
export async function restoreTransactions(tx: Executor, userId: number, rows: NewTransactionRow[]): Promise<number[]> {
  await lockLedgerAccounts(
    tx,
    userId,
    rows.map((row) => row.accountId),
  );
  const ids: number[] = [];
  for (const batch of inBatches(rows, RESTORE_BATCH))
    ids.push(...(await insertLegs(tx, userId, batch)).map((row) => row.id));
  return ids;
}

/** Base-currency figures of an amount at a known rate (a bank import resolves a page's rates at once). */
export const refsAtRate: (amount: number, rate: number, refCurrencyId: number) => Refs = refsAt;

/** The base currency, or CONFLICT before one is chosen (nothing can be valued yet). */
export const requireBaseCurrency = baseOf;

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
