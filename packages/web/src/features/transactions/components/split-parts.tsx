import { NOTE_MAX, SPLIT_PARTS_MAX, type TransactionType } from '@kopiyka/shared';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { CategoryPicker } from '../../../entities/transactions/pickers.tsx';
import { useT } from '../../../lib/i18n.ts';
import { amountText, formatMoney } from '../../../lib/money.ts';
import { cn } from '../../../lib/utils.ts';
import type { SplitPartValues } from './transaction-form.ts';

type SplitPartsProps = {
  parts: SplitPartValues[];
  type: TransactionType;
  /** The amount's currency, when its account is chosen. */
  currency: string | undefined;
  /** What is left to assign, in minor units (negative: assigned past the amount); null while unreadable. */
  left: number | null;
  error?: string;
  onChange: (parts: SplitPartValues[]) => void;
  /** Removes a part; the form joins them again when one is left. */
  onRemove: (index: number) => void;
};

/**
 * The parts of a split income or expense, each with its category, amount and note, and what is
 * left to assign of the amount, said again as one types.
 */
export function SplitParts({ parts, type, currency, left, error, onChange, onRemove }: SplitPartsProps) {
  const t = useT();
  const id = useId();
  const change = (index: number, patch: Partial<SplitPartValues>) =>
    onChange(parts.map((part, at) => (at === index ? { ...part, ...patch } : part)));
  const money = (minor: number) => (currency ? formatMoney(minor, currency) : amountText(minor));
  const leftText =
    left === null
      ? null
      : left === 0
        ? t('transaction.split.done')
        : left > 0
          ? t('transaction.split.left', { amount: money(left) })
          : t('transaction.split.over', { amount: money(-left) });
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('transaction.split.title')}</legend>
      {parts.map((part, index) => {
        const number = index + 1;
        const partId = `${id}-${index}`;
        return (
          // Parts have no identity of their own until saved: their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="flex flex-col gap-2 rounded-lg border p-3">
            <div className="flex items-center gap-2">
              <label htmlFor={`${partId}-category`} className="sr-only">
                {t('transaction.split.category', { number })}
              </label>
              <div className="min-w-0 flex-1">
                <CategoryPicker
                  id={`${partId}-category`}
                  aria-invalid={Boolean(error) && part.categoryId === null}
                  value={part.categoryId}
                  type={type}
                  placeholder={t('transactions.picker.chooseCategory')}
                  onChange={(categoryId) => change(index, { categoryId })}
                />
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('transaction.split.remove', { number })}
                onClick={() => onRemove(index)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              <AmountInput
                aria-label={t('transaction.split.amount', { number })}
                currency={currency}
                positive
                value={part.amount}
                onChange={(event) => change(index, { amount: event.target.value })}
              />
              <Input
                aria-label={t('transaction.split.note', { number })}
                placeholder={t('transaction.split.notePlaceholder')}
                maxLength={NOTE_MAX}
                value={part.note}
                onChange={(event) => change(index, { note: event.target.value })}
              />
            </div>
          </div>
        );
      })}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={parts.length >= SPLIT_PARTS_MAX}
          onClick={() => onChange([...parts, { categoryId: null, amount: '', note: '' }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('transaction.split.add')}
        </Button>
        <p role="status" className={cn('text-sm tabular-nums', left === 0 ? 'text-muted-foreground' : 'font-medium')}>
          {leftText}
        </p>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('transaction.split.hint')}</p>
    </fieldset>
  );
}
