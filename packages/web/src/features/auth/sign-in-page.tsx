import { loginBodySchema } from '@kopiyka/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../api/auth.ts';
import { AuthScreen } from '../../entities/settings/auth-screen.tsx';
import { useT } from '../../lib/i18n.ts';
import { afterSignIn } from '../../lib/paths.ts';
import { loginErrorMessage } from './components/auth-errors.ts';
import { CredentialsForm } from './components/credentials-form.tsx';

export function SignInPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const t = useT();

  return (
    <AuthScreen
      title={t('auth.signIn.title')}
      description={t('auth.signIn.description')}
      footer={
        <>
          {t('auth.signIn.newHere')}{' '}
          <Link to="/sign-up" className="font-medium text-primary hover:underline">
            {t('auth.signIn.createAccount')}
          </Link>
        </>
      }
    >
      <CredentialsForm
        schema={loginBodySchema}
        passwordAutoComplete="current-password"
        submitLabel={t('auth.signIn.submit')}
        submittingLabel={t('auth.signIn.submitting')}
        send={(body) => login.mutateAsync(body)}
        describeFailure={(error) => ({ fields: {}, form: loginErrorMessage(error) })}
        // Waiting for the navigation keeps the button busy while the session loads.
        onSuccess={(_, { username }) =>
          navigate(afterSignIn(searchParams.get('redirect'), username), { replace: true })
        }
      />
    </AuthScreen>
  );
}
