import {
  appLocale,
  type BulkTransactionsChange,
  type BulkTransactionsResult,
  categoryPaths,
  defaultPaymentType,
  type ExportTransactionsQuery,
  type LinkTransactionsBody,
  type NewTransaction,
  type PaymentType,
  type Transaction,
  type TransactionRefund,
  type TransactionsQuery,
  type TransferNature,
  type UnlinkTransactionsBody,
  type UpdateTransactionBody,
} from '@kopiyka/shared';
import type { Database, Transaction as DbTransaction, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { zonedDay } from '../../lib/dates.ts';
import { notFound, refusal, validationError } from '../../lib/errors.ts';
import { type Pending, perTurn } from '../../lib/per-turn.ts';
import { selectCategories } from '../categories/index.ts';
import type { RatesService } from '../rates/index.ts';
import { getSettings } from '../settings/index.ts';
import { assertOwnTags, listTags, setTagsOf } from '../tags/index.ts';
import { baseOf, presentBase, refsFor } from './base-amounts.ts';
import { applyBulk } from './bulk.ts';
import { csvExport } from './csv-export.ts';
import { createInsertBatcher } from './insert-batcher.ts';
import { ChangedMeanwhile, changeLeg, insertLeg, lockForWrite, onFreshRows, removeLeg } from './ledger.ts';
import {
  type CreateContext,
  type CreateContextKey,
  selectAccountNames,
  selectCreateContexts,
  selectTransferViews,
  selectViewsByIds,
  selectViewsPage,
} from './queries/pages.ts';
import {
  type NewTransactionRow,
  nextTransferId,
  selectTransactions,
  selectTransferLegs,
  type TransactionRow,
} from './queries/rows.ts';
import { selectSplits } from './queries/splits.ts';
import { admitRefund, refundedExpense, refundLinks, refuseLosingRefunds, refuseRefundShape } from './refunds.ts';
import { categoryOfUpdate, splitCategoryOf } from './split-rules.ts';
import { createTransferLinks } from './transfer-links.ts';
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
import { newLegView, toTransaction, transactionViews } from './views.ts';

/** Creates whose context one statement reads: as many as the insert batcher writes at once. */
const CONTEXTS_IN_A_BATCH = 64;

export interface TransactionsService {
  list(userId: number, query: TransactionsQuery): Promise<Transaction[]>;
  /** The list's rows for its filters as a CSV file, produced as it is sent. */
  exportCsv(
    userId: number,
    query: ExportTransactionsQuery,
  ): Promise<{ fileName: string; content: AsyncIterable<string> }>;
  get(userId: number, id: number): Promise<Transaction>;
  /** An expense's refunds, or the expense a refund gives money back of. */
  refunds(userId: number, id: number): Promise<TransactionRefund[]>;
  getTransfer(userId: number, transferId: number): Promise<Transaction[]>;
  /**
   * `alongside` writes what goes with the new rows in their database transaction (the occurrence
   * of a schedule they record); when it throws, nothing is recorded.
   */
  create(userId: number, body: NewTransaction, alongside?: WrittenAlongside): Promise<Transaction[]>;
  /**
   * Refuses what create would refuse of the body, writing nothing (a schedule's template); answers
   * the payment type the row would take.
   */
  check(userId: number, body: NewTransaction): Promise<{ paymentType: PaymentType }>;
  update(userId: number, id: number, body: UpdateTransactionBody): Promise<Transaction[]>;
  remove(userId: number, id: number): Promise<void>;
  bulk(userId: number, body: BulkTransactionsChange): Promise<BulkTransactionsResult>;
  link(userId: number, body: LinkTransactionsBody): Promise<Transaction[][]>;
  unlink(userId: number, body: UnlinkTransactionsBody): Promise<Transaction[]>;
}

/** Writes made in the database transaction of new rows, given them (a transfer's first leg first). */
export type WrittenAlongside = (tx: DbTransaction, legs: TransactionRow[]) => Promise<void>;

export function createTransactionsService(
  db: Database,
  rates: RatesService,
  clock: Clock,
  /** Checks a budget the list is filtered by; budgets sit above the ledger, so app.ts hands it in. */
  assertOwnBudget: (db: Executor, userId: number, id: number, path: string) => Promise<void>,
): TransactionsService {
  const insertSingleLeg = createInsertBatcher(db);
  // What creates arriving together decide on, read for all of them in one statement.
  const readContext = perTurn(CONTEXTS_IN_A_BATCH, async (batch: Array<Pending<CreateContextKey, CreateContext>>) => {
    const contexts = await selectCreateContexts(
      db,
      batch.map((call) => call.input),
    );
    for (const [i, call] of batch.entries()) call.resolve(contexts[i]!);
  });
  const views = (userId: number, ids: number[]) => transactionViews(db, userId, ids);
  /** What a new transaction's body is refused for, checked against the caller's data; what it is made of. */
  async function admitNew(userId: number, body: NewTransaction) {
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
    const parts = body.splits ?? [];
    if (body.categoryId != null) {
      if (!context.categoryFound) throw notFound('Category', 'categoryId');
    } else if (nature === 'not_transfer' && parts.length === 0)
      throw validationError('categoryId', 'transaction.categoryRequired');
    const splitCategoryId =
      parts.length > 0 ? await splitCategoryOf(db, userId, parts, body.amount, nature) : undefined;
    if (body.budgetId != null && !context.budgetFound) throw notFound('Budget', 'budgetId');
    if (body.refundOfId != null) refuseRefundShape(body.transactionType, nature);
    const expense = body.refundOfId != null ? await refundedExpense(db, userId, body.refundOfId) : undefined;
    const transfer = nature === BETWEEN ? transferTo(account, context.destination, body.amount, body) : undefined;
    if (transfer) refuseBankAccount(transfer.destination, 'destinationAccountId');
    return { context, account, parts, splitCategoryId, expense, transfer };
  }
  return {
    ...createTransferLinks(db, views),

    bulk: (userId, body) => onFreshRows(() => applyBulk(db, userId, body)),

    async list(userId, query) {
      return (await selectViewsPage(db, userId, query)).map(toTransaction);
    },

    async exportCsv(userId, query) {
      const { timeZone, locale } = await getSettings(db, userId);
      const names = {
        timeZone,
        locale: appLocale(locale),
        accounts: await selectAccountNames(db, userId),
        categoryPaths: categoryPaths(await selectCategories(db, userId)),
        tags: new Map((await listTags(db, userId)).map((tag) => [tag.id, tag.name])),
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

    refunds(userId, id) {
      return refundLinks(db, userId, id, views);
    },

    async getTransfer(userId, transferId) {
      const legs = await selectTransferViews(db, userId, transferId);
      if (legs.length === 0) throw notFound('Transfer');
      return legs.map(toTransaction);
    },

    async check(userId, body) {
      const { account } = await admitNew(userId, body);
      return { paymentType: body.paymentType ?? defaultPaymentType(account) };
    },

    async create(userId, body, alongside) {
      return onFreshRows(async () => {
        const nature = body.transferNature;
        const { context, account, parts, splitCategoryId, expense, transfer } = await admitNew(userId, body);
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
          categoryId: splitCategoryId ?? body.categoryId ?? null,
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
          isSplit: parts.length > 0,
        };
        // Tags are written with the row, in its transaction; a plain row without them goes through the batcher.
        const tagIds = [...new Set(body.tagIds ?? [])].sort((a, b) => a - b);
        const legs = transfer
          ? await db.transaction(async (tx) => {
              await lockForWrite(
                tx,
                userId,
                [],
                [account.id, transfer.destination.id],
                refs.map((leg) => leg.refCurrencyId),
              );
              await assertOwnTags(tx, userId, tagIds, 'tagIds');
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
              await setTagsOf(tx, [first.id, second.id], tagIds);
              await alongside?.(tx, [first, second]);
              return [first, second];
            })
          : expense || tagIds.length > 0 || parts.length > 0 || alongside
            ? await db.transaction(async (tx) => {
                // The expense's lock: refunds of it written at once are summed one after the other.
                const locked = await lockForWrite(
                  tx,
                  userId,
                  expense ? [expense] : [],
                  [account.id],
                  [firstLeg.refCurrencyId],
                );
                if (expense) await admitRefund(tx, userId, locked.get(expense.id)!, firstLeg.refAmount);
                await assertOwnTags(tx, userId, tagIds, 'tagIds');
                const only = await insertLeg(
                  tx,
                  userId,
                  { ...firstLeg, transferId: null, refundOfId: expense?.id ?? null },
                  'amount',
                  parts,
                );
                await setTagsOf(tx, [only.id], tagIds);
                await alongside?.(tx, [only]);
                return [only];
              })
            : [await insertSingleLeg(userId, { ...firstLeg, transferId: null })];
        const [first, second] = legs;
        const splits = parts.length > 0 ? await selectSplits(db, userId, [first!.id]) : [];
        return [
          toTransaction(newLegView(first!, account, base.currency.code, second, tagIds, splits)),
          ...(second && transfer
            ? [toTransaction(newLegView(second, transfer.destination, base.currency.code, first, tagIds))]
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
        const parts = body.splits;
        const categoryId = await categoryOfUpdate(db, userId, current, body, { amount, nature });
        if (nature === 'not_transfer' && categoryId === null)
          throw validationError('categoryId', 'transaction.categoryRequired');
        if (body.budgetId != null) await assertOwnBudget(db, userId, body.budgetId, 'budgetId');
        const transfer =
          nature === BETWEEN ? await destinationOf(db, userId, account, amount, body, currentOther) : undefined;
        const refundOfId = body.refundOfId !== undefined ? body.refundOfId : current.refundOfId;
        if (refundOfId !== null) refuseRefundShape(transactionType, nature);

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
        // A new link, or a new figure of a linked refund, is summed with the expense's other refunds.
        const expense =
          refundOfId !== null && (refundOfId !== current.refundOfId || refs)
            ? await refundedExpense(db, userId, refundOfId, id)
            : undefined;

        const ids = await db.transaction(async (tx) => {
          const read = [current, ...(currentOther ? [currentOther] : [])];
          if (expense) read.push(expense);
          const locked = await lockForWrite(
            tx,
            userId,
            read,
            [account.id, ...(transfer ? [transfer.destination.id] : [])],
            refs?.map((leg) => leg.refCurrencyId),
          );
          const before = locked.get(id)!;
          const other = currentOther && locked.get(currentOther.id);
          if (expense) {
            const refAmount = refs ? refs[0]!.refAmount : before.refAmount;
            await admitRefund(tx, userId, locked.get(expense.id)!, refAmount, id);
          }
          if (refs && before.transactionType === 'expense') {
            await refuseLosingRefunds(tx, userId, {
              id,
              transactionType,
              transferNature: nature,
              refAmount: refs[0]!.refAmount,
            });
          }
          if (body.tagIds !== undefined) {
            await assertOwnTags(tx, userId, body.tagIds, 'tagIds');
            await setTagsOf(tx, [id], body.tagIds);
          }
          const changes: Partial<NewTransactionRow> = {
            // Only what changes is written: a time with microseconds (rows written by SQL) keeps them.
            ...(refs
              ? { accountId: account.id, amount, transactionType, time, transferNature: nature, ...refs[0] }
              : {}),
            ...(body.categoryId !== undefined || parts?.length ? { categoryId } : {}),
            ...(body.note !== undefined ? { note: body.note } : {}),
            ...(body.paymentType !== undefined ? { paymentType: body.paymentType } : {}),
            ...(body.budgetId !== undefined ? { budgetId: body.budgetId } : {}),
            ...(body.refundOfId !== undefined ? { refundOfId: body.refundOfId } : {}),
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
          await changeLeg(tx, userId, before, changes, 'amount', parts);
          return otherId === undefined ? [id] : [id, otherId];
        });
        return views(userId, ids);
      });
    },

    remove(userId, id) {
      return onFreshRows(async () => {
        const [current] = await selectTransactions(db, userId, [id]);
        if (!current) throw notFound('Transaction');
        if (isBankLeg(current)) throw refusal('NOT_ALLOWED', 'txId', 'transaction.bankDelete');
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
  };
}
