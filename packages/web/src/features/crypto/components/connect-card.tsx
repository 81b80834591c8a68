import { zodResolver } from '@hookform/resolvers/zod';
import { BINANCE_KEY_ERRORS, type PutBinanceKeysBody, putBinanceKeysBodySchema } from '@kopiyka/shared';
import { useForm } from 'react-hook-form';
import { useSaveBinanceKeys } from '../../../api/binance.ts';
import { errorText, hasErrorCode } from '../../../api/errors.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Instructions, NewTabLink } from '../../../components/ui/instructions.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

export const BINANCE_API_MANAGEMENT_PAGE = 'https://www.binance.com/en/my/settings/api-management';

const FIELDS = ['apiKey', 'secretKey'] as const;

/** Where a read-only key comes from, step by step, and why read-only. */
function KeyInstructions() {
  const t = useT();
  return (
    <Instructions
      steps={[
        <>
          {t('crypto.connect.stepOpen')}{' '}
          <NewTabLink href={BINANCE_API_MANAGEMENT_PAGE}>{t('crypto.connect.apiManagement')}</NewTabLink>
        </>,
        t('crypto.connect.stepCreate'),
        t('crypto.connect.stepReading'),
        t('crypto.connect.stepCopy'),
      ]}
      safety={t('crypto.connect.safety')}
    />
  );
}

/**
 * The two keys, checked by Binance through the server before they are stored. A missing key or a
 * key Binance refuses is said under its field; a Binance that does not answer, under the form.
 * With `close`, the keys replace the stored ones: the form closes once they are accepted, or on Cancel.
 */
function KeysForm({ close }: { close?: () => void }) {
  const t = useT();
  const replacing = close !== undefined;
  const save = useSaveBinanceKeys();
  const form = useForm<PutBinanceKeysBody>({
    resolver: zodResolver(putBinanceKeysBodySchema),
    mode: 'onTouched',
    defaultValues: { apiKey: '', secretKey: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submission = useSubmission({
    send: (body: PutBinanceKeysBody) => save.mutateAsync(body),
    failureMessage: (error) => {
      const { PUBLIC_KEY_MISSING, SECRET_KEY_MISSING } = BINANCE_KEY_ERRORS;
      if (hasErrorCode(error, PUBLIC_KEY_MISSING, SECRET_KEY_MISSING)) {
        const field = error.code === PUBLIC_KEY_MISSING ? 'apiKey' : 'secretKey';
        form.setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
        return null;
      }
      if (hasErrorCode(error, 'BAD_GATEWAY')) return t('crypto.unreachable');
      return formFailureMessage(form.setError, error, FIELDS);
    },
    onSuccess: () => {
      notify('success', replacing ? t('crypto.replace.done') : t('crypto.connect.done'));
      close?.();
    },
  });

  return (
    <form onSubmit={form.handleSubmit(submission.submit)} noValidate className="flex flex-col gap-5">
      <FormField
        id="binance-api-key"
        label={t('crypto.connect.apiKey')}
        hint={t('crypto.connect.apiKeyHint')}
        error={errors.apiKey?.message}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...form.register('apiKey')}
          />
        )}
      </FormField>
      <FormField
        id="binance-secret-key"
        label={t('crypto.connect.secretKey')}
        hint={t('crypto.connect.secretKeyHint')}
        error={errors.secretKey?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            revealLabel={t('crypto.connect.showSecret')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...form.register('secretKey')}
          />
        )}
      </FormField>
      {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting
            ? t('crypto.connect.checking')
            : replacing
              ? t('crypto.replace.submit')
              : t('crypto.connect.submit')}
        </Button>
        {close ? (
          <Button type="button" variant="outline" onClick={close} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /crypto before any keys: why a read-only key, where to make one, and the form to paste it in.
 * Replacing: the same for new keys, which take the place of `apiKeyMasked` once Binance accepts them.
 */
export function ConnectCard({ replacing }: { replacing?: { apiKeyMasked: string; close: () => void } }) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{replacing ? t('crypto.replace.title') : t('crypto.connect.title')}</CardTitle>
        <CardDescription>
          {replacing
            ? t('crypto.replace.description', { key: replacing.apiKeyMasked })
            : t('crypto.connect.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 md:grid-cols-2">
        <KeyInstructions />
        <KeysForm close={replacing?.close} />
      </CardContent>
    </Card>
  );
}
