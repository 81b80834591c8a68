import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginBody } from '@kopiyka/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSubmission } from '../../../api/submission.ts';
import { FormFailure } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';

/** What both credentials forms hold: the login body's two fields. */
type Credentials = LoginBody;

/** Where a failure's messages go: on the fields they concern, or on the whole form. */
export type CredentialsFailure = { fields: Partial<Record<keyof Credentials, string>>; form?: string };

type CredentialsFormProps<Body extends Credentials> = {
  schema: z.ZodType<Body, Credentials>;
  /** The rules a new username and password must meet; none when signing in. */
  hints?: Record<keyof Credentials, string>;
  passwordAutoComplete: 'current-password' | 'new-password';
  submitLabel: string;
  /** The button's text while the form is being sent. */
  submittingLabel: string;
  send: (body: Body) => Promise<unknown>;
  describeFailure: (error: unknown) => CredentialsFailure;
  /** After a send that worked (with what was sent): where to go next. Awaited, so the button stays busy meanwhile. */
  onSuccess: (result: unknown, body: Body) => unknown;
};

/** Username and password, as the signed-out pages ask for them. */
export function CredentialsForm<Body extends Credentials>({
  schema,
  hints,
  passwordAutoComplete,
  submitLabel,
  submittingLabel,
  send,
  describeFailure,
  onSuccess,
}: CredentialsFormProps<Body>) {
  const form = useForm<Credentials, unknown, Body>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const t = useT();
  const submission = useSubmission({
    send,
    failureMessage: (error) => {
      const failure = describeFailure(error);
      for (const [field, message] of Object.entries(failure.fields)) {
        form.setError(field as keyof Credentials, { type: 'server', message }, { shouldFocus: true });
      }
      return failure.form ?? null;
    },
    onSuccess,
  });

  return (
    <form onSubmit={form.handleSubmit(submission.submit)} noValidate className="flex flex-col gap-5">
      <FormField id="username" label={t('auth.username')} hint={hints?.username} error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('username')}
          />
        )}
      </FormField>
      <FormField id="password" label={t('auth.password')} hint={hints?.password} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete={passwordAutoComplete} {...form.register('password')} />}
      </FormField>
      {submission.error ? <FormFailure message={submission.error} unreachable={submission.unreachable} /> : null}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
