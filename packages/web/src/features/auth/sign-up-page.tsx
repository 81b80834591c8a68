import { registerBodySchema } from '@kopiyka/shared';
import { Link, useNavigate } from 'react-router';
import { useRegister, useRegistrationMode } from '../../api/auth.ts';
import { AuthScreen } from '../../entities/settings/auth-screen.tsx';
import { newPasswordHint, usernameHint } from '../../lib/credential-hints.ts';
import { useT } from '../../lib/i18n.ts';
import { WELCOME_PATH } from '../../lib/paths.ts';
import { registerErrorFeedback } from './components/auth-errors.ts';
import { CredentialsForm } from './components/credentials-form.tsx';

export function SignUpPage() {
  const navigate = useNavigate();
  const registerUser = useRegister();
  const registrations = useRegistrationMode();
  const t = useT();

  return (
    <AuthScreen
      title={t('auth.signUp.title')}
      description={t('auth.signUp.description')}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link to="/sign-in" className="font-medium text-primary hover:underline">
            {t('auth.signUp.signIn')}
          </Link>
        </>
      }
    >
      {registrations.data === 'closed' ? (
        <p role="status" className="rounded-lg border bg-muted px-3 py-2.5 text-sm">
          {t('auth.signUp.closed')}
        </p>
      ) : (
        <CredentialsForm
          schema={registerBodySchema}
          hints={{ username: usernameHint(), password: newPasswordHint() }}
          passwordAutoComplete="new-password"
          submitLabel={t('auth.signUp.submit')}
          submittingLabel={t('auth.signUp.submitting')}
          send={(body) => registerUser.mutateAsync(body)}
          describeFailure={registerErrorFeedback}
          // Registered and logged in; the base currency is chosen next.
          onSuccess={() => navigate(WELCOME_PATH, { replace: true })}
        />
      )}
    </AuthScreen>
  );
}
