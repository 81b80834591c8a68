import { requestHeaders } from './request.ts';

/*
 * GET requests sent as the app starts, before the code that reads their answers has arrived (see
 * app/early-requests.ts): on a cold load that code takes a few hundred milliseconds to come and
 * run, and the server answers meanwhile. The app's first request for the same URL with the same
 * token takes the answer instead of asking again. Light on purpose: the entry holds it.
 */

type EarlyRequest = { token: string; askedAt: number; response: Promise<Response> };

const early = new Map<string, EarlyRequest>();

/** An early answer is taken only this soon after it was asked for; a later request asks anew. */
const EARLY_ANSWER_MS = 10_000;

/**
 * Asks for `urls` now, as the API client would, for its first requests of them to take. At low
 * priority: a browser keeps at most six connections to a server, and the app's code must not queue
 * behind its own requests.
 */
export function sendEarly(urls: readonly string[], token: string): void {
  const headers = requestHeaders(token);
  for (const url of urls) {
    const response = fetch(url, { headers, priority: 'low' });
    // Whoever takes it handles a failure; one nobody takes is dropped quietly.
    response.catch(() => undefined);
    early.set(url, { token, askedAt: performance.now(), response });
  }
}

/**
 * The answer to `url` asked for early with `token`, once: later requests (a refetch) ask anew, as
 * do requests with another token or long after.
 */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const request = early.get(url);
  if (!request) return undefined;
  early.delete(url);
  if (request.token !== token || performance.now() - request.askedAt > EARLY_ANSWER_MS) return undefined;
  return request.response;
}

/** After a write, an early answer may be out of date: none is taken any more. */
export function dropEarlyResponses(): void {
  early.clear();
}
