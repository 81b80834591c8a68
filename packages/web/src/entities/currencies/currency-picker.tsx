import type { Currency } from '@kopiyka/shared';
import { Check } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { ComboboxOption, useCombobox } from '../../components/combobox.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Label } from '../../components/ui/label.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { currencyName } from './currency-name.ts';
import { isPopularCurrency, searchCurrencies } from './currency-search.ts';

type CurrencyPickerProps = {
  currencies: readonly Currency[];
  value: number | null;
  onChange: (currencyId: number) => void;
  /** Set when the choice is missing or refused; shown under the list. */
  error?: string | null;
};

/**
 * A search field driving a list of currencies (the ARIA combobox pattern with an always-open
 * listbox): type to filter by code or name, arrows to move, Enter to choose.
 */
export function CurrencyPicker({ currencies, value, onChange, error }: CurrencyPickerProps) {
  const [query, setQuery] = useState('');
  const t = useT();
  const baseId = useId();
  const results = useMemo(() => searchCurrencies(currencies, query), [currencies, query]);
  const combobox = useCombobox({
    items: results,
    keyOf: (currency) => currency.id,
    onQueryChange: setQuery,
    onChoose: (currency) => onChange(currency.id),
    // The first Enter chooses; once the highlighted currency is chosen, Enter submits the form.
    choosesOnEnter: (currency) => currency.id !== value,
  });

  // Results come popular-first, so each group is a slice of them; `start` keeps option indexes global.
  const groups = useMemo(() => {
    if (query.trim() !== '') return [{ label: 'currencyPicker.matches' as const, start: 0, items: results }];
    const popular = results.filter(isPopularCurrency);
    return [
      { label: 'currencyPicker.popular' as const, start: 0, items: popular },
      { label: 'currencyPicker.all' as const, start: popular.length, items: results.slice(popular.length) },
    ].filter((group) => group.items.length > 0);
  }, [results, query]);

  const errorId = `${baseId}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${baseId}-search`}>{t('currencyPicker.search')}</Label>
      <SearchInput
        {...combobox.searchProps}
        id={`${baseId}-search`}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        placeholder={t('currencyPicker.placeholder')}
        value={query}
      />
      <div
        id={combobox.listboxId}
        role="listbox"
        aria-label={t('currencyPicker.list')}
        className="h-72 overflow-y-auto rounded-lg border bg-background p-1"
      >
        {results.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-muted-foreground">
            {t('currencyPicker.noMatch', { query: query.trim() })}
          </p>
        ) : (
          groups.map((group, groupIndex) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups options with role=group; a fieldset is not allowed in it.
            <div key={group.label} role="group" aria-labelledby={`${baseId}-group-${groupIndex}`}>
              <div
                id={`${baseId}-group-${groupIndex}`}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase"
              >
                {t(group.label)}
              </div>
              {group.items.map((currency, offset) => {
                const selected = currency.id === value;
                return (
                  <ComboboxOption
                    key={currency.id}
                    {...combobox.optionProps(currency, group.start + offset)}
                    selected={selected}
                    className={cn('gap-3 px-3 py-2', selected && 'text-primary')}
                  >
                    <span className="w-11 shrink-0 font-mono text-sm font-semibold">{currency.code}</span>
                    <span className={cn('min-w-0 flex-1 truncate', !selected && 'text-muted-foreground')}>
                      {currencyName(currency)}
                    </span>
                    {selected ? <Check aria-hidden="true" className="size-4 shrink-0" /> : null}
                  </ComboboxOption>
                );
              })}
            </div>
          ))
        )}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Stands in for the picker while the list of currencies loads. */
export function CurrencyPickerSkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-2" role="status" aria-label={t('currencyPicker.loading')}>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/** Stands in for the picker when the list of currencies could not be loaded. */
export function CurrencyPickerError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3">
      <ErrorAlert className="w-full">{t('currencyPicker.loadError')}</ErrorAlert>
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </div>
  );
}
