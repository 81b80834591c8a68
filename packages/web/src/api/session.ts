import { LATEST_ACCOUNT_REFRESH_DATE_KEY, OFFLINE_DATA_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { setDisplayTimeZone } from '../lib/locale.ts';
import { local } from '../lib/storage.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { clearOutbox } from '../stores/outbox.ts';
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
 * What was kept for use without a connection goes too (issue 39): the answers always, the
 * transactions waiting to be sent when the person signs out. A session the server ended keeps
 * them for the same person's next sign-in (anyone else's sign-in drops them, app/session.ts).
 */
export function logout(endedBy: 'person' | 'server' = 'person'): void {
  local.remove(TOKEN_STORAGE_KEY);
  local.remove(LATEST_ACCOUNT_REFRESH_DATE_KEY);
  local.remove(OFFLINE_DATA_STORAGE_KEY);
  if (endedBy === 'person') clearOutbox();
  queryClient.clear();
  useNotificationsStore.getState().reset();
  // The language stays (the sign-in page speaks it); days are the browser's again.
  setDisplayTimeZone(null);
  useSessionStore.setState({ ...signedOut, token: null, endedBy });
}
