import type { User } from '@kopiyka/shared';
import { create } from 'zustand';
import { TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { local } from '../lib/storage.ts';

type SessionState = {
  /** The bearer token, mirrored in local storage under `user-token`. */
  token: string | null;
  user: User | null;
  /** True after a successful login or a restore from the stored token. */
  isLoggedIn: boolean;
  /**
   * True once the session of the current token is restored: the user here, the base currency and
   * the categories in the query cache.
   */
  initialised: boolean;
  /** Who ended the last session: the person (sign-out), or the server (it refused the token). */
  endedBy: 'person' | 'server' | null;
};

export const signedOut: Omit<SessionState, 'token' | 'endedBy'> = {
  user: null,
  isLoggedIn: false,
  initialised: false,
};

export const useSessionStore = create<SessionState>()(() => ({
  ...signedOut,
  token: local.get(TOKEN_STORAGE_KEY),
  endedBy: null,
}));

/** The session of the stored token is restored. */
export function completeSessionInit(user: User): void {
  useSessionStore.setState({ user, isLoggedIn: true, initialised: true });
}
