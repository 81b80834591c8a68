/**
 * The personal API's paths, checks and error answers (external-apis.md §1.2, §1.4, §1.7). The emulator
 * decides who is asking and whether they may ask yet; this file decides what they get.
 */
import { type Answer, jsonAnswer } from '../answer.ts';
import type { ClientState } from './client.ts';

/** The longest statement window: 31 days + 1 hour, in seconds. */
export const MAX_STATEMENT_SECONDS = 2_682_000;
/** The most items one statement answer holds. */
export const STATEMENT_PAGE_SIZE = 500;

/** The calls the personal API knows, by the name their rate limit is kept under. */
export type Endpoint = 'client-info' | 'statement' | 'webhook';

export interface PersonalCall {
  endpoint: Endpoint;
  /** Statement only: the path's account, from and (when given) to, as written. */
  account?: string;
  from?: string;
  to?: string;
}

const STATEMENT_PATH = /^\/personal\/statement\/([^/]+)\/([^/]+)(?:\/([^/]+))?\/?$/;

/** Which call a request is, or undefined for a path and method the personal API does not have. */
export function personalCall(method: string, pathname: string): PersonalCall | undefined {
  if (method === 'GET' && pathname === '/personal/client-info') return { endpoint: 'client-info' };
  if (method === 'POST' && pathname === '/personal/webhook') return { endpoint: 'webhook' };
  const statement = method === 'GET' ? STATEMENT_PATH.exec(pathname) : null;
  if (!statement) return undefined;
  const [, account = '', from = '', to] = statement;
  return { endpoint: 'statement', account: decodeURIComponent(account), from, to };
}

export function errorAnswer(status: number, errorDescription: string): Answer {
  return jsonAnswer(status, JSON.stringify({ errorDescription }));
}

/** The real service's error answers. The texts are theirs (§1.7) except where marked. */
export const ERRORS = {
  tooManyRequests: () => errorAnswer(429, 'Too many requests'),
  unknownToken: () => errorAnswer(403, "Unknown 'X-Token'"),
  /** Status 401 is a pick: clients are seen handling both 401 and 403. */
  missingToken: () => errorAnswer(401, "Missing one of required headers 'X-Token' or 'X-Key-Id'"),
  period: () => errorAnswer(400, 'Period must be no more than 31 days'),
  invalidAccount: () => errorAnswer(400, 'Invalid account'),
  /** Text invented: the real text for a `from`/`to` that is not Unix seconds is not known. */
  invalidTime: (name: 'from' | 'to') => errorAnswer(400, `Invalid '${name}' parameter`),
  /** Text invented. */
  invalidWebhookBody: () => errorAnswer(400, 'Invalid request body: expected {"webHookUrl":"..."}'),
  /** The text is the real one; the status is a guess (clients suspect 408). */
  webhookTimeout: () => errorAnswer(408, 'webHookUrl timeout'),
} as const;

/** Unix seconds as a path writes them, or undefined. */
function unixSeconds(value: string): number | undefined {
  return /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

export function clientInfoAnswer(client: ClientState): Answer {
  return jsonAnswer(200, JSON.stringify(client.clientInfo()));
}

/**
 * A statement window: at most 500 items from `to` (default: now) back to `from`, newest first. A client
 * pages by asking again with `to` = the oldest item's time (that item comes again).
 */
export function statementAnswer(client: ClientState, call: PersonalCall, nowSeconds: number): Answer {
  const from = unixSeconds(call.from ?? '');
  if (from === undefined) return ERRORS.invalidTime('from');
  const to = call.to === undefined ? nowSeconds : unixSeconds(call.to);
  if (to === undefined || to < from) return ERRORS.invalidTime('to');
  if (to - from > MAX_STATEMENT_SECONDS) return ERRORS.period();
  const account = client.resolve(call.account ?? '');
  if (!account) return ERRORS.invalidAccount();
  return jsonAnswer(200, JSON.stringify(client.statement(account, from, to, STATEMENT_PAGE_SIZE)));
}

/** The `webHookUrl` of a `POST /personal/webhook` body: a URL, `""` to remove, or undefined when unusable. */
export function webhookUrlOf(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const url = (parsed as { webHookUrl?: unknown }).webHookUrl;
  if (url === '') return '';
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  return /^https?:$/.test(new URL(url).protocol) ? url : undefined;
}
