import type { Account, TransactionType } from '@kopiyka/shared';
import { X } from 'lucide-react';
import { useId } from 'react';
import { AmountInput } from '../../components/ui/amount-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useT } from '../../lib/i18n.ts';
import { dayKey } from '../../lib/periods.ts';
import { type FilterState, PERIODS, type Period, periodLabel, periodRange } from './filters.ts';
import { AccountFilter, CategoryFilter, TagFilter } from './pickers.tsx';
import { useDebouncedDraft } from './use-debounced-draft.ts';

/** `replace`: the change refines the last one, so it replaces its history entry. */
type UpdateOptions = { replace?: boolean };
export type UpdateFilters = (patch: Partial<FilterState>, options?: UpdateOptions) => void;

type FilterPanelProps = {
  filters: FilterState;
  onChange: UpdateFilters;
  accounts: readonly Account[];
};

/** A typed amount bound of the range: applied once typing pauses. */
function AmountBound({
  id,
  label,
  placeholder,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onCommit: (text: string) => void;
}) {
  const [draft, setDraft] = useDebouncedDraft(value, onCommit);
  return (
    <AmountInput
      id={id}
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
    />
  );
}

/**
 * The search (words in the note, the bank's description, the category or the account name), applied
 * once typing pauses; refining a search replaces its history entry.
 */
export function TextSearch({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: UpdateFilters;
  className?: string;
}) {
  const [draft, setDraft] = useDebouncedDraft(value, (search) => onChange({ search }, { replace: value !== '' }));
  const t = useT();
  return (
    <div className={className}>
      <SearchInput
        type="search"
        aria-label={t('transactions.filter.search')}
        placeholder={t('transactions.filter.searchHint')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  );
}

type PeriodFieldProps = { filters: FilterState; onChange: (patch: Partial<FilterState>) => void };

/** The preset periods; choosing "custom" starts from the days the current period covers. */
export function PeriodSelect({ id, filters, onChange }: PeriodFieldProps & { id?: string }) {
  const t = useT();
  function changePeriod(period: Period) {
    if (period !== 'custom') {
      onChange({ period, from: '', to: '' });
      return;
    }
    // Custom dates start from the period shown, so narrowing it takes one change.
    const { start, end } = periodRange(filters);
    onChange({ period, from: start ? dayKey(start) : '', to: end ? dayKey(end) : '' });
  }
  return (
    <NativeSelect
      id={id}
      aria-label={id ? undefined : t('transactions.filter.dates')}
      value={filters.period}
      onChange={(event) => changePeriod(event.target.value as Period)}
    >
      {PERIODS.map((period) => (
        <option key={period} value={period}>
          {periodLabel(period)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The two days of a custom period, shown only while the period is custom. */
export function CustomDates({ filters, onChange }: PeriodFieldProps) {
  const t = useT();
  if (filters.period !== 'custom') return null;
  return (
    <div className="grid grid-cols-2 gap-2">
      <Input
        type="date"
        aria-label={t('transactions.filter.fromDate')}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <Input
        type="date"
        aria-label={t('transactions.filter.toDate')}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </div>
  );
}

/** Every filter but the search (which stays in view above the list), laid out in a column. */
export function FilterPanel({ filters, onChange, accounts }: FilterPanelProps) {
  const id = useId();
  const t = useT();
  const typeOptions = [
    { value: 'all', label: t('transactions.type.all') },
    { value: 'expense', label: t('transactions.type.expenses') },
    { value: 'income', label: t('transactions.type.income') },
  ];

  // A half-typed bound applies as typed, replacing the previous entry rather than adding history.
  const commitBound = (field: 'min' | 'max') => (text: string) =>
    onChange({ [field]: text }, { replace: filters[field] !== '' });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-period`}>{t('transactions.filter.dates')}</Label>
        <PeriodSelect id={`${id}-period`} filters={filters} onChange={onChange} />
        <CustomDates filters={filters} onChange={onChange} />
      </div>

      <div className="flex flex-col gap-2">
        <span id={`${id}-type`} className="text-sm font-medium leading-none">
          {t('transactions.filter.type')}
        </span>
        <SegmentedControl
          aria-labelledby={`${id}-type`}
          value={filters.type || 'all'}
          onValueChange={(type) => onChange({ type: type === 'all' ? '' : (type as TransactionType) })}
          options={typeOptions}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium leading-none">{t('transactions.filter.amount')}</legend>
        <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
          <AmountBound
            id={`${id}-min`}
            label={t('transactions.filter.min')}
            placeholder={t('transactions.filter.minShort')}
            value={filters.min}
            onCommit={commitBound('min')}
          />
          <span aria-hidden="true" className="text-muted-foreground">
            –
          </span>
          <AmountBound
            id={`${id}-max`}
            label={t('transactions.filter.max')}
            placeholder={t('transactions.filter.maxShort')}
            value={filters.max}
            onCommit={commitBound('max')}
          />
        </div>
        <p className="text-xs text-muted-foreground">{t('transactions.filter.amountHint')}</p>
      </fieldset>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-accounts`}>{t('transactions.filter.accounts')}</Label>
        <AccountFilter
          id={`${id}-accounts`}
          accounts={accounts}
          value={filters.accountIds}
          onChange={(accountIds) => onChange({ accountIds })}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-categories`}>{t('transactions.filter.categories')}</Label>
        <CategoryFilter
          id={`${id}-categories`}
          value={filters.categoryIds}
          onChange={(categoryIds) => onChange({ categoryIds })}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-tags`}>{t('transactions.filter.tags')}</Label>
        <TagFilter id={`${id}-tags`} value={filters.tagIds} onChange={(tagIds) => onChange({ tagIds })} />
      </div>

      <div className="flex items-center justify-between gap-4">
        <Label id={`${id}-transfers-label`} htmlFor={`${id}-transfers`} className="font-normal">
          {t('transactions.filter.excludeTransfers')}
        </Label>
        <Switch
          id={`${id}-transfers`}
          aria-labelledby={`${id}-transfers-label`}
          checked={filters.excludeTransfers}
          onCheckedChange={(excludeTransfers) => onChange({ excludeTransfers })}
        />
      </div>
    </div>
  );
}

/** Removes every filter, the search included. */
export function ClearFiltersButton({ onClear, className }: { onClear: () => void; className?: string }) {
  const t = useT();
  return (
    <Button variant="ghost" size="sm" onClick={onClear} className={className}>
      <X aria-hidden="true" className="size-4" />
      {t('transactions.filter.clear')}
    </Button>
  );
}
