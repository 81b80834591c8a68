/** The paths pages link and navigate to; the route table itself is app/router.tsx. */

import { foldUsername } from '@kopiyka/shared/usernames';
import { LEFT_PAGE_STORAGE_KEY } from './constants.ts';
import { session } from './storage.ts';

export const SIGN_IN_PATH = '/sign-in';
export const SIGN_UP_PATH = '/sign-up';
export const WELCOME_PATH = '/welcome';
export const HOME_PATH = '/dashboard';
export const TRANSACTIONS_PATH = '/transactions';
export const RECURRING_PATH = '/recurring';
export const BUDGETS_PATH = '/budgets';
export const IMPORT_PATH = '/import';
export const BANK_SETTINGS_PATH = '/settings/bank';

/**
 * Where to go after sign-in: the `redirect` value when it is a path of this site, else the root.
 * Anything that could leave the site (`//host`, `/\host`, `https://…`) is refused.
 */
export function redirectTarget(value: string | null, origin: string = window.location.origin): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.pathname === SIGN_IN_PATH ? '/' : path;
  } catch {
    return '/';
  }
}

/**
 * Notes that `username`'s session ended on `path` (the sign-in page's `redirect` value), so that
 * signing in leads back there only for them.
 */
export function rememberLeftPage(username: string, path: string): void {
  session.set(LEFT_PAGE_STORAGE_KEY, JSON.stringify({ username, path }));
}

function leftPage(): { username: string; path: string } | null {
  try {
    const left = JSON.parse(session.get(LEFT_PAGE_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof left !== 'object' || left === null) return null;
    const { username, path } = left as Record<string, unknown>;
    return typeof username === 'string' && typeof path === 'string' ? { username, path } : null;
  } catch {
    return null;
  }
}

/** Usernames are told apart under full case folding, as the server does. */
const sameUsername = (one: string, other: string) => foldUsername(one) === foldUsername(other);

/**
 * Where `username` goes once signed in: the `redirect` value (see redirectTarget), unless it is the
 * page another person's session ended on, which is theirs: then the root. A deep link opened while
 * signed out, with no session ended before it, is followed for anyone.
 */
export function afterSignIn(
  redirect: string | null,
  username: string,
  origin: string = window.location.origin,
): string {
  const left = leftPage();
  session.remove(LEFT_PAGE_STORAGE_KEY);
  if (left && left.path === redirect && !sameUsername(left.username, username)) return '/';
  return redirectTarget(redirect, origin);
}

/** The dashboard's address, or the root, which leads a signed-in user there (with no query). */
export const leadsToDashboard = (pathname: string) => pathname === HOME_PATH || pathname === '/';
