/**
 * Monobank's personal API (external-apis.md §1): client-info, statements and the webhook, over
 * HTTP with the personal token in `X-Token`. Only HTTP and shapes live here; when a call may go
 * out (one a minute per token and endpoint) is the caller's business (modules/monobank).
 */
import { type MonobankStatementItem, monobankStatementItemSchema } from '@kopiyka/shared';
import { z } from 'zod';
import { USER_AGENT } from '../rates/provider.ts';

/** How long one call may take; a statement of 500 items can be slow on a bad day. */
const TIMEOUT_MS = 20_000;

const monobankAccountSchema = z.object({
  id: z.string().min(1).max(128),
  balance: z.number().int(),
  creditLimit: z.number().int(),
  type: z.string().max(32),
  currencyCode: z.number().int(),
  maskedPan: z.array(z.string().max(32)).default([]),
  iban: z.string().max(64).optional(),
});
export type MonobankCard = z.infer<typeof monobankAccountSchema>;

const monobankJarSchema = z.object({
  id: z.string().min(1).max(128),
  title: z.string().max(200),
  currencyCode: z.number().int(),
  balance: z.number().int(),
  goal: z.number().int().nullish(),
});
export type MonobankJar = z.infer<typeof monobankJarSchema>;

const clientInfoSchema = z.object({
  clientId: z.string().min(1).max(64),
  name: z.string().max(200),
  webHookUrl: z.string().default(''),
  accounts: z.array(monobankAccountSchema).default([]),
  // Older clients have no jars (external-apis.md §1.3).
  jars: z
    .array(monobankJarSchema)
    .nullish()
    .transform((jars) => jars ?? []),
});
export type MonobankClientInfo = z.infer<typeof clientInfoSchema>;

/**
 * Why a call failed, by what the caller must do about it:
 * - `token`: Monobank does not know the token (revoked or mistyped): ask for a new one;
 * - `rate-limit`: too soon after the last call of this token: wait the interval and ask again;
 * - `rejected`: the call itself was refused (a 400: a closed account, a bad window, a webhook
 *   address Monobank could not verify), `description` says why;
 * - `unavailable`: no usable answer (down, blocked, slow, not JSON): try again later.
 */
export type MonobankFailure = 'token' | 'rate-limit' | 'rejected' | 'unavailable';

export class MonobankError extends Error {
  constructor(
    readonly failure: MonobankFailure,
    /** Monobank's own text when it gave one (never the token). */
    readonly description: string,
    readonly status?: number,
  ) {
    super(`Monobank: ${description}`);
  }
}

export interface MonobankClient {
  clientInfo(token: string): Promise<MonobankClientInfo>;
  /** Items of an account or jar between two Unix seconds (both included), newest first, at most 500. */
  statement(token: string, account: string, from: number, to: number): Promise<MonobankStatementItem[]>;
  /** Sets the webhook (Monobank first checks the address with a GET); an empty URL removes it. */
  setWebhook(token: string, url: string): Promise<void>;
}

export function createMonobankClient(baseUrl: string): MonobankClient {
  async function request(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'user-agent': USER_AGENT,
          'x-token': token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new MonobankError('unavailable', timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : 'unreachable');
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      // A firewall's or proxy's HTML page (external-apis.md §1.7): not Monobank's own answer.
      throw new MonobankError(
        'unavailable',
        `answered ${response.status} with a page that is not JSON`,
        response.status,
      );
    }
    if (response.ok) return parsed;
    const description = errorDescription(parsed) ?? `answered ${response.status}`;
    // Branch on the status, not the text (Monobank's own advice); 401 and 403 are both seen for a bad token.
    if (response.status === 401 || response.status === 403)
      throw new MonobankError('token', description, response.status);
    if (response.status === 429) throw new MonobankError('rate-limit', description, 429);
    if (response.status >= 400 && response.status < 500) {
      throw new MonobankError('rejected', description, response.status);
    }
    throw new MonobankError('unavailable', description, response.status);
  }

  function shaped<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new MonobankError('unavailable', `answered ${what} in a shape not understood`);
    return parsed.data;
  }

  return {
    async clientInfo(token) {
      return shaped(clientInfoSchema, await request(token, 'GET', '/personal/client-info'), 'client-info');
    },
    async statement(token, account, from, to) {
      const path = `/personal/statement/${encodeURIComponent(account)}/${from}/${to}`;
      return shaped(z.array(monobankStatementItemSchema), await request(token, 'GET', path), 'a statement');
    },
    async setWebhook(token, url) {
      await request(token, 'POST', '/personal/webhook', { webHookUrl: url });
    },
  };
}

function errorDescription(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const text = (body as { errorDescription?: unknown }).errorDescription;
  return typeof text === 'string' && text.length > 0 ? text.slice(0, 300) : undefined;
}
