import { ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCategoryTree } from '../../api/categories.ts';
import { OptionList } from '../../components/option-list.tsx';
import type { FieldControlProps } from '../../components/ui/form-field.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn, plural } from '../../lib/utils.ts';
import { CategoryMark } from '../settings/categories/category-mark.tsx';
import { categoryChoices, filterCategoryTree } from '../settings/categories/category-tree.ts';
import { CategoryChips } from './category-chips.tsx';

type CategoriesFieldProps = FieldControlProps & {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
};

function CategoryOptions({ value, onChange }: Pick<CategoriesFieldProps, 'value' | 'onChange'>) {
  const [query, setQuery] = useState('');
  const { tree, status, reload } = useCategoryTree();
  const options = useMemo(
    () =>
      categoryChoices(filterCategoryTree(tree, query)).map(({ node, depth }) => ({
        id: node.id,
        label: node.name,
        depth,
        mark: <CategoryMark category={node} className="size-6" />,
      })),
    [tree, query],
  );
  if (status === 'error') {
    return (
      <div className="flex flex-col items-center gap-3 px-3 py-6 text-center text-sm text-muted-foreground">
        Categories could not be loaded.
        <RetryButton onRetry={() => void reload()} />
      </div>
    );
  }
  if (status !== 'ready') {
    return (
      <div role="status" className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-muted-foreground">
        <Spinner /> Loading categories…
      </div>
    );
  }
  return (
    <OptionList
      options={options}
      query={query}
      onQueryChange={setQuery}
      selected={value}
      onSelect={(id) => onChange(value.includes(id) ? value.filter((other) => other !== id) : [...value, id])}
      multiple
      label="Categories"
      searchPlaceholder="Search categories"
      emptyText={`No category matches “${query.trim()}”.`}
    />
  );
}

/** Several categories from the tree, ticked in a searchable list; the chosen ones show as chips under it. */
export function CategoriesField({ value, onChange, onBlur, disabled, ...control }: CategoriesFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Popover onOpenChange={(open) => !open && onBlur?.()}>
        <PopoverTrigger asChild>
          <button
            type="button"
            disabled={disabled}
            className={cn(
              'flex h-10 w-full min-w-0 cursor-pointer items-center gap-2 rounded-lg border border-input bg-background px-3 text-left text-base shadow-xs transition-colors md:text-sm',
              'focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
              'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
            )}
            {...control}
          >
            <span className={cn('min-w-0 flex-1 truncate', value.length === 0 && 'text-muted-foreground')}>
              {value.length === 0 ? 'Choose categories' : `${plural(value.length, 'category', 'categories')} chosen`}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </button>
        </PopoverTrigger>
        <PopoverContent aria-label="Categories">
          <CategoryOptions value={value} onChange={onChange} />
        </PopoverContent>
      </Popover>
      <CategoryChips
        ids={value}
        onRemove={disabled ? undefined : (id) => onChange(value.filter((other) => other !== id))}
      />
    </div>
  );
}
