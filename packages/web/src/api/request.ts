import { API_PREFIX } from '@kopiyka/shared/api';
import { SESSION_ID_HEADER, SESSION_ID_STORAGE_KEY } from '../lib/constants.ts';
import { session } from '../lib/storage.ts';

/*
 * The parts of an API request that need none of the contract's schemas: the app's entry sends
 * requests too (app/early-requests.ts).
 */

type QueryValue = string | number | boolean | Date | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export function buildUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      // Lists travel comma-joined (`1,2,3`); an empty one is no filter at all.
      if (value.length > 0) search.append(key, value.join(','));
      continue;
    }
    // Dates travel as ISO timestamps.
    search.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const query = search.toString();
  return `${API_PREFIX}${path}${query ? `?${query}` : ''}`;
}

/** The headers of every call: what it accepts, the bearer token, and this tab's session id. */
export function requestHeaders(token: string | null, accept = 'application/json'): Headers {
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const sessionId = session.get(SESSION_ID_STORAGE_KEY);
  if (sessionId) headers.set(SESSION_ID_HEADER, sessionId);
  return headers;
}
