import { loginBodySchema } from '@kopiyka/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../api/auth.ts';
import { AuthScreen } from '../../components/auth-screen.tsx';
import { redirectTarget } from '../../lib/paths.ts';
import { loginErrorMessage } from './components/auth-errors.ts';
import { CredentialsForm } from './components/credentials-form.tsx';

export function SignInPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();

  return (
    <AuthScreen
      title="Welcome back"
      description="Sign in to see your accounts and budgets."
      footer={
        <>
          New to Kopiyka?{' '}
          <Link to="/sign-up" className="font-medium text-primary hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <CredentialsForm
        schema={loginBodySchema}
        passwordAutoComplete="current-password"
        submitLabel="Sign in"
        submittingLabel="Signing in…"
        send={(body) => login.mutateAsync(body)}
        describeFailure={(error) => ({ fields: {}, form: loginErrorMessage(error) })}
        // Waiting for the navigation keeps the button busy while the session loads.
        onSuccess={() => navigate(redirectTarget(searchParams.get('redirect')), { replace: true })}
      />
    </AuthScreen>
  );
}
