import { registerBodySchema } from '@kopiyka/shared';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../api/auth.ts';
import { AuthScreen } from '../../components/auth-screen.tsx';
import { NEW_PASSWORD_HINT, USERNAME_HINT } from '../../lib/credential-hints.ts';
import { WELCOME_PATH } from '../../lib/paths.ts';
import { registerErrorFeedback } from './components/auth-errors.ts';
import { CredentialsForm } from './components/credentials-form.tsx';

const HINTS = { username: USERNAME_HINT, password: NEW_PASSWORD_HINT };

export function SignUpPage() {
  const navigate = useNavigate();
  const registerUser = useRegister();

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
      <CredentialsForm
        schema={registerBodySchema}
        hints={HINTS}
        passwordAutoComplete="new-password"
        submitLabel="Create account"
        submittingLabel="Creating your account…"
        send={(body) => registerUser.mutateAsync(body)}
        describeFailure={registerErrorFeedback}
        // SPEC §4: registered and logged in; the base currency is chosen next.
        onSuccess={() => navigate(WELCOME_PATH, { replace: true })}
      />
    </AuthScreen>
  );
}
