import type { Rule } from '@kopiyka/shared';
import { loadFailureText } from '../../../api/errors.ts';
import { useApplyRule, useRuleDryRun } from '../../../api/rules.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';
import { RuleSample } from './rule-sample.tsx';

/**
 * Asks before running a rule over past bank and imported rows: a dry run first says how many it
 * matches and shows the newest of them, then the real run changes them.
 */
export function ApplyRuleDialogContent({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const t = useT();
  const apply = useApplyRule();
  const dryRun = useRuleDryRun(rule.id);

  const run = useSubmission({
    send: () => apply.mutateAsync({ id: rule.id, body: {} }),
    onSuccess: ({ changed }) => {
      notify('success', t('rules.apply.done', { name: rule.name, changed }));
      onClose();
    },
  });

  const counted = dryRun.data;
  let description: string;
  if (dryRun.isError) description = `${t('rules.apply.countFailed')} ${loadFailureText(dryRun.error)}`;
  else if (!counted) description = t('rules.apply.counting');
  else if (counted.matched === 0) description = t('rules.apply.none');
  else description = t('rules.apply.matched', { count: counted.matched });

  return (
    <AlertDialogContent
      title={t('rules.apply.title', { name: rule.name })}
      description={description}
      actions={
        <>
          <AlertDialogCancel asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </AlertDialogCancel>
          <Button onClick={() => void run.submit()} disabled={run.pending || !counted || counted.matched === 0}>
            {run.pending ? <Spinner /> : null}
            {t('rules.apply.confirm')}
          </Button>
        </>
      }
    >
      {counted && counted.sample.length > 0 ? (
        <RuleSample transactions={counted.sample} label={t('rules.apply.sample')} />
      ) : null}
      {run.error ? <ErrorAlert>{run.error}</ErrorAlert> : null}
    </AlertDialogContent>
  );
}
