import type { DailyRates } from './data.ts';

/** A small rate table from a plain object, for exact figures in tests. */
export function table(rows: Record<string, Record<string, number>>): DailyRates {
  return new Map(Object.entries(rows));
}

/** A browser's user agent: bank.gov.ua (and so the emulator) refuses library defaults with 403. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** GET as a browser would. */
export function get(url: string, userAgent = BROWSER_USER_AGENT): Promise<Response> {
  return fetch(url, { headers: { 'user-agent': userAgent } });
}

export async function getJson(url: string): Promise<{ status: number; body: unknown; contentType: string }> {
  const response = await get(url);
  return {
    status: response.status,
    body: await response.json(),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export async function getText(
  url: string,
  userAgent = BROWSER_USER_AGENT,
): Promise<{ status: number; text: string; contentType: string }> {
  const response = await get(url, userAgent);
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
  };
}
