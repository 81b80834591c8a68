/**
 * The Monobank personal API (api.monobank.ua, external-apis.md §1) on one HTTP server: client-info,
 * statements, the webhook with its verification, events and retries; several clients by token, the
 * committed demo client among them; per-token rate limits; and controls for tests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, htmlAnswer, notFoundPage, proxyDownPage } from '../answer.ts';
import { CONTROL_PREFIX, controlAnswer } from '../control.ts';
import { type EmulatorServer, readBody, startServer } from '../http.ts';
import {
  clientInfoAnswer,
  type Endpoint,
  ERRORS,
  type PersonalCall,
  personalCall,
  statementAnswer,
  webhookUrlOf,
} from './api.ts';
import { type AccountSeed, type ClientSeed, ClientState, type ItemSeed, randomId } from './client.ts';
import { monobankControl } from './control.ts';
import { demoClientSeed, demoShiftSeconds } from './data.ts';
import { DEMO_TOKEN } from './generate.ts';
import type { ClientInfo, MonobankAccount, StatementItem } from './types.ts';
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type WebhookCall,
  webhookSender,
} from './webhook.ts';

export const MONOBANK_MODES = ['normal', 'slow', 'down', 'blocked'] as const;
/**
 * - `normal`: answers like the real service.
 * - `slow`: the normal answer, after `slowMs` (the call counts against the rate limit when it arrives).
 * - `down`: 503 with a proxy's HTML error page.
 * - `blocked`: 403 with an HTML "403 Forbidden" page, as the firewall in front of the real service
 *   answers an address it blocks (§1.7) — not JSON.
 */
export type MonobankMode = (typeof MONOBANK_MODES)[number];

/** Which calls of a token share one rate limit: each endpoint its own (the docs), or all of them. */
export type RateLimitScope = 'endpoint' | 'token';

export const DEFAULT_REQUEST_INTERVAL_MS = 60_000;
export const DEFAULT_MONOBANK_SLOW_MS = 10_000;

export interface MonobankEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve the committed demo client under {@link DEMO_TOKEN}. Default true. */
  demo?: boolean;
  /**
   * Move the demo year by whole weeks so that it ends in the week before `now()` at start-up (default), or
   * keep the times as generated (`false`: the year ends 2026-11-24).
   */
  shiftDemo?: boolean;
  /** More clients from the start; `addClient` adds them later. */
  clients?: ClientSeed[];
  /** The clock: a statement's default `to`, new items' times, the demo shift. Default: the real time. */
  now?: () => Date;
  /** The least time between two calls a token makes to one endpoint (see `rateLimitScope`). Default 60 000. */
  requestIntervalMs?: number;
  /** Default `endpoint`: client-info, statement and webhook each have their own limit per token. */
  rateLimitScope?: RateLimitScope;
  /**
   * The monotonic clock (ms) the rate limit counts on. Default `performance.now`; a test holds it
   * still to decide exactly which calls are too soon.
   */
  rateClockMs?: () => number;
  /** Delay of `slow` mode. Default 10 000 ms. */
  slowMs?: number;
  /** How long a webhook receiver may take to answer. Default 5 000 ms. */
  webhookTimeoutMs?: number;
  /** Waits before the retries of a failed event. Default [60 000, 600 000]: three attempts in all. */
  webhookRetryDelaysMs?: readonly number[];
  /** When set, every hold (the data's and new ones) settles by itself this long after start-up or its emission. */
  holdSettleMs?: number;
  /**
   * Serve the test controls over HTTP too, under `/_control/` (for browser tests, which run in
   * another process): see {@link monobankControl}. Off by default: the real service has no such paths.
   */
  controlRoutes?: boolean;
}

/** A new statement item for a client's account; fields as {@link ItemSeed}, `time` defaults to now. */
export type NewItem = Omit<ItemSeed, 'time' | 'balance'> & {
  token: string;
  /** An account or jar id, or `0` (the default: the first account). */
  account?: string;
  time?: number;
};

/** One request the emulator received. */
export interface MonobankRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  /** The X-Token header, when there was one. */
  token?: string;
  /** The status answered (0 while a webhook verification is still under way). */
  status: number;
  at: Date;
}

