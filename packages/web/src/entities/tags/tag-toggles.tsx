import type { Tag } from '@kopiyka/shared';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { useTags } from '../../api/tags.ts';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';

type TagTogglesProps = {
  tags: readonly Tag[];
  value: readonly number[];
  onChange: (tagIds: number[]) => void;
  /** The id of the text naming the group (a field's label). */
  labelledBy?: string;
  className?: string;
};

/** Every tag of the user as a button that puts it on or takes it off; a link to make tags when there are none. */
export function TagToggles({ tags, value, onChange, labelledBy, className }: TagTogglesProps) {
  const t = useT();
  if (tags.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('tags.none')}{' '}
        <Link to="/settings/tags" className="text-primary underline-offset-4 hover:underline">
          {t('tags.manage')}
        </Link>
      </p>
    );
  }
  return (
    <fieldset aria-labelledby={labelledBy} className={cn('m-0 flex min-w-0 flex-wrap gap-1.5 border-0 p-0', className)}>
      {tags.map((tag) => {
        const on = value.includes(tag.id);
        return (
          <button
            key={tag.id}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((id) => id !== tag.id) : [...value, tag.id])}
            className={cn(
              'inline-flex h-8 max-w-full min-w-0 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
              'focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
              on ? 'border-primary bg-primary/12 text-foreground' : 'border-input hover:bg-accent',
            )}
          >
            {on ? (
              <Check aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
            ) : (
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: tag.color }}
              />
            )}
            <span className="truncate">{tag.name}</span>
          </button>
        );
      })}
    </fieldset>
  );
}

type TagsFieldProps = {
  /** The id its label takes, for the toggles to be named by it. */
  labelId: string;
  value: readonly number[];
  onChange: (tagIds: number[]) => void;
  error?: string;
};

/** A form's tags field: labelled toggles of the user's tags, with the field's error below. */
export function TagsField({ labelId, value, onChange, error }: TagsFieldProps) {
  const tags = useTags();
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium leading-none">
        {t('transaction.field.tags')}
      </span>
      <TagToggles tags={tags.data ?? []} value={value} onChange={onChange} labelledBy={labelId} />
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}
