import {
  endpoints,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type RegisterResponse,
} from '@kopiyka/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '../lib/locale.ts';
import { useOutboxStore } from '../stores/outbox.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSignOutQuestionStore } from '../stores/sign-out-question.ts';
import { call } from './client.ts';
import { healthKeys } from './query-keys.ts';
import { logout, signIn } from './session.ts';

export function login(body: LoginBody): Promise<LoginResponse> {
  return call(endpoints.auth.login, { body });
}

export function register(body: RegisterBody): Promise<RegisterResponse> {
  return call(endpoints.auth.register, { body });
}

/** Whether this server takes sign-ups (its operator may close them), for the sign-up page to say so up front. */
export function useRegistrationMode() {
  return useQuery({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => call(endpoints.system.health, { signal }),
    select: (health) => health.registrations,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => signIn(token),
  });
}

/**
 * Sign-up registers, then logs in with the same credentials; the new user's time zone is
 * the browser's (register takes only the credentials). A zone the server does not know
 * leaves UTC, changeable in Settings, rather than failing a sign-up that succeeded.
 */
export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await register(body);
      const session = await login(body);
      await call(endpoints.settings.update, { body: { timeZone: browserTimeZone() }, token: session.token }).catch(
        () => undefined,
      );
      return session;
    },
    onSuccess: ({ token }) => signIn(token),
  });
}

/**
 * Ends the session here at once, then asks the server to revoke the token. The revoke is best
 * effort: the token is already forgotten, and it expires on the server anyway.
 */
export function signOut(): void {
  const { token } = useSessionStore.getState();
  logout();
  if (token) call(endpoints.auth.logout, { token }).catch(() => undefined);
}

/**
 * What a sign-out button does: signs out, or first asks when transactions entered without a
 * connection are still only on this device (issue 39), as signing out deletes them.
 */
export function requestSignOut(): void {
  const { user } = useSessionStore.getState();
  const kept = useOutboxStore.getState();
  if (user && kept.owner === user.id && kept.entries.length > 0) useSignOutQuestionStore.setState({ open: true });
  else signOut();
}
