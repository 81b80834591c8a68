/**
 * Binance's spot and wallet REST API for a balances view (external-apis.md §2) on one HTTP server:
 * server time, prices and daily candles, the account, its daily snapshots of the last month and its
 * Simple Earn positions, the key's restrictions; every signed
 * call verified as Binance does (API key, timestamp within recvWindow, HMAC-SHA256 signature); request
 * weights per IP per minute with 429; several accounts by API key, the demo ones among them; and
 * controls for tests (outages, clock skew, lower limits, prices, holdings).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, notFoundPage, proxyDownPage } from '../answer.ts';
import { CONTROL_PREFIX, controlAnswer } from '../control.ts';
import { type EmulatorServer, readBody, startServer } from '../http.ts';
import { BinanceAccount, type BinanceAccountSeed, type Holdings, KEY_FORMAT } from './account.ts';
import { CALLS, type Call, DEFAULT_WEIGHT_LIMITS, ERRORS, type Limiter, WEIGHT_HEADERS } from './api.ts';
import { binanceControl } from './control.ts';
import {
  DEFAULT_PRICES,
  DEMO_BINANCE_KEYS,
  demoAccountSeed,
  TRADING_BINANCE_KEYS,
  tradingAccountSeed,
} from './data.ts';
import { signatureMatches, signatureOf, signedPayload } from './signing.ts';

export const BINANCE_MODES = ['normal', 'slow', 'down', 'error', 'unreachable'] as const;
/**
 * - `normal`: answers like the real service.
 * - `slow`: the normal answer after `slowMs`.
 * - `down`: 503 with a proxy's HTML error page (the service behind it is gone).
 * - `error`: 503 `{"code":-1001,…}`, as Binance answers when its own side fails.
 * - `unreachable`: the connection is dropped without an answer.
 * Only `normal` and `slow` count request weight.
 */
export type BinanceMode = (typeof BINANCE_MODES)[number];

export const DEFAULT_BINANCE_SLOW_MS = 10_000;
/** The default and the largest `recvWindow`, in ms. */
export const DEFAULT_RECV_WINDOW_MS = 5_000;
export const MAX_RECV_WINDOW_MS = 60_000;

export interface BinanceEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve the demo accounts under {@link DEMO_BINANCE_KEYS} and {@link TRADING_BINANCE_KEYS}. Default true. */
  demo?: boolean;
  /** More accounts from the start; `addAccount` adds them later. */
  accounts?: BinanceAccountSeed[];
  /** Prices by symbol (`"BTCUSDT": "96250.01"`). Default {@link DEFAULT_PRICES}. */
  prices?: Record<string, string>;
  /** The clock the server's own time follows (before any skew). Default: the real time. */
  now?: () => Date;
  /** Request weight allowed per IP per minute. Default 6000 for `/api`, 12 000 for `/sapi`. */
  weightLimits?: Partial<Record<Limiter, number>>;
  /** Delay of `slow` mode. Default 10 000 ms. */
  slowMs?: number;
  /**
   * Serve the test controls over HTTP too, under `/_control/` (for tests in another process): see
   * {@link binanceControl}. Off by default: the real service has no such paths.
   */
  controlRoutes?: boolean;
}

/** One request the emulator received. */
export interface BinanceRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  /** The X-MBX-APIKEY header, when there was one. */
  apiKey?: string;
  status: number;
  /** The request weight it counted (0 when it counted none). */
  weight: number;
  at: Date;
}

export interface BinanceEmulator {
  /** `http://host:port`, no trailing slash: the Binance API base URL (`BINANCE_API_URL`). */
  url: string;
  /** The read-only demo key pair. */
  demoKeys: typeof DEMO_BINANCE_KEYS;
  /** The demo key pair that may trade. */
  tradingKeys: typeof TRADING_BINANCE_KEYS;
  /** Adds an account; throws for malformed keys or an API key in use. */
  addAccount(seed: BinanceAccountSeed): void;
  /** Replaces an account's balances and/or Earn positions (the parts given). */
  setHoldings(apiKey: string, holdings: Holdings): void;
  /** From now on the key answers -2015 (as when its owner deletes it on Binance). */
  revokeKey(apiKey: string): void;
  /** Sets a symbol's price, or removes the symbol (`null`). */
  setPrice(symbol: string, price: string | null): void;
  setMode(mode: BinanceMode): void;
  /** Moves the server's clock by `ms` from the `now` it follows (positive: Binance is ahead). */
  setClockSkew(ms: number): void;
  /** The server's time, in ms, as `/api/v3/time` answers it. */
  serverTime(): number;
  /** Lowers (or raises) the weight allowed per IP per minute. */
  setWeightLimits(limits: Partial<Record<Limiter, number>>): void;
  /** Forgets the weight used so far this minute. */
  resetWeights(): void;
  /** Requests received, oldest first (every mode, every path). */
  requests(): BinanceRequest[];
  resetRequests(): void;
  /** Stops at once: pending answers are dropped. */
  close(): Promise<void>;
}

