import type { Rule } from '@kopiyka/shared';
import { useApplyRule } from '../../api/rules.ts';
import { useSubmission } from '../../api/submission.ts';
import { t } from '../../lib/i18n.ts';
import { notify } from '../../stores/notifications.ts';

/** Long enough to read the offer and decide. */
export const OFFER_VISIBLE_MS = 12_000;

/**
 * After a rule was saved: says so, and when the rule matches past rows (a dry run counts them),
 * offers in the same toast to apply it to them. The offer outlives whatever saved the rule (it is
 * a toast), so the call it makes does not depend on a dialog staying open.
 */
export function useApplyOffer(): (rule: Rule, saved: string) => Promise<void> {
  const apply = useApplyRule();
  const run = useSubmission({
    send: (rule: Rule) => apply.mutateAsync({ id: rule.id, body: {} }),
    onSuccess: ({ changed }, rule) => notify('success', t('rules.apply.done', { name: rule.name, changed })),
  });
  return async (rule, saved) => {
    const matched = await apply
      .mutateAsync({ id: rule.id, body: { dryRun: true } })
      .then((result) => result.matched)
      // Not knowing what it would change, the app does not offer to change it.
      .catch(() => 0);
    notify('success', saved, {
      id: `rule-saved-${rule.id}`,
      duration: matched > 0 ? OFFER_VISIBLE_MS : undefined,
      action:
        matched > 0
          ? {
              label: t('rules.apply.offer', { count: matched }),
              run: () =>
                void run.submit(rule).then((refusal) => {
                  if (refusal) notify('error', refusal, { title: t('rules.apply.failed') });
                }),
            }
          : undefined,
    });
  };
}
