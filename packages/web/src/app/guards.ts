/**
 * Route decisions as plain functions: each returns where to go instead, or null to stay.
 */
import { HOME_PATH, SIGN_IN_PATH, WELCOME_PATH } from '../lib/paths.ts';

/** The sign-in page, remembering the original full path (path and search) to come back to. */
export function signInPath(originalPath: string): string {
  // The root leads home after sign-in anyway, so it needs no redirect value.
  if (originalPath === '/' || originalPath === '') return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ redirect: originalPath })}`;
}

/** Protected routes need a stored token. */
export function protectedRedirect(token: string | null, originalPath: string): string | null {
  return token ? null : signInPath(originalPath);
}

/** Sign-in and sign-up send a signed-in user to the root. */
export function guestRedirect(token: string | null): string | null {
  return token ? '/' : null;
}

/**
 * Once the session is restored: without a base currency everything leads to the welcome page;
 * with one, the root and the welcome page lead home.
 */
export function sessionRedirect(hasBaseCurrency: boolean, pathname: string): string | null {
  if (!hasBaseCurrency) return pathname === WELCOME_PATH ? null : WELCOME_PATH;
  if (pathname === '/' || pathname === WELCOME_PATH) return HOME_PATH;
  return null;
}