export interface MonobankEmulator {
  /** `http://host:port`, no trailing slash: the Monobank API base URL. */
  url: string;
  /** The demo client's token (when `demo` is on). */
  demoToken: string;
  /** Adds a client; answers its client-info. Throws for a token in use (or revoked). */
  addClient(seed: ClientSeed): ClientInfo;
  /** The client opens another card (client-info lists it from now on); fields as {@link AccountSeed}. */
  openAccount(token: string, seed?: AccountSeed): MonobankAccount;
  /** A client's current client-info, as the API would answer it, without using up a call. */
  clientInfo(token: string): ClientInfo;
  /** Every item of an account or jar, newest first, without using up a call. */
  statement(token: string, account?: string): StatementItem[];
  /** Adds an item (a purchase, or any item: amounts are signed) at `time` or now, moves balances, posts the webhook. */
  emitPurchase(item: NewItem): StatementItem;
  /** Settles a hold (optionally at a final amount), moves balances and posts the changed item to the webhook. */
  settleHold(id: string, final?: { amount?: number; operationAmount?: number }): StatementItem;
  /** From now on the token answers 403 `Unknown 'X-Token'`; its webhook stops. */
  revokeToken(token: string): void;
  /**
   * The client gets a new token (as when a person makes a new one at api.monobank.ua): the old one
   * answers 403 from now on, the new one (random unless given) has no webhook yet. Answers it.
   */
  reissueToken(token: string, newToken?: string): string;
  setMode(mode: MonobankMode): void;
  /** Requests received, oldest first (every mode, every path). */
  requests(): MonobankRequest[];
  resetRequests(): void;
  /** Calls made to webhook receivers (verifications and events), in the order they finished. */
  webhookCalls(): WebhookCall[];
  resetWebhookCalls(): void;
  /** Forgets when each token last called: the next call of every token is allowed. */
  resetRateLimits(): void;
  /** Stops at once: pending answers, webhook calls and retries are dropped. */
  close(): Promise<void>;
}

const FIREWALL_PAGE =
  '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n</body>\r\n</html>\r\n';
const EMPTY_OK: Answer = { status: 200, headers: {}, body: '' };

