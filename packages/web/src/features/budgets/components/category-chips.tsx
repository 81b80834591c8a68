import type { Category } from '@kopiyka/shared';
import { X } from 'lucide-react';
import { useCategories } from '../../../api/categories.ts';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';

type CategoryChipsProps = {
  ids: readonly number[];
  /** With it, each chip has a button that takes it off. */
  onRemove?: (id: number) => void;
  className?: string;
};

/** Categories as small labels, each with a dot of its colour. Ids of deleted categories are skipped. */
export function CategoryChips({ ids, onRemove, className }: CategoryChipsProps) {
  const categories = useCategories();
  const t = useT();
  const chosen = ids.flatMap((id) => categories.find((category) => category.id === id) ?? []);
  if (chosen.length === 0) return null;
  return (
    <ul aria-label={t('budget.field.categories')} className={cn('flex flex-wrap gap-1.5', className)}>
      {chosen.map((category) => (
        <CategoryChip key={category.id} category={category} onRemove={onRemove} />
      ))}
    </ul>
  );
}

function CategoryChip({ category, onRemove }: { category: Category; onRemove?: (id: number) => void }) {
  const t = useT();
  return (
    <li
      className="inline-flex max-w-full items-center gap-1.5 rounded-full border py-0.5 pr-2.5 pl-2 text-xs font-medium"
      style={{ backgroundColor: `${category.color}14` }}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
      <span className="truncate">{category.name}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={() => onRemove(category.id)}
          aria-label={t('budget.field.removeCategory', { name: category.name })}
          className="-mr-1 flex size-4 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X aria-hidden="true" className="size-3" />
        </button>
      ) : null}
    </li>
  );
}
