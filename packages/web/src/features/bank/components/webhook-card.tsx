import type { BankUser } from '@kopiyka/shared';
import { useId } from 'react';
import { inlineErrorMessage } from '../../../api/errors.ts';
import { serverFieldErrors } from '../../../api/form-errors.ts';
import { useUpdateMonobankWebhook } from '../../../api/monobank.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { t, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

/** Why the switch cannot be used, when it cannot. */
function unavailableReason(bankUser: BankUser): string | null {
  if (!bankUser.webhookAvailable) {
    return t('bank.webhook.unavailable');
  }
  if (bankUser.tokenState === 'invalid') return t('bank.webhook.tokenFirst');
  return null;
}

/**
 * The webhook: Monobank calls this server with each new transaction, so it shows up at once rather
 * than with the next sync. Monobank checks the address before it agrees, so a refusal is said here.
 */
export function WebhookCard({ bankUser }: { bankUser: BankUser }) {
  const update = useUpdateMonobankWebhook();
  useT();
  const switchId = useId();
  const stateId = useId();
  const reason = unavailableReason(bankUser);

  const submission = useSubmission({
    send: (enabled: boolean) => update.mutateAsync({ clientId: bankUser.clientId, enabled }),
    // Monobank could not reach the address: the server names it on `enabled`.
    failureMessage: (failure) => serverFieldErrors(failure, ['enabled']).enabled ?? inlineErrorMessage(failure),
    onSuccess: (_user, enabled) => notify('success', enabled ? t('bank.webhook.on') : t('bank.webhook.off')),
  });
  const { error } = submission;
  const change = submission.submit;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bank.webhook.title')}</CardTitle>
        <CardDescription>{t('bank.webhook.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <label id={`${switchId}-label`} htmlFor={switchId} className="text-sm font-medium">
              {t('bank.webhook.label')}
            </label>
            <span id={stateId} className="text-sm text-muted-foreground">
              {bankUser.webhookEnabled ? t('bank.webhook.stateOn') : t('bank.webhook.stateOff')}
            </span>
          </div>
          <div className="flex items-center gap-2">
            {update.isPending ? <Spinner className="text-muted-foreground" /> : null}
            <Switch
              id={switchId}
              aria-labelledby={`${switchId}-label`}
              checked={bankUser.webhookEnabled}
              disabled={reason !== null || update.isPending}
              aria-describedby={stateId}
              onCheckedChange={(enabled) => void change(enabled)}
            />
          </div>
        </div>
        {reason ? <p className="text-sm text-muted-foreground">{reason}</p> : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      </CardContent>
    </Card>
  );
}
