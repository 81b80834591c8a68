import { sendEarly } from '../api/early-responses.ts';
import { buildUrl } from '../api/request.ts';
import { dashboardPeriods, LATEST_RECORDS, UPCOMING_DAYS } from '../features/dashboard/components/dashboard-periods.ts';
import { parseMonth } from '../lib/dates.ts';
import { HOME_PATH, leadsToDashboard } from '../lib/paths.ts';
import { dayKey } from '../lib/periods.ts';

/*
 * A signed-in page's first load asks the server for the session and the page's figures only once
 * its code has come and run: the signed-in chunk, the contract's schemas, the page. Asked for here,
 * as the entry runs, the answers are on their way meanwhile (the API client takes them, see
 * api/early-responses.ts). The paths are the contract's (early-requests.test.ts holds them to
 * endpoints.ts, and a load of the app to taking every answer once).
 */

/** What every signed-in page waits for: the session's restore (app/session.ts). */
const SESSION_PATHS = ['/user', '/user/currencies/base', '/categories', '/user/settings', '/user/currencies'];
/**
 * What the signed-in frame asks for once the session stands: a base currency change. (The bank user
 * waits for the session's user, which says whether there is one to ask for.)
 */
const SHELL_PATHS = ['/user/currencies/base/change'];

/** The dashboard's figures for the month in `search`, as its loader asks for them (prefetchDashboard). */
function dashboardUrls(search: URLSearchParams, today: string): string[] {
  const periods = dashboardPeriods(parseMonth(search.get('month')), today);
  return [
    buildUrl('/accounts'),
    buildUrl('/transactions', { limit: LATEST_RECORDS }),
    buildUrl('/stats/total-balance', { date: periods.balanceDay }),
    buildUrl('/stats/total-balance-change', { ...periods.balanceChange }),
    buildUrl('/stats/balance-history', { ...periods.days }),
    buildUrl('/stats/crypto-balance-history', { ...periods.days }),
    buildUrl('/stats/spendings-by-categories', { ...periods.days }),
    buildUrl('/stats/spendings-by-categories', { ...periods.previousDays }),
    buildUrl('/stats/cash-flow', { ...periods.cashFlow }),
    buildUrl('/recurring/upcoming', { days: UPCOMING_DAYS }),
    buildUrl('/budgets'),
    buildUrl('/account-groups'),
  ];
}

/**
 * The URLs a signed-in load of `location` asks for, most needed first: the session gates every
 * page. Today is the browser's until the user's saved time zone arrives, as for the dashboard's loader.
 */
export function earlyRequestUrls(location: { pathname: string; search: string }, now: Date): string[] {
  const search = new URLSearchParams(location.pathname === HOME_PATH ? location.search : '');
  const dashboard = leadsToDashboard(location.pathname) ? dashboardUrls(search, dayKey(now)) : [];
  return [...SESSION_PATHS.map((path) => buildUrl(path)), ...dashboard, ...SHELL_PATHS.map((path) => buildUrl(path))];
}

/** Sends the early requests of a load of `location` (this one's), with the stored token. */
export function sendEarlyRequests(token: string, location: Location | URL = window.location): void {
  sendEarly(earlyRequestUrls(location, new Date()), token);
}
