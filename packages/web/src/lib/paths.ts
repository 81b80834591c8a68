/** The paths pages link and navigate to; the route table itself is app/router.tsx. */

export const SIGN_IN_PATH = '/sign-in';
export const SIGN_UP_PATH = '/sign-up';
export const WELCOME_PATH = '/welcome';
export const HOME_PATH = '/dashboard';
export const TRANSACTIONS_PATH = '/transactions';
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

/** The dashboard's address, or the root, which leads a signed-in user there (with no query). */
export const leadsToDashboard = (pathname: string) => pathname === HOME_PATH || pathname === '/';
