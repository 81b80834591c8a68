import {
  type AccountCategory,
  BACKUP_VERSION,
  type BackupDocument,
  type BackupTransaction,
  largestPart,
  type PaymentType,
  type RestoreBackupResponse,
  signedAmount,
  type TransferNature,
} from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { maintainAfterLargeWrite } from '../../db/maintenance.ts';
import type { Clock } from '../../lib/clock.ts';
import { zonedDay } from '../../lib/dates.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { restoreGroups } from '../account-groups/index.ts';
import { restoreAccount } from '../accounts/index.ts';
import { restoreBudget, restoreBudgetExclusions, selectBudgetCategoryIds } from '../budgets/index.ts';
import { replaceCategories, selectCategoriesWithDefaultKeys } from '../categories/index.ts';
import { currenciesByCode, restoreUserCurrencies } from '../currencies/index.ts';
import { restoreCustomRates } from '../rates/index.ts';
import { listRules, replaceRules } from '../rules/index.ts';
import { assertDatabaseKnowsZone, getSettings, updateSettings } from '../settings/index.ts';
import { addTagPairs, listTags, restoreTags, tagIdsOf } from '../tags/index.ts';
import {
  linkRestoredRefunds,
  type NewTransactionRow,
  nextTransferIds,
  restoreTransactions,
  type SplitRow,
  selectSplits,
} from '../transactions/index.ts';
import { readBackupDocument } from './document-reader.ts';
import {
  hasLedgerData,
  lockRestore,
  selectAccountGroups,
  selectAccounts,
  selectBudgetExclusions,
  selectBudgets,
  selectCustomRates,
  selectTransactionsAfter,
  selectUserCurrencies,
} from './queries.ts';

/** Transactions read per query while the document is written. */
const READ_BATCH = 2_000;

export interface BackupService {
  /** The user's whole data as a BackupDocument, written as it is read (transactions last, a batch at a time). */
  backup(userId: number): Promise<{ fileName: string; content: AsyncIterable<string> }>;
  /**
   * The document `body` holds (its bytes as they arrive) into a user without accounts or
   * transactions (else CONFLICT, before a byte is read), all in one database transaction.
   */
  restore(userId: number, body: AsyncIterable<Uint8Array>): Promise<RestoreBackupResponse>;
}

type TransactionRead = Awaited<ReturnType<typeof selectTransactionsAfter>>[number];

function backupTransaction(
  { row, refCurrency }: TransactionRead,
  tagIds: number[],
  parts: SplitRow[],
): BackupTransaction {
  return {
    id: row.id,
    accountId: row.accountId,
    amount: row.amount,
    transactionType: row.transactionType,
    paymentType: row.paymentType as PaymentType,
    time: row.time.toISOString(),
    note: row.note,
    categoryId: row.categoryId,
    transferNature: row.transferNature as TransferNature,
    transferId: row.transferId,
    createdByTransfer: row.createdByTransfer,
    refAmount: row.refAmount,
    refCurrency,
    rate: row.rate,
    cashbackAmount: row.cashbackAmount,
    commissionRate: row.commissionRate,
    budgetId: row.budgetId,
    refundOfId: row.refundOfId,
    externalId: row.externalId,
    tagIds,
    splits: parts.map((part) => ({ categoryId: part.categoryId, amount: part.amount, note: part.note })),
  };
}

/** Everything of the document but its transactions, which follow it in batches. */
async function documentHead(db: Database, userId: number, exportedAt: Date) {
  const settings = await getSettings(db, userId);
  const userCurrencies = await selectUserCurrencies(db, userId);
  const categories = await selectCategoriesWithDefaultKeys(db, userId);
  const categoryIds = new Set(categories.map((category) => category.id));
  const budgets = await selectBudgets(db, userId);
  const budgetIds = budgets.map((budget) => budget.id);
  const byBudget = <T extends { budgetId: number }>(rows: T[]) => {
    const grouped = new Map<number, T[]>();
    for (const row of rows) {
      const group = grouped.get(row.budgetId);
      if (group) group.push(row);
      else grouped.set(row.budgetId, [row]);
    }
    return grouped;
  };
  const categoriesOf = byBudget(await selectBudgetCategoryIds(db, budgetIds));
  const exclusionsOf = byBudget(await selectBudgetExclusions(db, budgetIds));
  const head: Omit<BackupDocument, 'transactions'> = {
    version: BACKUP_VERSION,
    exportedAt: exportedAt.toISOString(),
    settings: {
      locale: settings.locale,
      timeZone: settings.timeZone,
      excludedCategoryIds: settings.stats.excludedCategoryIds.filter((id) => categoryIds.has(id)),
      includeCryptoInTotal: settings.includeCryptoInTotal,
    },
    baseCurrency: userCurrencies.find((currency) => currency.isBase)?.code ?? null,
    currencies: userCurrencies.map((currency) => currency.code),
    customRates: await selectCustomRates(db, userId),
    accountGroups: await selectAccountGroups(db, userId),
    accounts: (await selectAccounts(db, userId)).map((account) => ({
      ...account,
      accountCategory: account.accountCategory as AccountCategory,
      openingAt: account.openingAt.toISOString(),
    })),
    categories,
    budgets: budgets.map((budget) => ({
      id: budget.id,
      name: budget.name,
      limitAmount: budget.limitAmount,
      startDate: budget.startDate?.toISOString() ?? null,
      endDate: budget.endDate?.toISOString() ?? null,
      autoInclude: budget.autoInclude,
      archived: budget.archived,
      period: budget.period,
      rollover: budget.rollover,
      categoryIds: categoriesOf.get(budget.id)?.map((bc) => bc.categoryId) ?? [],
      excludedTransactionIds: exclusionsOf.get(budget.id)?.map((e) => e.transactionId) ?? [],
    })),
    tags: await listTags(db, userId),
    rules: await listRules(db, userId),
  };
  return { head, timeZone: settings.timeZone };
}

