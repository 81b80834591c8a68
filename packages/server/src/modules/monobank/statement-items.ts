/**
 * How the bank's statement items enter the ledger, whichever way they came (an import's page or
 * the webhook): each item once per account (its bank id), a repeated or changed one updating its
 * row; the account's balance set to what the bank last stated; own-card transfers paired.
 */
import { type MonobankStatementItem, NOTE_MAX, signedAmount } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { todayIso } from '../../lib/dates.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import { setBankFigures } from '../accounts/index.ts';
import { fallbackCategoryId, selectDefaultCategoryIds } from '../categories/index.ts';
import { holdBaseCurrency } from '../currencies/index.ts';
import type { EventBus } from '../events/index.ts';
import type { RatesService } from '../rates/index.ts';
import { rulesForArrivals } from '../rules/index.ts';
import { addTagPairs } from '../tags/index.ts';
import {
  baseOf,
  changeLeg,
  insertLegs,
  linkBankTransfer,
  lockLedgerAccounts,
  type NewTransactionRow,
  refsAt,
  type TransactionRow,
} from '../transactions/index.ts';
import { categoryKeyForMcc, isMoneyMove, mccName } from './mcc.ts';
import {
  insertItemDetails,
  lockAnchor,
  selectBankAccounts,
  selectMerchantRules,
  selectStoredItems,
  selectTransferCandidates,
  updateAnchor,
  updateItemDetails,
} from './queries.ts';

/** The account the items belong to, as the importer knows it. */
export interface BankAccountRef {
  accountId: number;
  currencyCode: string;
  /** ISO 4217 number, as the bank names currencies. */
  currencyNumber: number;
}

export interface AppliedItems {
  /** New transactions, as stored. */
  inserted: TransactionRow[];
  /** Stored transactions the bank changed (a hold settled, at another amount or not). */
  updated: number;
}

/** Tells the user's open pages about new or changed bank transactions, if there were any. */
export function announceApplied(
  events: EventBus,
  userId: number,
  source: 'import' | 'webhook',
  accountId: number,
  applied: AppliedItems,
): void {
  if (applied.inserted.length === 0 && applied.updated === 0) return;
  events.publish(userId, {
    type: 'monobank.transactions',
    source,
    count: applied.inserted.length,
    updated: applied.updated,
    accountIds: [accountId],
  });
}

/** The two legs of a move between own cards are posted within this much of each other. */
const TRANSFER_MATCH_MS = 60_000;

/** What the ledger shows of an item: the merchant and, when the person wrote one, their comment. */
function noteOf(item: MonobankStatementItem): string {
  const merchant = item.description.trim() || mccName(item.mcc) || '';
  const comment = item.comment?.trim();
  return (comment && comment !== merchant ? `${merchant} — ${comment}` : merchant).slice(0, NOTE_MAX);
}

/** The items worth storing, once each (a page boundary repeats items; the later copy wins), oldest first. */
function usableItems(items: readonly MonobankStatementItem[]): MonobankStatementItem[] {
  // Statements come newest first: reversed, items of one second keep the bank's order.
  const byId = new Map<string, MonobankStatementItem>();
  for (const item of [...items].reverse()) {
    byId.delete(item.id);
    // An item of no amount moves nothing, and a ledger amount is never 0.
    if (item.amount !== 0) byId.set(item.id, item);
  }
  return [...byId.values()].sort((a, b) => a.time - b.time);
}

/**
 * Stores a batch of one account's items. Rates and categories are settled before the database
 * transaction (a rate may need a provider); inside it, under the ledger's locks on all of the
 * user's bank accounts, the stored rows are read again, so a webhook and an import racing on one
 * item store it once. `within` runs last in the same transaction (a job's progress).
 */
