import type { Category } from '@kopiyka/shared';
import { cn } from '../../lib/utils.ts';
import { CATEGORY_ICONS } from './category-look.ts';

/** A category's icon in its colour, or a dot of its colour when it has no icon. */
export function CategoryMark({
  category,
  className,
}: {
  category: Pick<Category, 'color' | 'icon'>;
  className?: string;
}) {
  const Icon = category.icon ? CATEGORY_ICONS[category.icon] : undefined;
  if (!Icon) {
    return (
      <span aria-hidden="true" className={cn('flex size-7 shrink-0 items-center justify-center', className)}>
        <span className="size-3 rounded-full" style={{ backgroundColor: category.color }} />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-7 shrink-0 items-center justify-center rounded-md', className)}
      style={{ backgroundColor: `${category.color}26`, color: category.color }}
    >
      <Icon className="size-4" />
    </span>
  );
}
