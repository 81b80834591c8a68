import type { Transaction } from '@kopiyka/shared';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useCategories } from '../../../api/categories.ts';
import { useRefundCandidates, useTransactionRefunds } from '../../../api/transactions.ts';
import { OptionList } from '../../../components/option-list.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PickerButton } from '../../../components/ui/picker-button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { expenseSummary, refundableRefAmount } from '../../../entities/transactions/describe.ts';
import { useDebouncedDraft } from '../../../entities/transactions/use-debounced-draft.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';

type RefundFieldProps = {
  /** The expense chosen, or null: not a refund. */
  value: number | null;
  onChange: (expenseId: number | null) => void;
  /** The income being edited, whose present link names the expense before any search. */
  editing: Transaction | undefined;
  error?: string;
};

/**
 * "This is a refund of…": one of the person's expenses, searched by its note, bank description,
 * category or account, or by its amount; each says how much of it is still to be refunded.
 */
export function RefundField({ value, onChange, editing, error }: RefundFieldProps) {
  const t = useT();
  const categories = useCategories();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useDebouncedDraft(search, setSearch);
  const candidates = useRefundCandidates(search, open);
  const link = useTransactionRefunds(editing?.id ?? 0, editing?.refundOfId != null);
  const [picked, setPicked] = useState<Transaction | null>(null);
  const chosen =
    value === null
      ? undefined
      : ([picked, link.data?.[0]?.originalTransaction].find((expense) => expense?.id === value) ?? undefined);
  const categoryName = (expense: Transaction) => categories.find((c) => c.id === expense.categoryId)?.name;
  /** What is left of an expense for this income: its own refund, when it is one already, is not counted against it. */
  const left = (expense: Transaction) =>
    refundableRefAmount(expense) + (editing && editing.refundOfId === expense.id ? editing.refAmount : 0);
  const leftText = (expense: Transaction) =>
    t('transaction.refund.left', { amount: formatMoney(left(expense), expense.refCurrencyCode) });

  const expenses = candidates.data ?? [];
  const options = expenses.map((expense) => ({
    id: expense.id,
    label: expenseSummary(expense, categoryName(expense)),
    detail: `${formatMoney(expense.amount, expense.currencyCode)} · ${leftText(expense)}`,
  }));
  return (
    <FormField id="transaction-refund" label={t('transaction.refund.label')} error={error}>
      {(control) => (
        <div className="flex items-center gap-2">
          <Popover open={open} onOpenChange={setOpen}>
            <PopoverTrigger asChild>
              <PickerButton {...control} className="h-auto min-h-10 py-1.5">
                {chosen ? (
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{expenseSummary(chosen, categoryName(chosen))}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {formatMoney(chosen.amount, chosen.currencyCode)} · {leftText(chosen)}
                    </span>
                  </span>
                ) : (
                  <span className="min-w-0 flex-1 truncate text-muted-foreground">
                    {value === null ? t('transaction.refund.none') : t('transaction.refund.loading')}
                  </span>
                )}
              </PickerButton>
            </PopoverTrigger>
            <PopoverContent aria-label={t('transaction.refund.label')} className="w-[min(24rem,calc(100vw-2rem))]">
              <OptionList
                options={options}
                query={query}
                onQueryChange={setQuery}
                selected={value === null ? [] : [value]}
                onSelect={(id) => {
                  setPicked(expenses.find((expense) => expense.id === id) ?? null);
                  onChange(id);
                  setOpen(false);
                }}
                label={t('transaction.refund.expenses')}
                searchPlaceholder={t('transaction.refund.search')}
                emptyText={candidates.isPending ? t('transaction.refund.loading') : t('transaction.refund.noMatch')}
              />
            </PopoverContent>
          </Popover>
          {value !== null ? (
            <button
              type="button"
              onClick={() => onChange(null)}
              aria-label={t('transaction.refund.clear')}
              className="flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-accent"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