export async function applyStatementItems(
  db: Database,
  rates: RatesService,
  userId: number,
  account: BankAccountRef,
  batch: readonly MonobankStatementItem[],
  within?: (tx: Executor, applied: AppliedItems) => Promise<void>,
): Promise<AppliedItems> {
  const items = usableItems(batch);
  const applied: AppliedItems = { inserted: [], updated: 0 };
  if (items.length === 0) {
    if (within) await db.transaction((tx) => within(tx, applied));
    return applied;
  }
  const base = await baseOf(db, userId);
  const refs = await refsOfItems(rates, userId, account.currencyCode, base, items);
  const file = await filing(db, userId, account.accountId);
  const bankAccountIds = (await selectBankAccounts(db, userId)).map((row) => row.accountId);

  const stored = await db.transaction(async (tx) => {
    // Valued in the base read before this transaction: a base change that switched since leaves
    // the items to be valued again (docs/decisions.md "An import and a base change at once").
    if ((await holdBaseCurrency(tx, userId)) !== base.currencyId) return false;
    await lockLedgerAccounts(tx, userId, [...bankAccountIds, account.accountId]);
    const anchor = await lockAnchor(tx, account.accountId);
    if (!anchor) throw new AppError('NOT_FOUND', 'The bank account is gone.');
    const stored = new Map(
      (
        await selectStoredItems(
          tx,
          userId,
          account.accountId,
          items.map((item) => item.id),
        )
      ).map((found) => [found.row.externalId!, found]),
    );

    let { anchorBalance, anchorItemId } = anchor;
    let anchoredAt = anchor.anchoredAt.getTime();
    const fresh: NewTransactionRow[] = [];
    /** The tags rules put on each fresh row, in its order. */
    const freshTags: number[][] = [];
    for (const item of items) {
      const time = new Date(item.time * 1000);
      const amount = Math.abs(item.amount);
      const transactionType = item.amount > 0 ? 'income' : 'expense';
      const before = stored.get(item.id);
      let moved = 0;
      if (!before) {
        const { categoryId, note, tagIds } = file(item);
        fresh.push({
          userId,
          accountId: account.accountId,
          amount,
          transactionType,
          ...refs.get(item.id)!,
          paymentType: 'creditCard',
          time,
          note,
          categoryId,
          cashbackAmount: item.cashbackAmount,
          commissionRate: item.commissionRate,
          externalId: item.id,
        });
        freshTags.push(tagIds);
      } else {
        const { row } = before;
        const moneyChanged =
          row.amount !== amount || row.transactionType !== transactionType || row.time.getTime() !== time.getTime();
        const figuresChanged = row.cashbackAmount !== item.cashbackAmount || row.commissionRate !== item.commissionRate;
        if (moneyChanged || figuresChanged) {
          moved = item.amount - signedAmount(row.transactionType, row.amount);
          await changeLeg(tx, userId, row, {
            cashbackAmount: item.cashbackAmount,
            commissionRate: item.commissionRate,
            ...(moneyChanged ? { amount, transactionType, time, ...refs.get(item.id)! } : {}),
          });
        }
        if (before.hold !== item.hold) await updateItemDetails(tx, row.id, { hold: item.hold });
        if (moneyChanged || figuresChanged || before.hold !== item.hold) applied.updated += 1;
      }
      // The bank's balance after the newest item it stated is the account's; a change to an older
      // item moves every later balance at the bank, the stated one too. Items have whole seconds:
      // a new one of the second the anchor was stated in came after it (its own balance is true
      // either way), one stored already did not, unless it is the anchor's own item.
      const later =
        item.time * 1000 > anchoredAt ||
        item.id === anchorItemId ||
        (!before && item.time >= Math.floor(anchoredAt / 1000));
      if (later) {
        anchorBalance = item.balance;
        anchoredAt = item.time * 1000;
        anchorItemId = item.id;
      } else anchorBalance += moved;
    }

    applied.inserted = await insertLegs(tx, userId, fresh);
    await addTagPairs(
      tx,
      userId,
      applied.inserted.flatMap((row, index) => freshTags[index]!.map((tagId) => ({ transactionId: row.id, tagId }))),
    );
    const itemOf = new Map(items.map((item) => [item.id, item]));
    await insertItemDetails(
      tx,
      applied.inserted.map((row) => {
        const item = itemOf.get(row.externalId!)!;
        return {
          transactionId: row.id,
          userId,
          merchant: item.description.slice(0, 1000),
          mcc: item.mcc,
          hold: item.hold,
          operationAmount: item.operationAmount,
          operationCurrencyCode: item.currencyCode,
        };
      }),
    );
    await updateAnchor(tx, account.accountId, { anchorBalance, anchoredAt: new Date(anchoredAt), anchorItemId });
    await setBankFigures(tx, userId, account.accountId, { currentBalance: anchorBalance });
    await pairOwnTransfers(tx, userId, account, applied.inserted, itemOf);
    await within?.(tx, applied);
    return true;
  });
  return stored ? applied : applyStatementItems(db, rates, userId, account, batch, within);
}

