import { Check, Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { cn } from '../lib/utils.ts';
import { Input } from './ui/input.tsx';

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
  multiple?: boolean;
  /** Names the list for assistive technology. */
  label: string;
  searchPlaceholder: string;
  /** Shown when nothing matches the query. */
  emptyText: string;
};

const PAGE_STEP = 8;

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
  multiple = false,
  label,
  searchPlaceholder,
  emptyText,
}: OptionListProps) {
  const baseId = useId();
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      options.findIndex((option) => selected.includes(option.id)),
    ),
  );
  const optionId = (option: Option) => `${baseId}-option-${option.id}`;
  const activeOption = options[Math.min(active, options.length - 1)];
  const activeOptionId = activeOption ? optionId(activeOption) : undefined;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOptionId]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      PageDown: Math.min(active + PAGE_STEP, last),
      PageUp: Math.max(active - PAGE_STEP, 0),
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      onSelect(activeOption.id);
    }
  }

  const listboxId = `${baseId}-listbox`;
  return (
    <div className="flex min-h-0 flex-col">
      <div className="relative border-b p-2">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          role="combobox"
          aria-label={`Search ${label.toLowerCase()}`}
          aria-expanded="true"
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOptionId}
          placeholder={searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            onQueryChange(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-9 pl-9"
        />
      </div>
      <div
        id={listboxId}
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
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search field drives the options by keyboard (aria-activedescendant).
              <div
                key={option.id}
                id={optionId(option)}
                role="option"
                aria-selected={isSelected}
                tabIndex={-1}
                // Keeps focus (and typing) in the search field.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setActive(index);
                  onSelect(option.id);
                }}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2.5 rounded-md py-1.5 pr-2 text-sm',
                  option === activeOption && 'bg-accent',
                )}
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
              </div>
            );
          })
        )}
      </div>
    </div>
  );
}
