import { LATEST_ACCOUNT_REFRESH_DATE_KEY, TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { setDisplayTimeZone } from '../lib/locale.ts';
import { local } from '../lib/storage.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { signedOut, useSessionStore } from '../stores/session.ts';
import { queryClient } from './query-client.ts';

// Signing in and out empties the query cache as well as the session store: they live here, above both.

/** A successful login: keep the token and drop every cached answer of any previous user. */
export function signIn(token: string): void {
  local.set(TOKEN_STORAGE_KEY, token);
  queryClient.clear();
  useSessionStore.setState({ ...signedOut, token, isLoggedIn: true, endedBy: null });
}

/**
 * Clears the token, resets every store and invalidates all cached queries. The last bank
 * refresh goes too, so whoever signs in next on this device syncs their bank at once. The theme is
 * left alone: it is a preference of the device, not of the session.
 */
export function logout(endedBy: 'person' | 'server' = 'person'): void {
  local.remove(TOKEN_STORAGE_KEY);
  local.remove(LATEST_ACCOUNT_REFRESH_DATE_KEY);
  queryClient.clear();
  useNotificationsStore.getState().reset();
  // The language stays (the sign-in page speaks it); days are the browser's again.
  setDisplayTimeZone(null);
  useSessionStore.setState({ ...signedOut, token: null, endedBy });
}
