/** The web app's fixed values (storage keys, timings, sizes), in one place. */

/** Local storage: the session token. */
export const TOKEN_STORAGE_KEY = 'user-token';
/** Local storage: when bank accounts were last refreshed. */
export const LATEST_ACCOUNT_REFRESH_DATE_KEY = 'latest-account-refresh-date';
/** Local storage: the chosen theme, `dark` or `light`. */
export const THEME_STORAGE_KEY = 'preferred-theme';
/** Local storage: the interface's language, `en` or `uk` (issue 16; the key is our choice, after the theme's). */
export const LOCALE_STORAGE_KEY = 'preferred-locale';
/**
 * Session storage: the page a session ended on and whose it was, `{"username","path"}`, so only that
 * person is led back to it (issue 34; the key is our choice).
 */
export const LEFT_PAGE_STORAGE_KEY = 'left-page';
/**
 * Local storage: what the signed-in person last saw (the answers of the pages they read), to show
 * without a connection; whose it is and as of when beside it (issue 39; the key is our choice).
 */
export const OFFLINE_DATA_STORAGE_KEY = 'offline-data';
/**
 * Local storage: transactions entered without a connection, waiting to be sent, each with its
 * `Idempotency-Key`, and whose they are (issue 39; the key is our choice).
 */
export const OUTBOX_STORAGE_KEY = 'outbox';
/** Session storage: the id the server hands out in `X-Session-ID` (the key is our choice). */
export const SESSION_ID_STORAGE_KEY = 'session-id';

export const SESSION_ID_HEADER = 'X-Session-ID';

/** Toasts hide after this long unless the caller says otherwise. */
export const NOTIFICATION_VISIBILITY_MS = 4000;
/** Toast width in CSS pixels. */
export const TOAST_WIDTH_PX = 370;

/** The financial sync may run once the last bank account refresh is older than this. */
export const FINANCIAL_SYNC_AFTER_MS = 30 * 60_000;
/** How often the app asks itself whether the financial sync is due. */
export const FINANCIAL_SYNC_CHECK_MS = 5000;

/** Account data never goes stale by itself; the calls that change it invalidate it. */
export const ACCOUNT_DATA_STALE_TIME = Number.POSITIVE_INFINITY;

/** iOS devices get the viewport zoom locked at this scale. */
export const IOS_MAXIMUM_SCALE = '1.0';