/** The weight an IP has used in the current minute of the server's clock. */
interface WeightWindow {
  minute: number;
  used: Record<Limiter, number>;
}

export async function startBinanceEmulator(options: BinanceEmulatorOptions = {}): Promise<BinanceEmulator> {
  const now = options.now ?? (() => new Date());
  const slowMs = options.slowMs ?? DEFAULT_BINANCE_SLOW_MS;
  const limits = { ...DEFAULT_WEIGHT_LIMITS, ...options.weightLimits };
  const prices = new Map(Object.entries(options.prices ?? DEFAULT_PRICES));
  const accounts = new Map<string, BinanceAccount>();
  const revoked = new Set<string>();
  const windows = new Map<string, WeightWindow>();
  let skewMs = 0;
  let mode: BinanceMode = 'normal';
  let log: BinanceRequest[] = [];

  const serverTime = () => now().getTime() + skewMs;

  /** Counts a call's weight for its IP; answers the weight now used. */
  function countWeight(ip: string, limiter: Limiter, weight: number): number {
    const minute = Math.floor(serverTime() / 60_000);
    let window = windows.get(ip);
    if (!window || window.minute !== minute) {
      window = { minute, used: { api: 0, sapi: 0 } };
      windows.set(ip, window);
    }
    window.used[limiter] += weight;
    return window.used[limiter];
  }

  /** The caller's account when a signed call passes Binance's checks, in Binance's order; else the error. */
  function authenticate(
    apiKey: string | undefined,
    params: URLSearchParams,
    raw: { query: string; body: string; bodyParams: URLSearchParams; queryParams: URLSearchParams },
  ): BinanceAccount | Answer {
    if (!apiKey || !KEY_FORMAT.test(apiKey)) return ERRORS.badApiKeyFormat();
    const account = accounts.get(apiKey);
    if (!account || revoked.has(apiKey)) return ERRORS.rejectedKey();
    const timestamp = params.get('timestamp') ?? '';
    if (!/^\d{1,20}$/.test(timestamp)) return ERRORS.mandatory('timestamp');
    const recvWindowParam = params.get('recvWindow');
    if (recvWindowParam !== null && !/^\d{1,20}(\.\d{1,3})?$/.test(recvWindowParam)) {
      return ERRORS.mandatory('recvWindow');
    }
    const recvWindow = recvWindowParam === null ? DEFAULT_RECV_WINDOW_MS : Number(recvWindowParam);
    if (recvWindow > MAX_RECV_WINDOW_MS) return ERRORS.badRecvWindow();
    // Sixteen digits are microseconds.
    const sentAt = timestamp.length >= 16 ? Number(timestamp) / 1000 : Number(timestamp);
    const time = serverTime();
    if (sentAt >= time + 1000) return ERRORS.aheadOfServer();
    if (time - sentAt > recvWindow) return ERRORS.outsideRecvWindow();
    const signature = signatureOf(raw.queryParams, raw.bodyParams);
    if (!signature) return ERRORS.mandatory('signature');
    if (!signatureMatches(account.secretKey, signedPayload(raw.query, raw.body), signature)) {
      return ERRORS.invalidSignature();
    }
    return account;
  }

  /** The answer to a known call in `normal` or `slow` mode, and the weight it counted. */
  async function callAnswer(call: Call, req: IncomingMessage, url: URL): Promise<{ answer: Answer; weight: number }> {
    const rawQuery = url.search.slice(1);
    const rawBody = await readBody(req);
    const queryParams = new URLSearchParams(rawQuery);
    const bodyParams = new URLSearchParams(rawBody);
    const params = new URLSearchParams(bodyParams);
    for (const name of new Set(queryParams.keys())) params.set(name, queryParams.get(name) ?? '');

    const weight = call.weight(params);
    const used = countWeight(req.socket.remoteAddress ?? '', call.limiter, weight);
    const headers: Record<string, string> = { [WEIGHT_HEADERS[call.limiter]]: String(used) };
    if (call.limiter === 'api') headers['x-mbx-used-weight'] = String(used);
    const withWeight = (answer: Answer) => ({
      answer: { ...answer, headers: { ...answer.headers, ...headers } },
      weight,
    });

    if (used > limits[call.limiter]) {
      const retryAfter = Math.ceil((60_000 - (serverTime() % 60_000)) / 1000);
      const answer = ERRORS.tooMuchWeight(limits[call.limiter]);
      return withWeight({ ...answer, headers: { ...answer.headers, 'retry-after': String(retryAfter) } });
    }
    const header = req.headers['x-mbx-apikey'];
    let account: BinanceAccount | undefined;
    if (call.signed) {
      const checked = authenticate(Array.isArray(header) ? header[0] : header, params, {
        query: rawQuery,
        body: rawBody,
        queryParams,
        bodyParams,
      });
      if (!(checked instanceof BinanceAccount)) return withWeight(checked);
      account = checked;
    }
    return withWeight(call.answer({ params, account, serverTime: serverTime(), prices }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const header = req.headers['x-mbx-apikey'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    const record: BinanceRequest = { method, path: req.url ?? url.pathname, status: 0, weight: 0, at: now() };
    if (apiKey !== undefined) record.apiKey = apiKey;
    log.push(record);

    if (options.controlRoutes && url.pathname.startsWith(CONTROL_PREFIX)) {
      const answer = controlAnswer(
        method,
        url.pathname.slice(CONTROL_PREFIX.length),
        await readBody(req),
        (name, input) => binanceControl(emulator, name, input),
      );
      record.status = answer.status;
      server.send(res, answer);
      return;
    }
    if (mode === 'unreachable') {
      req.socket.destroy();
      return;
    }
    const call = CALLS.get(`${method} ${url.pathname}`);
    let answer: Answer;
    if (mode === 'down') answer = proxyDownPage();
    else if (mode === 'error') answer = ERRORS.internal();
    else if (!call) answer = notFoundPage();
    else ({ answer, weight: record.weight } = await callAnswer(call, req, url));
    record.status = answer.status;
    if (mode === 'slow') server.answerLater(res, slowMs, () => answer);
    else server.send(res, answer);
  }

  const server: EmulatorServer = await startServer({ host: options.host, port: options.port }, handle);

  function accountOf(apiKey: string): BinanceAccount {
    const account = accounts.get(apiKey);
    if (!account) throw new Error('No Binance account has this API key');
    return account;
  }

  function addAccount(seed: BinanceAccountSeed): void {
    if (accounts.has(seed.apiKey)) throw new Error('A Binance account with this API key exists already');
    accounts.set(seed.apiKey, new BinanceAccount(seed, serverTime()));
  }

  if (options.demo ?? true) {
    addAccount(demoAccountSeed());
    addAccount(tradingAccountSeed());
  }
  for (const seed of options.accounts ?? []) addAccount(seed);

  const emulator: BinanceEmulator = {
    url: server.url,
    demoKeys: DEMO_BINANCE_KEYS,
    tradingKeys: TRADING_BINANCE_KEYS,
    addAccount,
    setHoldings: (apiKey, holdings) => accountOf(apiKey).setHoldings(holdings, serverTime()),
    revokeKey(apiKey) {
      accountOf(apiKey);
      revoked.add(apiKey);
    },
    setPrice(symbol, price) {
      if (price === null) prices.delete(symbol);
      else if (!/^\d+(\.\d+)?$/.test(price)) throw new Error(`Not a price: ${price}`);
      else prices.set(symbol, price);
    },
    setMode(next) {
      if (!BINANCE_MODES.includes(next)) throw new Error(`Unknown Binance emulator mode: ${next}`);
      mode = next;
    },
    setClockSkew(ms) {
      if (!Number.isFinite(ms)) throw new Error(`Not a clock skew: ${ms}`);
      skewMs = ms;
    },
    serverTime,
    setWeightLimits(next) {
      for (const limiter of ['api', 'sapi'] as const) {
        const limit = next[limiter];
        if (limit === undefined) continue;
        if (!Number.isInteger(limit) || limit < 0) throw new Error(`Not a weight limit: ${limit}`);
        limits[limiter] = limit;
      }
    },
    resetWeights() {
      windows.clear();
    },
    requests: () => log.map((record) => ({ ...record, at: new Date(record.at) })),
    resetRequests() {
      log = [];
    },
    close: () => server.close(),
  };
  return emulator;
}