/** The document's text: its head, then its transactions a batch at a time, never all in memory. */
async function* documentText(
  db: Database,
  userId: number,
  head: Omit<BackupDocument, 'transactions'>,
): AsyncGenerator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},"transactions":[`;
  for (let afterId = 0, first = true; ; ) {
    const batch = await selectTransactionsAfter(db, userId, afterId, READ_BATCH);
    if (batch.length === 0) break;
    const tags = await tagIdsOf(
      db,
      batch.map((read) => read.row.id),
    );
    const parts = await selectSplits(
      db,
      userId,
      batch.filter((read) => read.row.isSplit).map((read) => read.row.id),
    );
    const partsOf = (id: number) => parts.filter((part) => part.transactionId === id);
    yield (first ? '' : ',') +
      batch
        .map((read) =>
          JSON.stringify(
            backupTransaction(read, tags.get(read.row.id) ?? [], read.row.isSplit ? partsOf(read.row.id) : []),
          ),
        )
        .join(',');
    first = false;
    afterId = batch.at(-1)!.row.id;
  }
  yield ']}';
}

/** A document id's new id: the document's own checks made sure every reference names a part of it. */
const newId = (ids: Map<number, number>, id: number) => ids.get(id)!;
const newIdOrNull = (ids: Map<number, number>, id: number | null) => (id === null ? null : newId(ids, id));

const notEmpty = () =>
  new AppError(
    'CONFLICT',
    'A backup is restored only into a user without accounts or transactions. Sign up as a new user to restore it.',
  );

export function createBackupService(db: Database, clock: Clock, log: FastifyBaseLogger): BackupService {
  return {
    async backup(userId) {
      const now = clock.now();
      const { head, timeZone } = await documentHead(db, userId, now);
      return { fileName: `kopiyka-backup-${zonedDay(now, timeZone)}.json`, content: documentText(db, userId, head) };
    },

    async restore(userId, body) {
      // Nobody reads a document this user may not restore: the body may be large, or never end.
      if (await hasLedgerData(db, userId)) throw notEmpty();
      const doc = await readBackupDocument(body);
      // What the schema cannot know is checked before the transaction: nothing is written for a refusal.
      await assertDatabaseKnowsZone(db, doc.settings.timeZone, 'settings.timeZone');
      const known = await currenciesByCode(db);
      const currencyId = (code: string, path: string) => {
        const currency = known.get(code);
        if (!currency) throw validationError(path, 'currency.unknownCode', { code });
        return currency.id;
      };
      const currencyIds = doc.currencies.map((code, index) => currencyId(code, `currencies.${index}`));
      const baseId = doc.baseCurrency === null ? null : currencyId(doc.baseCurrency, 'baseCurrency');
      const accountCurrencyIds = doc.accounts.map((account, index) =>
        currencyId(account.currency, `accounts.${index}.currency`),
      );
      doc.customRates.forEach((rate, index) => {
        currencyId(rate.baseCode, `customRates.${index}.baseCode`);
        currencyId(rate.quoteCode, `customRates.${index}.quoteCode`);
      });
      const refCurrencyIds = doc.transactions.map((t, index) =>
        currencyId(t.refCurrency, `transactions.${index}.refCurrency`),
      );
      // Each account opens at its initial balance plus its transactions from before the opening moment.
      const openingBalances = new Map(doc.accounts.map((account) => [account.id, account.initialBalance]));
      const openingAt = new Map(doc.accounts.map((account) => [account.id, Date.parse(account.openingAt)]));
      for (const t of doc.transactions) {
        if (Date.parse(t.time) >= openingAt.get(t.accountId)!) continue;
        openingBalances.set(t.accountId, openingBalances.get(t.accountId)! + signedAmount(t.transactionType, t.amount));
      }

      const now = clock.now();
      await db.transaction(async (tx) => {
        await lockRestore(tx, userId);
        // Checked again under the lock: another restore into this user may have finished meanwhile.
        if (await hasLedgerData(tx, userId)) throw notEmpty();
        const categoryIds = await replaceCategories(tx, userId, doc.categories);
        await updateSettings(tx, userId, {
          locale: doc.settings.locale,
          timeZone: doc.settings.timeZone,
          includeCryptoInTotal: doc.settings.includeCryptoInTotal,
          excludedCategoryIds: doc.settings.excludedCategoryIds.map((id) => newId(categoryIds, id)),
        });
        await restoreUserCurrencies(tx, userId, currencyIds, baseId);
        await restoreCustomRates(tx, userId, doc.customRates);
        const groupIds = await restoreGroups(tx, userId, doc.accountGroups);
        const accountIds = new Map<number, number>();
        for (const [index, account] of doc.accounts.entries()) {
          const id = await restoreAccount(
            tx,
            userId,
            {
              name: account.name,
              currencyId: accountCurrencyIds[index]!,
              accountCategory: account.accountCategory,
              isEnabled: account.isEnabled,
              creditLimit: account.creditLimit,
              accountGroupId: newIdOrNull(groupIds, account.accountGroupId),
              openingAt: new Date(account.openingAt),
              openingBalance: openingBalances.get(account.id)!,
            },
            now,
          );
          accountIds.set(account.id, id);
        }
        const budgetIds = new Map<number, number>();
        for (const budget of doc.budgets) {
          const categories = budget.categoryIds.map((id) => newId(categoryIds, id));
          budgetIds.set(budget.id, await restoreBudget(tx, userId, budget, categories, now));
        }
        const transfers = [...new Set(doc.transactions.flatMap((t) => t.transferId ?? []))];
        const numbers = await nextTransferIds(tx, transfers.length);
        const transferIds = new Map(transfers.map((id, index) => [id, numbers[index]!]));
        const rows = doc.transactions.map(
          (t, index): NewTransactionRow => ({
            userId,
            accountId: newId(accountIds, t.accountId),
            amount: t.amount,
            refAmount: t.refAmount,
            refCurrencyId: refCurrencyIds[index]!,
            rate: t.rate,
            transactionType: t.transactionType,
            paymentType: t.paymentType,
            time: new Date(t.time),
            note: t.note,
            // A split transaction takes its largest part's category, whatever the document says.
            categoryId: newIdOrNull(categoryIds, largestPart(t.splits)?.categoryId ?? t.categoryId),
            isSplit: t.splits.length > 0,
            transferNature: t.transferNature,
            transferId: newIdOrNull(transferIds, t.transferId),
            createdByTransfer: t.createdByTransfer,
            budgetId: newIdOrNull(budgetIds, t.budgetId),
            cashbackAmount: t.cashbackAmount,
            commissionRate: t.commissionRate,
            // Accounts come back as ordinary ones, so their rows are ordinary too: a bank's id
            // would make them bank rows, which nobody may edit or delete.
            externalId: null,
            createdAt: now,
          }),
        );
        const stored = await restoreTransactions(tx, userId, rows, (index) =>
          doc.transactions[index]!.splits.map((part) => ({ ...part, categoryId: newId(categoryIds, part.categoryId) })),
        );
        const transactionIds = new Map(doc.transactions.map((t, index) => [t.id, stored[index]!]));
        const tagIds = await restoreTags(tx, userId, doc.tags);
        await addTagPairs(
          tx,
          userId,
          doc.transactions.flatMap((t, index) =>
            t.tagIds.map((tagId) => ({ transactionId: stored[index]!, tagId: newId(tagIds, tagId) })),
          ),
        );
        // The rules name what the restore made; the user's own (naming the categories replaced) go.
        await replaceRules(tx, userId, doc.rules, { accounts: accountIds, categories: categoryIds, tags: tagIds });
        await linkRestoredRefunds(
          tx,
          userId,
          doc.transactions.flatMap((t) =>
            t.refundOfId === null ? [] : [[newId(transactionIds, t.id), newId(transactionIds, t.refundOfId)]],
          ),
        );
        for (const budget of doc.budgets) {
          const excluded = budget.excludedTransactionIds.map((id) => newId(transactionIds, id));
          await restoreBudgetExclusions(tx, newId(budgetIds, budget.id), excluded);
        }
      });
      await maintainAfterLargeWrite(db, log, doc.transactions.length, [
        'transactions',
        'account_day_deltas',
        'account_day_totals',
        'account_month_totals',
      ]);
      return {
        counts: {
          accounts: doc.accounts.length,
          accountGroups: doc.accountGroups.length,
          categories: doc.categories.length,
          transactions: doc.transactions.length,
          budgets: doc.budgets.length,
          tags: doc.tags.length,
          currencies: new Set([...currencyIds, ...(baseId === null ? [] : [baseId]), ...accountCurrencyIds]).size,
          rates: doc.customRates.length,
        },
      };
    },
  };
}
