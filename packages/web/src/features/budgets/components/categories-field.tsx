import type { FieldControlProps } from '../../../components/ui/form-field.tsx';
import { PickerButton } from '../../../components/ui/picker-button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { CategoryOptions } from '../../../entities/categories/category-options.tsx';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import { CategoryChips } from './category-chips.tsx';

type CategoriesFieldProps = FieldControlProps & {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
};

/** Several categories from the tree, ticked in a searchable list; the chosen ones show as chips under it. */
export function CategoriesField({ value, onChange, onBlur, disabled, ...control }: CategoriesFieldProps) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <Popover onOpenChange={(open) => !open && onBlur?.()}>
        <PopoverTrigger asChild>
          <PickerButton disabled={disabled} {...control}>
            <span className={cn('min-w-0 flex-1 truncate', value.length === 0 && 'text-muted-foreground')}>
              {value.length === 0
                ? t('budget.field.chooseCategories')
                : t('budget.field.categoriesChosen', { count: value.length })}
            </span>
          </PickerButton>
        </PopoverTrigger>
        <PopoverContent aria-label={t('budget.field.categories')}>
          <CategoryOptions
            multiple
            selected={value}
            onSelect={(id) => onChange(value.includes(id) ? value.filter((other) => other !== id) : [...value, id])}
          />
        </PopoverContent>
      </Popover>
      <CategoryChips
        ids={value}
        onRemove={disabled ? undefined : (id) => onChange(value.filter((other) => other !== id))}
      />
    </div>
  );
}
