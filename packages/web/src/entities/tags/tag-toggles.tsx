import type { Tag } from '@kopiyka/shared';
import { Link } from 'react-router';
import { useTags } from '../../api/tags.ts';
import { ToggleChips } from '../../components/ui/toggle-chips.tsx';
import { useT } from '../../lib/i18n.ts';

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
    <ToggleChips
      choices={tags.map((tag) => ({ value: tag.id, label: tag.name, color: tag.color }))}
      value={value}
      onChange={onChange}
      labelledBy={labelledBy}
      className={className}
    />
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
