/** One day of a provider's rates: what 1 unit of each currency is worth in the provider's pivot. */
export interface ProviderDay {
  /** The provider's own day for these rates (earlier than asked for over weekends and holidays). */
  publishedDate: string;
  perUnit: Record<string, number>;
}

export interface RateProvider {
  /** Stored with every rate it gives. */
  readonly source: string;
  /** The currency all its rates are expressed in; worth 1 by definition. */
  readonly pivot: string;
  /** That day's rates, or null when the provider has none for it. Throws RateProviderError. */
  fetchDay(date: string): Promise<ProviderDay | null>;
  /**
   * Every day with rates between `from` and `to` (inclusive), keyed by day: one request for a
   * range instead of one per day. Days the provider publishes nothing for are absent.
   */
  fetchRange(from: string, to: string): Promise<Map<string, Record<string, number>>>;
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

/** Some providers sit behind bot protection that refuses library default user agents. */
export const USER_AGENT = 'Kopiyka/1.0 (self-hosted personal finance)';

/** GET a JSON document within the time limit; a slow, failing or non-JSON answer is an error. */
export async function fetchJson(
  source: string,
  url: string,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
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
