import { RULES_MAX, type Rule } from '@kopiyka/shared';
import { Plus, Workflow } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { useCategoryById } from '../../api/categories.ts';
import { inlineErrorMessage, loadFailureText } from '../../api/errors.ts';
import { useDeleteRule, useReorderRules, useRules } from '../../api/rules.ts';
import { useTags } from '../../api/tags.ts';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ConfirmDialogContent } from '../../entities/requests/confirm-dialog.tsx';
import { useT } from '../../lib/i18n.ts';
import { notify } from '../../stores/notifications.ts';
import { ApplyRuleDialogContent } from './components/apply-rule-dialog.tsx';
import { RuleEditorDialog, type RuleEditorTarget } from './components/rule-editor.tsx';
import { RuleList } from './components/rule-list.tsx';
import type { RuleNames } from './components/rule-summary.ts';

/** The names a rule's summary shows for the ids it holds. */
function useRuleNames(): RuleNames {
  const accounts = useAccounts();
  const categoryById = useCategoryById();
  const tags = useTags();
  return useMemo(
    () => ({
      account: (id) => accounts.data?.find((account) => account.id === id)?.name,
      category: (id) => categoryById.get(id)?.name,
      tag: (id) => tags.data?.find((tag) => tag.id === id)?.name,
    }),
    [accounts.data, categoryById, tags.data],
  );
}

function DeleteRuleContent({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const deleteRule = useDeleteRule();
  const t = useT();
  return (
    <ConfirmDialogContent
      title={t('rules.deleteDialog.title', { name: rule.name })}
      description={t('rules.deleteDialog.description')}
      confirmLabel={t('rules.delete')}
      confirmVariant="destructive"
      confirm={() => deleteRule.mutateAsync(rule.id)}
      pending={deleteRule.isPending}
      onConfirmed={() => {
        notify('success', t('rules.deleted', { name: rule.name }));
        onClose();
      }}
    />
  );
}

type Asking = { kind: 'delete' | 'apply'; rule: Rule } | null;

/**
 * Settings → Rules: what sets the category, tags or note of rows arriving from the bank or a file,
 * in the order the rules run (the first that sets a field wins it). Made, edited, reordered,
 * switched on and off, applied to the past and deleted here.
 */
export function RulesSettings() {
  const rules = useRules();
  const names = useRuleNames();
  const t = useT();
  const [editing, setEditing] = useState<RuleEditorTarget | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  // Said to screen readers as the order changes, and when a change is taken back.
  const [announcement, setAnnouncement] = useState('');
  const reorder = useReorderRules((error) => {
    const message = inlineErrorMessage(error);
    notify('error', message ?? t('rules.order.failed'), message ? { title: t('rules.order.failed') } : undefined);
    setAnnouncement(t('rules.order.undone'));
  });
  const full = (rules.data?.length ?? 0) >= RULES_MAX;
  const create = () => setEditing({ mode: 'create' });

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t('page.rules')}</CardTitle>
          <CardDescription>{t('rules.description')}</CardDescription>
        </div>
        {rules.isSuccess && rules.data.length > 0 ? (
          <Button onClick={create} disabled={full} aria-label={t('rules.new')} className="shrink-0">
            <Plus aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t('rules.new')}</span>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {full ? <p className="text-sm text-muted-foreground">{t('rules.full', { max: RULES_MAX })}</p> : null}
        {rules.isSuccess ? (
          rules.data.length === 0 ? (
            <EmptyState
              icon={Workflow}
              title={t('rules.empty.title')}
              description={t('rules.empty.description')}
              action={
                <Button onClick={create}>
                  <Plus aria-hidden="true" className="size-4" />
                  {t('rules.new')}
                </Button>
              }
              className="rounded-lg border border-dashed"
            />
          ) : (
            <RuleList
              rules={rules.data}
              names={names}
              onMove={(ids, moved) => {
                reorder(ids);
                setAnnouncement(
                  t('rules.order.moved', { name: moved.name, position: ids.indexOf(moved.id) + 1, count: ids.length }),
                );
              }}
              onEdit={(rule) => setEditing({ mode: 'edit', rule })}
              onApply={(rule) => setAsking({ kind: 'apply', rule })}
              onDelete={(rule) => setAsking({ kind: 'delete', rule })}
            />
          )
        ) : rules.isError ? (
          <EmptyState
            icon={Workflow}
            title={t('rules.loadError')}
            description={loadFailureText(rules.error)}
            action={<RetryButton onRetry={() => void rules.refetch()} retrying={rules.isFetching} />}
          />
        ) : (
          <div role="status" aria-label={t('rules.loading')} className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-14 w-full" />
            ))}
          </div>
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </CardContent>
      <RuleEditorDialog target={editing} onClose={() => setEditing(null)} />
      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        {asking?.kind === 'delete' ? <DeleteRuleContent rule={asking.rule} onClose={() => setAsking(null)} /> : null}
        {asking?.kind === 'apply' ? (
          <ApplyRuleDialogContent rule={asking.rule} onClose={() => setAsking(null)} />
        ) : null}
      </AlertDialog>
    </Card>
  );
}
