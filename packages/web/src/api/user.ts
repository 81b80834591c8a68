import { type ChangePasswordBody, type DeleteUserBody, endpoints } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { navigateTo } from '../lib/navigation.ts';
import { SIGN_UP_PATH } from '../lib/paths.ts';
import { call } from './client.ts';
import { userKeys } from './query-keys.ts';
import { logout } from './session.ts';

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => call(endpoints.user.get, { signal }),
  });

export function useUser() {
  return useQuery(userQueryOptions());
}

/**
 * Other sessions are signed out; this one stays. A wrong current password answers
 * INVALID_CREDENTIALS, which is the form's to show: the session itself is fine.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(endpoints.auth.changePassword, { body }),
  });
}

/** Revokes every session of the user, this one included, so this device signs out too. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => call(endpoints.auth.logoutAll),
    onSuccess: logout,
  });
}

/** Removes the user and all their data; the session goes with them, and sign-up is where they land. */
export function useDeleteUser() {
  return useMutation({
    mutationFn: (body: DeleteUserBody) => call(endpoints.auth.deleteUser, { body }),
    onSuccess: () => {
      // The ended session leads to sign-in by itself; this navigation comes after it and wins.
      logout();
      navigateTo(SIGN_UP_PATH);
    },
  });
}
