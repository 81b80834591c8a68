import type { Recurring, Transaction } from '@kopiyka/shared';
import type { DayKey } from '../../lib/dates.ts';
import { addMonths, dayKey } from '../../lib/periods.ts';
import { merchantOf } from './describe.ts';

/** Monobank's word for a purchase in parts ("Покупка частинами"), in any case. */
const IN_PARTS = /частинами/iu;
/** The bank's words around a shop's name, and what separates them from it: "Покупка частинами: Rozetka". */
const IN_PARTS_WORDS = /(покупка\s+)?частинами/giu;
const SEPARATORS = /^[\s:;,.·\-–—]+|[\s:;,.·\-–—]+$/gu;

/** Text without the separators at its ends, its spaces single. */
const tidy = (text: string) => text.replace(SEPARATORS, '').replace(/\s+/gu, ' ');

/** A bank row bought in parts, as an instalment plan would start from it. */
export type PurchaseInParts = {
  /** The shop when the description names one ("Rozetka"), else the description itself. */
  name: string;
  /** The whole price, in minor units of the row's currency. */
  total: number;
  /** The first part's day: a month after the purchase's local day. */
  firstDay: DayKey;
};

/**
 * Whether `transaction` is a Monobank purchase in parts ("Покупка частинами", "Покупка частинами:
 * Rozetka"), and if so what an instalment plan made from it starts with. The bank's description is
 * what an import's note begins with; an expense on a Monobank account only (not a refund, not a
 * transfer, not a row typed by hand).
 */
export function purchaseInParts(transaction: Transaction): PurchaseInParts | null {
  if (transaction.accountType !== 'monobank' || transaction.externalId === null) return null;
  if (transaction.transactionType !== 'expense' || transaction.transferNature !== 'not_transfer') return null;
  const description = merchantOf(transaction.note);
  if (!description || !IN_PARTS.test(description)) return null;
  return {
    name: tidy(description.replace(IN_PARTS_WORDS, ' ')) || tidy(description),
    total: transaction.amount,
    firstDay: addMonths(dayKey(transaction.time), 1),
  };
}

/**
 * Whether one of `plans` was made from `purchase`: an instalment plan of its total that starts on
 * its first day or bears its name (the person may have changed either when making it). Two
 * purchases of one price, on one day or at one shop, read as one: the offer is then made once.
 */
export function isPlanned(purchase: PurchaseInParts, plans: readonly Recurring[]): boolean {
  const name = purchase.name.toLowerCase();
  return plans.some(
    (plan) =>
      plan.kind === 'instalments' &&
      plan.total === purchase.total &&
      (plan.schedule.startDate === purchase.firstDay || plan.name.toLowerCase() === name),
  );
}
