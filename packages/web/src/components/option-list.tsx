import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { cn } from '../lib/utils.ts';
import { ComboboxOption, useCombobox } from './combobox.tsx';
import { SearchInput } from './ui/search-input.tsx';

export type Option = {
  id: number;
  label: string;
  /** Said after the label, dimmed: a currency, a balance. */
  detail?: ReactNode;
  /** Drawn before the label: a colour dot, an icon. */
  mark?: ReactNode;
  /** Indentation level in a tree; roots are 0. */
  depth?: number;
};

type OptionListProps = {
  /** The options matching `query`, in order. */
  options: readonly Option[];
  query: string;
  onQueryChange: (query: string) => void;
  selected: readonly number[];
  /** Choosing an option; with `multiple`, choosing a chosen one unchooses it. */
  onSelect: (id: number) => void;
  /** The option to highlight for the query (a search's best match); by default the first selected one. */
  preferredId?: number;
  multiple?: boolean;
  /** Names the list for assistive technology. */
  label: string;
  searchPlaceholder: string;
  /** Shown when nothing matches the query. */
  emptyText: string;
};

/**
 * A search field driving a list of options (the ARIA combobox pattern with an always-open listbox):
 * type to filter, arrows to move, Enter to choose. Focus stays in the field throughout.
 */
export function OptionList({
  options,
  query,
  onQueryChange,
  selected,
  onSelect,
  preferredId,
  multiple = false,
  label,
  searchPlaceholder,
  emptyText,
}: OptionListProps) {
  const combobox = useCombobox({
    items: options,
    keyOf: (option) => option.id,
    preferredIndex: Math.max(
      0,
      options.findIndex((option) =>
        preferredId === undefined ? selected.includes(option.id) : option.id === preferredId,
      ),
    ),
    onQueryChange,
    onChoose: (option) => onSelect(option.id),
  });

  const t = useT();
  return (
    <div className="flex min-h-0 flex-col">
      <div className="border-b p-2">
        <SearchInput
          {...combobox.searchProps}
          aria-label={t('optionList.search', { label: label.toLowerCase() })}
          placeholder={searchPlaceholder}
          value={query}
          className="h-9"
        />
      </div>
      <div
        id={combobox.listboxId}
        role="listbox"
        aria-label={label}
        aria-multiselectable={multiple || undefined}
        className="max-h-72 min-h-0 overflow-y-auto p-1"
      >
        {options.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          options.map((option, index) => {
            const isSelected = selected.includes(option.id);
            return (
              <ComboboxOption
                key={option.id}
                {...combobox.optionProps(option, index)}
                selected={isSelected}
                className="gap-2.5 py-1.5 pr-2"
                style={{ paddingLeft: `${0.5 + (option.depth ?? 0) * 1.25}rem` }}
              >
                {multiple ? (
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-4 shrink-0 items-center justify-center rounded border border-input',
                      isSelected && 'border-primary bg-primary text-primary-foreground',
                    )}
                  >
                    {isSelected ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                ) : null}
                {option.mark}
                <span className="min-w-0 flex-1 truncate">{option.label}</span>
                {option.detail ? (
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{option.detail}</span>
                ) : null}
                {!multiple && isSelected ? <Check aria-hidden="true" className="size-4 shrink-0 text-primary" /> : null}
              </ComboboxOption>
            );
          })
        )}
      </div>
    </div>
  );
}
