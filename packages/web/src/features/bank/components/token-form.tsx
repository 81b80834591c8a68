import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText, hasErrorCode } from '../../../api/errors.ts';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useT } from '../../../lib/i18n.ts';
import { formFailureMessage, useSubmission } from '../../../lib/submission.ts';

export const MONOBANK_TOKEN_PAGE = 'https://api.monobank.ua/';

/** Where a personal token comes from, step by step, and what Kopiyka does with it. */
export function TokenInstructions() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 text-sm">
      <ol className="flex flex-col gap-3">
        {[
          <>
            {t('bank.token.open')}{' '}
            <a
              href={MONOBANK_TOKEN_PAGE}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              {new URL(MONOBANK_TOKEN_PAGE).host}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('bank.token.newTab')}</span>
            </a>{' '}
            {t('bank.token.onThisComputer')}
          </>,
          t('bank.token.scan'),
          t('bank.token.copy'),
        ].map((step, index) => (
          <li key={String(index)} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
      <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{t('bank.token.safety')}</span>
      </p>
    </div>
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
