import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText, hasErrorCode } from '../../../api/errors.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Instructions, NewTabLink } from '../../../components/ui/instructions.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { useT } from '../../../lib/i18n.ts';

export const MONOBANK_TOKEN_PAGE = 'https://api.monobank.ua/';

/** A phone (or a tablet held like one): a touch screen, or a screen too narrow for a computer's. */
export const PHONE_QUERY = '(pointer: coarse), (max-width: 639px)';

/**
 * Where a personal token comes from, step by step, and what Kopiyka does with it. The token page
 * shows a QR code for the Monobank app to scan: on a computer the phone scans it; on the phone
 * itself there is nothing to scan, and the page hands over to the app to confirm.
 */
export function TokenInstructions() {
  const t = useT();
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Instructions
      steps={[
        <>
          {t('bank.token.open')} <NewTabLink href={MONOBANK_TOKEN_PAGE}>{new URL(MONOBANK_TOKEN_PAGE).host}</NewTabLink>{' '}
          {phone ? t('bank.token.onThisPhone') : t('bank.token.onThisComputer')}
        </>,
        phone ? t('bank.token.confirmInApp') : t('bank.token.scan'),
        t('bank.token.copy'),
      ]}
      safety={t('bank.token.safety')}
    />
  );
}

type TokenFormProps<Values extends FieldValues, Result> = {
  schema: z.ZodType<Values, Values>;
  field: Path<Values> & string;
  label: string;
  submitLabel: string;
  send: (values: Values) => Promise<Result>;
  onSuccess: (result: Result) => unknown;
  /** Above the field: where the token comes from. */
  children?: ReactNode;
};

/**
 * A pasted Monobank token, checked against the contract before it is sent. Monobank's refusal is
 * said on the field; being throttled or a bank that does not answer, under it, in the server's words.
 */
export function TokenForm<Values extends FieldValues, Result>({
  schema,
  field,
  label,
  submitLabel,
  send,
  onSuccess,
  children,
}: TokenFormProps<Values, Result>) {
  const form: UseFormReturn<Values> = useForm<Values>({ resolver: zodResolver(schema), mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const t = useT();
  const submission = useSubmission({
    send,
    failureMessage: (error) => {
      if (hasErrorCode(error, 'MONOBANK_USER_TOKEN_INVALID')) {
        form.setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
        return null;
      }
      // Said in place even though a toast says it too: the dialog covers the toasts.
      if (hasErrorCode(error, 'TOO_MANY_REQUESTS')) return errorText(error);
      return formFailureMessage(form.setError, error, [field]);
    },
    onSuccess,
  });
  const error = errors[field]?.message;

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={isSubmitting ? t('bank.token.checking') : submitLabel}
      submitting={isSubmitting}
    >
      {children}
      <FormField
        id="monobank-token"
        label={label}
        hint={t('bank.token.hint')}
        error={typeof error === 'string' ? error : undefined}
      >
        {(control) => (
          <PasswordInput
            {...control}
            data-autofocus
            revealLabel={t('bank.token.show')}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('bank.token.placeholder')}
            {...form.register(field)}
          />
        )}
      </FormField>
    </DialogForm>
  );
}
