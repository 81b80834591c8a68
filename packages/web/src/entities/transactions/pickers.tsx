import type { Account, Category, TransactionType } from '@kopiyka/shared';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useCategories } from '../../api/categories.ts';
import { useTags } from '../../api/tags.ts';
import { OptionList } from '../../components/option-list.tsx';
import { type FieldControlProps, FormField } from '../../components/ui/form-field.tsx';
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

/** What a filter over named items (accounts, tags) says, in the user's language. */
type NamedFilterTexts = {
  label: string;
  placeholder: string;
  /** The summary when more than one is chosen (or none). */
  count: string;
  searchPlaceholder: string;
  /** Shown when there are no items at all. */
  none: string;
  /** Shown when the search matches none. */
  noMatch: string;
};

/** A filter that picks any of some named items, found by a part of their name. */
function NamedFilter({
  id,
  value,
  onChange,
  items,
  texts,
}: FilterProps & {
  /** `detail` is shown beside the name (an account's currency). */
  items: ReadonlyArray<{ id: number; name: string; detail?: string }>;
  texts: (query: string) => NamedFilterTexts;
}) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase();
  const said = texts(query.trim());
  const options = items
    .filter((item) => item.name.toLocaleLowerCase().includes(needle))
    .map((item) => ({ id: item.id, label: item.name, detail: item.detail }));
  const chosen = items.filter((item) => value.includes(item.id));
  return (
    <MultiSelect
      id={id}
      label={said.label}
      placeholder={said.placeholder}
      summary={chosen.length === 1 ? (chosen[0]?.name ?? '') : said.count}
      count={value.length}
      onClear={() => onChange([])}
    >
      <OptionList
        options={options}
        query={query}
        onQueryChange={setQuery}
        selected={value}
        onSelect={(itemId) => onChange(toggle(value, itemId))}
        multiple
        label={said.label}
        searchPlaceholder={said.searchPlaceholder}
        emptyText={items.length === 0 ? said.none : said.noMatch}
      />
    </MultiSelect>
  );
}

export function AccountFilter({ accounts, ...props }: FilterProps & { accounts: readonly Account[] }) {
  const t = useT();
  return (
    <NamedFilter
      {...props}
      items={accounts.map((account) => ({ id: account.id, name: account.name, detail: account.currencyCode }))}
      texts={(query) => ({
        label: t('transactions.filter.accounts'),
        placeholder: t('transactions.picker.allAccounts'),
        count: t('accounts.count', { count: props.value.length }),
        searchPlaceholder: t('transactions.picker.searchAccounts'),
        none: t('sidebar.empty'),
        noMatch: t('transactions.picker.noAccountMatch', { query }),
      })}
    />
  );
}

/** Transactions carrying any of the chosen tags. */
export function TagFilter(props: FilterProps) {
  const tags = useTags().data ?? [];
  const t = useT();
  return (
    <NamedFilter
      {...props}
      items={tags}
      texts={(query) => ({
        label: t('transactions.filter.tags'),
        placeholder: t('transactions.picker.allTags'),
        count: t('transactions.picker.tagsCount', { count: props.value.length }),
        searchPlaceholder: t('transactions.picker.searchTags'),
        none: t('tags.none'),
        noMatch: t('transactions.picker.noTagMatch', { query }),
      })}
    />
  );
}

type CategoryFieldProps = {
  id: string;
  value: number | null;
  onChange: (categoryId: number) => void;
  /** The field's form marks it touched once a category is picked. */
  onBlur: () => void;
  type?: TransactionType;
  error?: string;
};

/** A form's category field: the picker under its label, touched as soon as a category is picked. */
export function CategoryField({ id, value, onChange, onBlur, type, error }: CategoryFieldProps) {
  const t = useT();
  return (
    <FormField id={id} label={t('transaction.field.category')} error={error}>
      {(control) => (
        <CategoryPicker
          {...control}
          value={value}
          type={type}
          onChange={(categoryId) => {
            onChange(categoryId);
            onBlur();
          }}
        />
      )}
    </FormField>
  );
}
