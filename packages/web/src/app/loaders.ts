import { type LoaderFunctionArgs, redirect } from 'react-router';
import { useSessionStore } from '../stores/session.ts';
import { guestRedirect, protectedRedirect, sessionRedirect, signInPath } from './guards.ts';

function originalPath(request: Request): { pathname: string; fullPath: string } {
  const url = new URL(request.url);
  return { pathname: url.pathname, fullPath: `${url.pathname}${url.search}` };
}

/** Protected routes: a stored token, a restored session, and a base currency. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, fullPath } = originalPath(request);
  const toSignIn = protectedRedirect(useSessionStore.getState().token, fullPath);
  if (toSignIn) throw redirect(toSignIn);
  // The API client and the contract's schemas come with the first signed-in page, not the first load.
  const { ensureSession, hasBaseCurrency } = await import('./session.ts');
  try {
    await ensureSession();
  } catch (error) {
    // A refused token has ended the session (whichever call failed first, the others cancelled
    // with the cache): come back here after signing in again.
    if (!useSessionStore.getState().token) throw redirect(signInPath(fullPath));
    throw error;
  }
  if (!useSessionStore.getState().token) throw redirect(signInPath(fullPath));
  const next = sessionRedirect(hasBaseCurrency(), pathname);
  if (next) throw redirect(next);
  return null;
}

/** Sign-in and sign-up are for signed-out visitors only. */
export function guestOnly(): null {
  const to = guestRedirect(useSessionStore.getState().token);
  if (to) throw redirect(to);
  return null;
}

/** A route that only forwards somewhere else, keeping the query string. */
export function forwardTo(path: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${path}${new URL(request.url).search}`);
}

/**
 * The dashboard's figures start loading beside its code and the session restore once there is a
 * token to ask with, not after the session is restored.
 */
export function preloadDashboard({ request }: LoaderFunctionArgs): null {
  if (useSessionStore.getState().token) {
    const { searchParams } = new URL(request.url);
    // Should its code fail to load, the widgets ask for their figures themselves.
    import('../features/dashboard/components/dashboard-context.ts')
      .then(({ prefetchDashboard }) => prefetchDashboard(searchParams))
      .catch(() => undefined);
  }
  return null;
}