export async function startMonobankEmulator(options: MonobankEmulatorOptions = {}): Promise<MonobankEmulator> {
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const requestIntervalMs = options.requestIntervalMs ?? DEFAULT_REQUEST_INTERVAL_MS;
  const scope = options.rateLimitScope ?? 'endpoint';
  const rateClockMs = options.rateClockMs ?? (() => performance.now());
  const slowMs = options.slowMs ?? DEFAULT_MONOBANK_SLOW_MS;

  const clients = new Map<string, ClientState>();
  const revoked = new Set<string>();
  /** When each token (and endpoint) last made a call that counted, by the monotonic clock. */
  const lastCalls = new Map<string, number>();
  let log: MonobankRequest[] = [];
  let mode: MonobankMode = 'normal';

  function tooSoon(token: string, endpoint: Endpoint): boolean {
    if (requestIntervalMs <= 0) return false;
    const key = scope === 'token' ? token : `${token}\n${endpoint}`;
    const moment = rateClockMs();
    const last = lastCalls.get(key);
    if (last !== undefined && moment - last < requestIntervalMs) return true;
    lastCalls.set(key, moment);
    return false;
  }

  async function setWebhook(client: ClientState, req: IncomingMessage): Promise<Answer> {
    const url = webhookUrlOf(await readBody(req));
    if (url === undefined) return ERRORS.invalidWebhookBody();
    if (url !== '' && !(await webhooks.verify(url))) return ERRORS.webhookTimeout();
    client.webHookUrl = url;
    return EMPTY_OK;
  }

  /** The answer of the service itself, behind whatever the mode puts in front of it. */
  async function serviceAnswer(call: PersonalCall, token: string | undefined, req: IncomingMessage): Promise<Answer> {
    if (mode === 'down') return proxyDownPage();
    if (mode === 'blocked') return htmlAnswer(403, FIREWALL_PAGE);
    if (!token) return ERRORS.missingToken();
    const client = clients.get(token);
    if (!client || revoked.has(token)) return ERRORS.unknownToken();
    // A call that gets this far counts, whatever it then answers (a 429 does not).
    if (tooSoon(token, call.endpoint)) return ERRORS.tooManyRequests();
    if (call.endpoint === 'client-info') return clientInfoAnswer(client);
    if (call.endpoint === 'statement') return statementAnswer(client, call, nowSeconds());
    return setWebhook(client, req);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const header = req.headers['x-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const method = req.method ?? 'GET';
    const record: MonobankRequest = { method, path: req.url ?? url.pathname, status: 0, at: now() };
    if (token !== undefined) record.token = token;
    log.push(record);
    const call = personalCall(method, url.pathname);
    const answer =
      options.controlRoutes && url.pathname.startsWith(CONTROL_PREFIX)
        ? controlAnswer(method, url.pathname.slice(CONTROL_PREFIX.length), await readBody(req), (name, input) =>
            monobankControl(emulator, name, input),
          )
        : call
          ? await serviceAnswer(call, token, req)
          : notFoundPage();
    record.status = answer.status;
    if (mode === 'slow') server.answerLater(res, slowMs, () => answer);
    else server.send(res, answer);
  }

  const server: EmulatorServer = await startServer({ host: options.host, port: options.port }, handle);
  const webhooks = webhookSender({
    timeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    later: server.later,
    receives: (client) => !revoked.has(client.token),
  });

  function clientOf(token: string): ClientState {
    const client = clients.get(token);
    if (!client) throw new Error(`No Monobank client has the token ${token}`);
    return client;
  }

  function holder(id: string): ClientState | undefined {
    for (const client of clients.values()) if (client.find(id)) return client;
    return undefined;
  }

  /** Settles a hold and tells the webhook; undefined when the item is gone or settled already. */
  function settle(id: string, final: { amount?: number; operationAmount?: number } = {}): StatementItem | undefined {
    const client = holder(id);
    const found = client?.find(id);
    if (!client || !found?.item.hold) return undefined;
    const item = client.settle(id, final)!;
    webhooks.deliver(client, found.account, item);
    return item;
  }

  function settleLater(id: string): void {
    if (options.holdSettleMs !== undefined) server.later(options.holdSettleMs, () => settle(id));
  }

  function addClient(seed: ClientSeed): ClientInfo {
    if (clients.has(seed.token)) throw new Error(`A Monobank client with the token ${seed.token} exists already`);
    const client = new ClientState(seed);
    clients.set(seed.token, client);
    for (const id of client.openHolds()) settleLater(id);
    return client.clientInfo();
  }

  if (options.demo ?? true) {
    const shift = (options.shiftDemo ?? true) ? demoShiftSeconds(now()) : 0;
    addClient(demoClientSeed(shift));
  }
  for (const seed of options.clients ?? []) addClient(seed);

  const emulator: MonobankEmulator = {
    url: server.url,
    demoToken: DEMO_TOKEN,
    addClient,
    clientInfo: (token) => clientOf(token).clientInfo(),
    openAccount: (token, seed = {}) => clientOf(token).openAccount(seed),
    statement(token, account = '0') {
      const client = clientOf(token);
      const id = client.resolve(account);
      if (!id) throw new Error(`The client of ${token} has no account or jar ${account}`);
      return client.statement(id, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    },
    emitPurchase({ token, account = '0', time, ...fields }) {
      const client = clientOf(token);
      const id = client.resolve(account);
      if (!id) throw new Error(`The client of ${token} has no account or jar ${account}`);
      const item = client.add(id, { ...fields, time: time ?? nowSeconds() });
      webhooks.deliver(client, id, item);
      if (item.hold) settleLater(item.id);
      return item;
    },
    settleHold(id, final) {
      const item = settle(id, final);
      if (!item) throw new Error(`No statement item ${id} is on hold`);
      return item;
    },
    revokeToken(token) {
      clientOf(token).webHookUrl = '';
      revoked.add(token);
    },
    reissueToken(token, newToken = `u${randomId(43)}`) {
      const client = clientOf(token);
      if (clients.has(newToken) || revoked.has(newToken)) throw new Error(`The token ${newToken} is in use already`);
      client.webHookUrl = '';
      revoked.add(token);
      clients.delete(token);
      client.token = newToken;
      clients.set(newToken, client);
      return newToken;
    },
    setMode(next) {
      if (!MONOBANK_MODES.includes(next)) throw new Error(`Unknown Monobank emulator mode: ${next}`);
      mode = next;
    },
    requests: () => log.map((record) => ({ ...record, at: new Date(record.at) })),
    resetRequests() {
      log = [];
    },
    webhookCalls: () => webhooks.calls(),
    resetWebhookCalls: () => webhooks.resetCalls(),
    resetRateLimits() {
      lastCalls.clear();
    },
    close() {
      webhooks.close();
      return server.close();
    },
  };
  return emulator;
}
