import type { Tag } from '@kopiyka/shared';
import { cn } from '../../lib/utils.ts';

/** A tag's name after a dot of its colour. */
export function TagBadge({ tag, className }: { tag: Pick<Tag, 'name' | 'color'>; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-40 min-w-0 items-center gap-1 rounded-full border px-2 py-px text-xs text-foreground/80',
        className,
      )}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
      <span className="truncate">{tag.name}</span>
    </span>
  );
}

/** The tags a transaction carries, in the order of the user's tags (by name); ids of tags gone are passed over. */
export function TagBadges({
  tagIds,
  tags,
  className,
}: {
  tagIds: readonly number[];
  tags: readonly Tag[];
  className?: string;
}) {
  const carried = tags.filter((tag) => tagIds.includes(tag.id));
  if (carried.length === 0) return null;
  return (
    <span className={cn('flex min-w-0 flex-wrap gap-1', className)}>
      {carried.map((tag) => (
        <TagBadge key={tag.id} tag={tag} />
      ))}
    </span>
  );
}
