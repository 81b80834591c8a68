/** One day of a provider's rates: what 1 unit of each currency is worth in the provider's pivot. */
export interface ProviderDay {
  /** The provider's own day for these rates (earlier than asked for over weekends and holidays). */
  publishedDate: string;
  perUnit: Record<string, number>;
}

export interface RateProvider {
  /** Stored with every rate it gives. */
  readonly source: string;
  /** Who publishes the rates, for people. */
  readonly name: string;
  /** The currency all its rates are expressed in; worth 1 by definition. */
  readonly pivot: string;
  /** That day's rates, or null when the provider has none for it. Throws RateProviderError. */
  fetchDay(date: string): Promise<ProviderDay | null>;
  /** How long one range request may take; also what all range requests of one caller may take together. */
  readonly rangeTimeoutMs: number;
  /**
   * Every day with rates between `from` and `to` (inclusive), keyed by day: one request for a
   * range instead of one per day. Days the provider publishes nothing for are absent. `budget`
   * aborts the request early when the caller's time is up.
   */
  fetchRange(from: string, to: string, budget?: AbortSignal): Promise<Map<string, Record<string, number>>>;
}

export class RateProviderError extends Error {
  constructor(
    readonly source: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${source}: ${message}`, options);
  }
}

/**
 * bank.gov.ua sits behind Cloudflare, which answers 403 to library default user agents (Node's
 * fetch sends "node"); every request names the app instead.
 */
export const USER_AGENT = 'Kopiyka/1.0 (self-hosted personal finance)';

/** GET a JSON document within the time limit (and the caller's budget); a slow, failing or non-JSON answer is an error. */
export async function fetchJson(
  source: string,
  url: string,
  timeoutMs: number,
  budget?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  const timeout = AbortSignal.timeout(timeoutMs);
  const request = () =>
    fetch(url, {
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
      signal: budget ? AbortSignal.any([timeout, budget]) : timeout,
    });
  try {
    response = await request().catch((error: unknown) => {
      // A kept-alive connection the server closed while this process was busy fails at once on
      // reuse; one fresh attempt (within the same time limit) tells that apart from an outage.
      if (isStaleConnection(error)) return request();
      throw error;
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : `unreachable (${networkReason(error)})`;
    throw new RateProviderError(source, reason, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) throw new RateProviderError(source, `answered ${response.status}`);
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch (error) {
    throw new RateProviderError(source, `answered ${response.status} with something that is not JSON`, {
      cause: error,
    });
  }
}

/** Why fetch could not connect: the system's code (ECONNREFUSED, ENOTFOUND…), else the deepest message. */
function networkReason(error: unknown): string {
  let reason = 'no connection';
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (e !== error && e instanceof Error) reason = e.message;
  }
  return reason;
}

function isStaleConnection(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return true;
  }
  return false;
}