/** Each item's base-currency figures at the rate of its day (one range of stored rates for the batch). */
async function refsOfItems(
  rates: RatesService,
  userId: number,
  currencyCode: string,
  base: { currencyId: number; currency: { code: string } },
  items: MonobankStatementItem[],
) {
  // The ledger's days (UTC, docs/decisions.md), as a manual transaction's rate is taken.
  const days = items.map((item) => todayIso(new Date(item.time * 1000)));
  const series = await rates.series(userId, [currencyCode], base.currency.code, days[0]!, days.at(-1)!);
  const refs = new Map<string, ReturnType<typeof refsAt>>();
  items.forEach((item, index) => {
    const quote = series(currencyCode, days[index]!);
    if (!quote) {
      throw refusal('VALIDATION_ERROR', 'time', 'monobank.noRate', {
        from: currencyCode,
        to: base.currency.code,
        date: days[index]!,
      });
    }
    refs.set(item.id, refsAt(Math.abs(item.amount), quote.rate, base.currencyId));
  });
  return refs;
}

/**
 * What a new item is filed with: the person's rules first, in their order (docs/decisions.md
 * "Rules"), the first to set a field winning it; a category no rule set is the person's remembered
 * one for its merchant, else its code's category of the default tree (or that category's root, if
 * the person removed it), else "Other"; a note no rule set is the bank's text. Rules are read and
 * compiled once for the batch.
 */
async function filing(db: Database, userId: number, accountId: number) {
  const [byKey, merchants, other, rules] = await Promise.all([
    selectDefaultCategoryIds(db, userId),
    selectMerchantRules(db, userId),
    fallbackCategoryId(db, userId),
    rulesForArrivals(db, userId),
  ]);
  const byMerchant = new Map(merchants.map((rule) => [rule.merchant, rule.categoryId]));
  const categoryOf = (item: MonobankStatementItem): number => {
    const remembered = byMerchant.get(item.description);
    if (remembered !== undefined) return remembered;
    const key = categoryKeyForMcc(item.mcc, item.amount > 0);
    return byKey.get(key) ?? byKey.get(key.split('/')[0]!) ?? other;
  };
  return (item: MonobankStatementItem): { categoryId: number; note: string; tagIds: number[] } => {
    const note = noteOf(item);
    const ruled = rules({
      description: item.description,
      note,
      amount: Math.abs(item.amount),
      accountId,
      mcc: item.mcc,
      transactionType: item.amount > 0 ? 'income' : 'expense',
    });
    return { categoryId: ruled.categoryId ?? categoryOf(item), note: ruled.note ?? note, tagIds: ruled.tagIds };
  };
}

/**
 * A move between the person's own cards (or a card and a jar) arrives as two bank items: one out,
 * one in, on different accounts, both money moves by their code, within a minute, for the same
 * money — equal amounts in one currency, or one leg's operation amount equal to the other's
 * amount in the other's currency. Each new item takes the closest such leg not yet paired.
 */
async function pairOwnTransfers(
  tx: Executor,
  userId: number,
  account: BankAccountRef,
  inserted: TransactionRow[],
  itemOf: Map<string, MonobankStatementItem>,
): Promise<void> {
  for (const row of inserted) {
    const item = itemOf.get(row.externalId!)!;
    if (!isMoneyMove(item.mcc)) continue;
    const candidates = await selectTransferCandidates(
      tx,
      userId,
      account.accountId,
      row.transactionType === 'income' ? 'expense' : 'income',
      new Date(row.time.getTime() - TRANSFER_MATCH_MS),
      new Date(row.time.getTime() + TRANSFER_MATCH_MS),
    );
    const sameMoney = (other: (typeof candidates)[number]) =>
      other.currencyNumber === account.currencyNumber
        ? other.amount === row.amount
        : (item.currencyCode === other.currencyNumber && Math.abs(item.operationAmount) === other.amount) ||
          (other.operationCurrencyCode === account.currencyNumber && Math.abs(other.operationAmount) === row.amount);
    const match = candidates
      .filter((other) => isMoneyMove(other.mcc) && sameMoney(other))
      .sort(
        (a, b) => Math.abs(a.time.getTime() - row.time.getTime()) - Math.abs(b.time.getTime() - row.time.getTime()),
      )[0];
    // Linked, both leave the candidates of the items after this one (they are transfers now).
    if (match) await linkBankTransfer(tx, userId, [row.id, match.id]);
  }
}
