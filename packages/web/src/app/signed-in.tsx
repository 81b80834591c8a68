import type { ReactNode } from 'react';
import { useSessionStore } from '../stores/session.ts';
import { AppLoading } from './app-loading.tsx';

/**
 * A page of the signed-in app, shown only while there is a token. When the session ends (a sign-out,
 * a refused token) the page goes in the same render, before the route to sign-in has loaded:
 * nothing on it may ask the server again, with the token gone or revoked, for the cache just cleared.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const signedIn = useSessionStore((state) => state.token !== null);
  return signedIn ? children : <AppLoading />;
}
