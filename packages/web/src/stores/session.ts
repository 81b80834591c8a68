import type { User } from '@kopiyka/shared';
import { create } from 'zustand';
import { queryClient } from '../api/query-client.ts';
import { LATEST_ACCOUNT_REFRESH_DATE_KEY, TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { setDisplayTimeZone } from '../lib/locale.ts';
import { local } from '../lib/storage.ts';
import { useNotificationsStore } from './notifications.ts';

type SessionState = {
  /** The bearer token, mirrored in local storage under `user-token` (SPEC §9). */
  token: string | null;
  user: User | null;
  /** SPEC §4: true after a successful login or a restore from the stored token. */
  isLoggedIn: boolean;
  /**
   * True once the session of the current token is restored: the user here, the base currency and
   * the categories in the query cache.
   */
  initialised: boolean;
  /** Who ended the last session: the person (sign-out), or the server (it refused the token). */
  endedBy: 'person' | 'server' | null;
};

const signedOut: Omit<SessionState, 'token' | 'endedBy'> = {
  user: null,
  isLoggedIn: false,
  initialised: false,
};

export const useSessionStore = create<SessionState>()(() => ({
  ...signedOut,
  token: local.get(TOKEN_STORAGE_KEY),
  endedBy: null,
}));

/** A successful login: keep the token and drop every cached answer of any previous user (SPEC §4). */
export function signIn(token: string): void {
  local.set(TOKEN_STORAGE_KEY, token);
  queryClient.clear();
  useSessionStore.setState({ ...signedOut, token, isLoggedIn: true, endedBy: null });
}

/** The session of the stored token is restored. */
export function completeSessionInit(user: User): void {
  useSessionStore.setState({ user, isLoggedIn: true, initialised: true });
}

/**
 * SPEC §4: clears the token, resets every store and invalidates all cached queries. The last bank
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
