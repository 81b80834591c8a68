import type { Category, Tag, Transaction } from '@kopiyka/shared';
import { ArrowLeftRight, Check, LogIn, LogOut, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCategories } from '../../api/categories.ts';
import { useTransactionRefunds } from '../../api/transactions.ts';
import { Money } from '../../components/ui/money.tsx';
import { useT } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';
import { CategoryMark } from '../categories/category-mark.tsx';
import { BankMark } from '../monobank/bank-badge.tsx';
import { TagBadges } from '../tags/tag-badges.tsx';
import { expenseSummary, formatTime, refundableRefAmount, transferTitle } from './describe.ts';
import type { DayGroup } from './transaction-days.ts';
import { dayLabel } from './transaction-days.ts';

function RowMark({ transaction, category }: { transaction: Transaction; category: Category | undefined }) {
  if (transaction.transferNature !== 'not_transfer') {
    const Icon =
      transaction.transferNature === 'transfer_between_user_accounts'
        ? ArrowLeftRight
        : transaction.transactionType === 'income'
          ? LogIn
          : LogOut;
    return (
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
      >
        <Icon className="size-4" />
      </span>
    );
  }
  const color = category?.color ?? '#7f8c8d';
  if (category?.icon) return <CategoryMark category={category} className="size-9 rounded-full" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full"
      style={{ backgroundColor: `${color}26` }}
    >
      <span className="size-3 rounded-full" style={{ backgroundColor: color }} />
    </span>
  );
}

/** A refund names the expense it gives back (read once its row is shown; refunds are few). */
function RefundOf({ transaction }: { transaction: Transaction }) {
  const t = useT();
  const categories = useCategories();
  const link = useTransactionRefunds(transaction.id).data?.[0];
  const expense = link?.originalTransaction;
  const category = categories.find((c) => c.id === expense?.categoryId);
  return expense
    ? t('transactions.row.refundOf', { expense: expenseSummary(expense, category?.name) })
    : t('transactions.row.refund');
}

/** The refund link of a row, either way: what a refund gives back, or how much of an expense came back. */
function RefundLink({ transaction }: { transaction: Transaction }) {
  const t = useT();
  let content: ReactNode;
  if (transaction.refundOfId !== null) content = <RefundOf transaction={transaction} />;
  else if (transaction.refundedRefAmount > 0) {
    content =
      refundableRefAmount(transaction) === 0
        ? t('transactions.row.refunded')
        : t('transactions.row.partlyRefunded', {
            amount: formatMoney(transaction.refundedRefAmount, transaction.refCurrencyCode),
          });
  } else return null;
  return (
    <span className="flex min-w-0 items-center gap-1 text-xs text-primary">
      <Undo2 aria-hidden="true" className="size-3 shrink-0" />
      <span className="truncate">{content}</span>
    </span>
  );
}

type TransactionRowProps = {
  transaction: Transaction;
  category: Category | undefined;
  accountName: (id: number) => string | undefined;
  onOpen: (transaction: Transaction) => void;
  /** The user's tags, to name the ones the transaction carries. */
  tags?: readonly Tag[];
};

/**
 * One transaction: what it was (category, or where a transfer went), its note and account, and
 * its amount with direction. A transfer's amount is neutral: the money stays the user's.
 */
export function TransactionRow({ transaction, category, accountName, onOpen, tags = [] }: TransactionRowProps) {
  const transfer = transaction.transferNature !== 'not_transfer';
  const t = useT();
  const name = category?.name ?? t('transactions.row.uncategorised');
  // A split one is named by its largest part's category and how many more it is split among.
  const title =
    transferTitle(transaction, accountName) ??
    (transaction.splits.length > 0
      ? t('transactions.row.split', { name, count: transaction.splits.length - 1 })
      : name);
  const account = accountName(transaction.accountId) ?? t('transactions.row.unknownAccount');
  const foreign = transaction.currencyCode !== transaction.refCurrencyCode;
  return (
    <button
      type="button"
      onClick={() => onOpen(transaction)}
      className="flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none"
    >
      <RowMark transaction={transaction} category={category} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-medium">{title}</span>
        <span className="truncate text-xs text-muted-foreground">
          {transaction.note ? <span className="text-foreground/80">{transaction.note} · </span> : null}
          {transaction.externalId === null ? null : (
            <BankMark label={t('transactions.row.imported')} className="mr-1 align-[-1px]" />
          )}
          {account} · {formatTime(transaction.time)}
        </span>
        <RefundLink transaction={transaction} />
        <TagBadges tagIds={transaction.tagIds} tags={tags} className="mt-0.5" />
      </span>
      <span className="flex shrink-0 flex-col items-end gap-0.5">
        <Money
          minor={transaction.amount}
          currency={transaction.currencyCode}
          kind={transaction.transactionType}
          className={cn('text-sm font-semibold', transfer && 'text-foreground')}
        />
        {foreign ? (
          <Money
            minor={transaction.refAmount}
            currency={transaction.refCurrencyCode}
            kind={transaction.transactionType}
            className="text-xs text-muted-foreground"
          />
        ) : null}
      </span>
    </button>
  );
}

/** A day's header: its name and how it moved the money shown, in the base currency. */
export function DayHeader({ group, className }: { group: DayGroup; className?: string }) {
  const t = useT();
  return (
    <div
      className={cn(
        'flex items-center justify-between gap-3 border-b bg-card/95 px-4 py-2 backdrop-blur supports-backdrop-filter:bg-card/85',
        className,
      )}
    >
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{dayLabel(group.day)}</h3>
      <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <span className="sr-only">{t('transactions.row.dayTotal')}</span>
        <Money
          minor={Math.abs(group.net)}
          currency={group.currency}
          kind={group.net >= 0 ? 'income' : 'expense'}
          className="font-medium"
        />
      </span>
    </div>
  );
}

/** Transactions ticked in a list, by id; with it, each row of the list has a tick box. */
export type RowSelection = {
  selected: ReadonlySet<number>;
  /** `range`: the box was clicked with Shift held, to take in every row since the last one clicked. */
  onToggle: (transaction: Transaction, how: { range: boolean }) => void;
};

/** A row's tick box in the theme's look; the real checkbox takes the clicks, the tick is drawn over it. */
export function RowCheckbox({
  transaction,
  category,
  selection,
}: {
  transaction: Transaction;
  category: Category | undefined;
  selection: RowSelection;
}) {
  const t = useT();
  const name = category?.name ?? t('transactions.row.transaction');
  return (
    <label className="relative flex shrink-0 cursor-pointer items-center self-stretch pl-4">
      <input
        type="checkbox"
        checked={selection.selected.has(transaction.id)}
        // A click changes a checkbox: its event says whether Shift was held; Space on it says not.
        onChange={(event) =>
          selection.onToggle(transaction, { range: (event.nativeEvent as MouseEvent).shiftKey === true })
        }
        aria-label={
          transaction.note
            ? t('transactions.row.chooseWithNote', { name, note: transaction.note })
            : t('transactions.row.choose', { name })
        }
        className={cn(
          'peer size-5 cursor-pointer appearance-none rounded border border-input bg-background transition-colors',
          'checked:border-primary checked:bg-primary focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
        )}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute top-1/2 left-[calc(1rem+3px)] size-3.5 -translate-y-1/2 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </label>
  );
}
