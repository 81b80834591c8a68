import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  type RegisterBody,
  registerBodySchema,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@kopiyka/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useRegister } from '../../api/auth.ts';
import { WELCOME_PATH } from '../../app/guards.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { registerErrorFeedback } from './auth-errors.ts';
import { AuthScreen } from './auth-screen.tsx';

const USERNAME_HINT = `${USERNAME_MIN}–${USERNAME_MAX} characters: letters, digits, “.”, “_” or “-”.`;
const PASSWORD_HINT = `${PASSWORD_MIN}–${PASSWORD_MAX} characters.`;

export function SignUpPage() {
  const navigate = useNavigate();
  const registerUser = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof registerBodySchema>, unknown, RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerUser.mutateAsync(values);
    } catch (error) {
      const feedback = registerErrorFeedback(error);
      for (const [field, message] of Object.entries(feedback.fields)) {
        form.setError(field as keyof RegisterBody, { type: 'server', message }, { shouldFocus: true });
      }
      setFormError(feedback.form ?? null);
      return;
    }
    // SPEC §4: registered and logged in; the base currency is chosen next.
    await navigate(WELCOME_PATH, { replace: true });
  });

  return (
    <AuthScreen
      title="Create your account"
      description="Track accounts, spending and budgets in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormField id="username" label="Username" hint={USERNAME_HINT} error={errors.username?.message}>
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
        <FormField id="password" label="Password" hint={PASSWORD_HINT} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
    </AuthScreen>
  );
}
