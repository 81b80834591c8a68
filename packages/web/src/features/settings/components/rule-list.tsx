import type { Rule } from '@kopiyka/shared';
import { ArrowDown, ArrowUp, GripVertical, History, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useUpdateRule } from '../../../api/rules.ts';
import { useSubmission } from '../../../api/submission.ts';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { moveItem, useDragReorder } from '../../../hooks/use-drag-reorder.ts';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import { notify } from '../../../stores/notifications.ts';
import { actionTexts, conditionsText, type RuleNames } from './rule-summary.ts';

type RuleRowProps = {
  rule: Rule;
  index: number;
  count: number;
  names: RuleNames;
  handle: ReturnType<ReturnType<typeof useDragReorder>['handleProps']>;
  item: ReturnType<ReturnType<typeof useDragReorder>['itemProps']>;
  instructionsId: string;
  onMoveTo: (index: number) => void;
  onEdit: (rule: Rule) => void;
  onApply: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

function RuleRow({
  rule,
  index,
  count,
  names,
  handle,
  item,
  instructionsId,
  onMoveTo,
  onEdit,
  onApply,
  onDelete,
}: RuleRowProps) {
  const t = useT();
  const updateRule = useUpdateRule();
  const toggle = useSubmission({
    send: (enabled: boolean) => updateRule.mutateAsync({ id: rule.id, body: { enabled } }),
    onSuccess: (saved) =>
      notify('success', t(saved.enabled ? 'rules.list.on' : 'rules.list.off', { name: saved.name })),
  });
  const name = rule.name;
  return (
    <li
      {...item}
      className={cn(
        'relative flex items-start gap-1 bg-card py-2 pr-1',
        'data-dragging:z-10 data-dragging:rounded-lg data-dragging:shadow-elevated data-dragging:ring-1 data-dragging:ring-border',
      )}
    >
      <button
        type="button"
        {...handle}
        aria-label={t('rules.list.move', { name })}
        aria-describedby={instructionsId}
        className="flex size-10 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground select-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <div className={cn('flex min-w-0 flex-1 flex-col gap-0.5 py-1', !rule.enabled && 'opacity-60')}>
        <button
          type="button"
          onClick={() => onEdit(rule)}
          className="cursor-pointer self-start text-left text-sm font-medium break-words hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {name}
        </button>
        <p className="text-xs break-words text-muted-foreground">{conditionsText(rule, names)}</p>
        <p className="text-xs break-words text-foreground/80">{actionTexts(rule, names).join(' · ')}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1 pt-2">
        <Switch
          checked={rule.enabled}
          disabled={toggle.pending}
          aria-label={t('rules.list.enabled', { name })}
          onCheckedChange={(enabled) =>
            void toggle.submit(enabled).then((refusal) => {
              if (refusal) notify('error', refusal, { title: t('rules.list.toggleFailed') });
            })
          }
        />
        <RowActions label={t('rules.list.actions', { name })}>
          <DropdownMenuItem onSelect={() => onEdit(rule)}>
            <Pencil aria-hidden="true" />
            {t('rules.list.edit')}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index === 0} onSelect={() => onMoveTo(index - 1)}>
            <ArrowUp aria-hidden="true" />
            {t('rules.list.moveUp')}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index === count - 1} onSelect={() => onMoveTo(index + 1)}>
            <ArrowDown aria-hidden="true" />
            {t('rules.list.moveDown')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onApply(rule)}>
            <History aria-hidden="true" />
            {t('rules.list.apply')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => onDelete(rule)}>
            <Trash2 aria-hidden="true" />
            {t('rules.list.delete')}
          </DropdownMenuItem>
        </RowActions>
      </div>
    </li>
  );
}

type RuleListProps = {
  rules: readonly Rule[];
  names: RuleNames;
  /** A rule was put at another place: `ids` is the new order. */
  onMove: (ids: number[], moved: Rule) => void;
  onEdit: (rule: Rule) => void;
  onApply: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

/**
 * The rules in the order they run, each moved by its handle (carried, or with the arrow keys) or
 * from its menu, switched on or off, opened to edit, applied to the past or deleted.
 */
export function RuleList({ rules, names, onMove, onEdit, onApply, onDelete }: RuleListProps) {
  const t = useT();
  const instructionsId = useId();
  const ids = rules.map((rule) => rule.id);
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const move = (order: number[], movedId: number) => {
    const moved = byId.get(movedId);
    if (moved) onMove(order, moved);
  };
  const reorder = useDragReorder(ids, move);
  return (
    <>
      <p id={instructionsId} className="sr-only">
        {t('rules.list.instructions')}
      </p>
      <ol aria-label={t('page.rules')} className="flex flex-col divide-y">
        {reorder.order.map((id, index) => {
          const rule = byId.get(id);
          if (!rule) return null;
          return (
            <RuleRow
              key={id}
              rule={rule}
              index={index}
              count={rules.length}
              names={names}
              handle={reorder.handleProps(id)}
              item={reorder.itemProps(id)}
              instructionsId={instructionsId}
              onMoveTo={(to) => move(moveItem(ids, index, to), id)}
              onEdit={onEdit}
              onApply={onApply}
              onDelete={onDelete}
            />
          );
        })}
      </ol>
    </>
  );
}
