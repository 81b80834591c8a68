import type { Account, Category, TransactionType } from '@kopiyka/shared';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useCategories } from '../../api/categories.ts';
import { useTags } from '../../api/tags.ts';
import { OptionList } from '../../components/option-list.tsx';
import type { FieldControlProps } from '../../components/ui/form-field.tsx';
import { PickerButton } from '../../components/ui/picker-button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { CategoryMark } from '../categories/category-mark.tsx';
import { CategoryOptions } from '../categories/category-options.tsx';

/** The category and its ancestors, root first: "Food & Drinks › Groceries". */
export function categoryPath(categories: readonly Category[], id: number): Category[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const path: Category[] = [];
  for (let current = byId.get(id); current && !path.includes(current); ) {
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}

type CategoryPickerProps = Partial<FieldControlProps> & {
  value: number | null;
  onChange: (categoryId: number) => void;
  disabled?: boolean;
  placeholder?: string;
  /** The type of the transaction being categorised, when known: its categories come first. */
  type?: TransactionType;
};

/** One category from the tree, searchable, in a panel under a field-like button. */
export function CategoryPicker({ value, onChange, disabled, placeholder, type, ...control }: CategoryPickerProps) {
  const [open, setOpen] = useState(false);
  const categories = useCategories();
  const t = useT();
  const path = value === null ? [] : categoryPath(categories, value);
  const chosen = path.at(-1);
  return (
    <Popover open={open && !disabled} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <PickerButton disabled={disabled} {...control}>
          {chosen ? (
            <>
              <CategoryMark category={chosen} className="-ml-1 size-6" />
              <span className="min-w-0 flex-1 truncate">
                {path.length > 1 ? (
                  <span className="text-muted-foreground">
                    {path
                      .slice(0, -1)
                      .map((category) => category.name)
                      .join(' › ')}{' '}
                    ›{' '}
                  </span>
                ) : null}
                {chosen.name}
              </span>
            </>
          ) : (
            <span className="min-w-0 flex-1 truncate text-muted-foreground">
              {placeholder ?? t('transactions.picker.chooseCategory')}
            </span>
          )}
        </PickerButton>
      </PopoverTrigger>
      <PopoverContent aria-label={t('categories.label')}>
        <CategoryOptions
          selected={value === null ? [] : [value]}
          type={type}
          onSelect={(id) => {
            onChange(id);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}

const toggle = (ids: readonly number[], id: number) =>
  ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];

type MultiSelectProps = {
  id: string;
  /** What the button says when nothing is chosen: "All accounts". */
  placeholder: string;
  /** What it says when something is. */
  summary: string;
  count: number;
  onClear: () => void;
  /** Under the list: what the choice means. */
  footnote?: string;
  label: string;
  children: ReactNode;
};

/** A button that opens a list to tick several items in; "Clear" unticks them all. */
function MultiSelect({ id, placeholder, summary, count, onClear, footnote, label, children }: MultiSelectProps) {
  const t = useT();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <PickerButton id={id}>
          <span className={cn('min-w-0 flex-1 truncate', count === 0 && 'text-muted-foreground')}>
            {count === 0 ? placeholder : summary}
          </span>
        </PickerButton>
      </PopoverTrigger>
      <PopoverContent aria-label={label} className="w-80">
        {children}
        <div className="flex items-center justify-between gap-3 border-t px-3 py-2">
          <span className="text-xs text-muted-foreground">{footnote}</span>
          <button
            type="button"
            onClick={onClear}
            disabled={count === 0}
            className="flex shrink-0 cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary hover:bg-accent disabled:cursor-default disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-3.5" />
            {t('transactions.picker.clear')}
          </button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

type FilterProps = { id: string; value: readonly number[]; onChange: (ids: number[]) => void };

export function CategoryFilter({ id, value, onChange }: FilterProps) {
  const categories = useCategories();
  const t = useT();
  const names = value.flatMap((categoryId) => categories.find((category) => category.id === categoryId)?.name ?? []);
  return (
    <MultiSelect
      id={id}
      label={t('categories.label')}
      placeholder={t('transactions.picker.allCategories')}
      summary={
        names.length === 1 ? (names[0] ?? '') : t('transactions.picker.categoriesCount', { count: value.length })
      }
      count={value.length}
      onClear={() => onChange([])}
      footnote={t('transactions.picker.subcategoriesIncluded')}
    >
      <CategoryOptions multiple selected={value} onSelect={(categoryId) => onChange(toggle(value, categoryId))} />
    </MultiSelect>
  );
}

export function AccountFilter({ id, value, onChange, accounts }: FilterProps & { accounts: readonly Account[] }) {
  const [query, setQuery] = useState('');
  const t = useT();
  const needle = query.trim().toLocaleLowerCase();
  const options = accounts
    .filter((account) => account.name.toLocaleLowerCase().includes(needle))
    .map((account) => ({ id: account.id, label: account.name, detail: account.currencyCode }));
  const chosen = accounts.filter((account) => value.includes(account.id));
  return (
    <MultiSelect
      id={id}
      label={t('transactions.filter.accounts')}
      placeholder={t('transactions.picker.allAccounts')}
      summary={chosen.length === 1 ? (chosen[0]?.name ?? '') : t('accounts.count', { count: value.length })}
      count={value.length}
      onClear={() => onChange([])}
    >
      <OptionList
        options={options}
        query={query}
        onQueryChange={setQuery}
        selected={value}
        onSelect={(accountId) => onChange(toggle(value, accountId))}
        multiple
        label={t('transactions.filter.accounts')}
        searchPlaceholder={t('transactions.picker.searchAccounts')}
        emptyText={
          accounts.length === 0 ? t('sidebar.empty') : t('transactions.picker.noAccountMatch', { query: query.trim() })
        }
      />
    </MultiSelect>
  );
}

/** Transactions carrying any of the chosen tags. */
export function TagFilter({ id, value, onChange }: FilterProps) {
  const tags = useTags().data ?? [];
  const [query, setQuery] = useState('');
  const t = useT();
  const needle = query.trim().toLocaleLowerCase();
  const options = tags
    .filter((tag) => tag.name.toLocaleLowerCase().includes(needle))
    .map((tag) => ({ id: tag.id, label: tag.name }));
  const chosen = tags.filter((tag) => value.includes(tag.id));
  return (
    <MultiSelect
      id={id}
      label={t('transactions.filter.tags')}
      placeholder={t('transactions.picker.allTags')}
      summary={
        chosen.length === 1 ? (chosen[0]?.name ?? '') : t('transactions.picker.tagsCount', { count: value.length })
      }
      count={value.length}
      onClear={() => onChange([])}
    >
      <OptionList
        options={options}
        query={query}
        onQueryChange={setQuery}
        selected={value}
        onSelect={(tagId) => onChange(toggle(value, tagId))}
        multiple
        label={t('transactions.filter.tags')}
        searchPlaceholder={t('transactions.picker.searchTags')}
        emptyText={tags.length === 0 ? t('tags.none') : t('transactions.picker.noTagMatch', { query: query.trim() })}
      />
    </MultiSelect>
  );
}
