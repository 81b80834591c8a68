import type { Transaction } from '@kopiyka/shared';
import { formatDay } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';
import { dateTimeFormat } from '../../lib/locale.ts';
import { dayKey } from '../../lib/periods.ts';

/** The side of a transfer that is not one of the user's accounts, in the current language. */
export function outOfWalletLabel(): string {
  return t('transactions.transfer.outOfWallet');
}

/**
 * What a transfer leg is called in lists: where the money went ("Transfer → Savings") or came
 * from ("Transfer ← Card"), or that it left (or entered) the wallet. Null for an ordinary one.
 */
export function transferTitle(
  transaction: Pick<Transaction, 'transferNature' | 'transactionType' | 'destinationAccountId'>,
  accountName: (id: number) => string | undefined,
): string | null {
  const incoming = transaction.transactionType === 'income';
  if (transaction.transferNature === 'transfer_out_wallet')
    return incoming ? t('transactions.transfer.intoWallet') : outOfWalletLabel();
  if (transaction.transferNature !== 'transfer_between_user_accounts') return null;
  const other = transaction.destinationAccountId === null ? undefined : accountName(transaction.destinationAccountId);
  const account = other ?? t('transactions.transfer.anotherAccount');
  return incoming ? t('transactions.transfer.from', { account }) : t('transactions.transfer.to', { account });
}

/** How a refund names the expense it gives back: "Shoes · 12 Mar 2026" (its category when it has no note). */
export function expenseSummary(expense: Pick<Transaction, 'note' | 'time'>, categoryName: string | undefined): string {
  const what = expense.note || categoryName || t('transactions.row.uncategorised');
  return `${what} · ${formatDay(dayKey(expense.time))}`;
}

/** What of an expense is still to be refunded, in the base currency (its refunds' figures are too). */
export function refundableRefAmount(expense: Pick<Transaction, 'refAmount' | 'refundedRefAmount'>): number {
  return Math.max(0, expense.refAmount - expense.refundedRefAmount);
}

const dateAndTime = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });
const timeOfDay = () => dateTimeFormat({ timeStyle: 'short' });

/** The merchant as the bank named it: an import's note is the merchant, then " — " and the payer's comment. */
export function merchantOf(note: string): string | null {
  const merchant = note.split(' — ')[0]?.trim();
  return merchant ? merchant : null;
}

/** "14 Nov 2026, 09:30" in the user's time zone. */
export function formatDateTime(time: string): string {
  return dateAndTime().format(new Date(time));
}

/** "09:30". */
export function formatTime(time: string): string {
  return timeOfDay().format(new Date(time));
}
