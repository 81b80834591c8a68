import { registerBodySchema } from '@kopiyka/shared';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../api/auth.ts';
import { AuthScreen } from '../../entities/settings/auth-screen.tsx';
import { newPasswordHint, usernameHint } from '../../lib/credential-hints.ts';
import { useT } from '../../lib/i18n.ts';
import { WELCOME_PATH } from '../../lib/paths.ts';
import { registerErrorFeedback } from './components/auth-errors.ts';
import { CredentialsForm } from './components/credentials-form.tsx';

export function SignUpPage() {
  const navigate = useNavigate();
  const registerUser = useRegister();
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
    </AuthScreen>
  );
}
