/**
 * Binance's REST paths for a balances view (external-apis.md §2.3–2.6): which calls exist, what each
 * costs in request weight, whether it is signed, its checks and its answer; and the real error answers.
 * The emulator decides who is asking and whether they may ask now; this file decides what they get.
 */
import { type Answer, jsonAnswer } from '../answer.ts';
import type { BinanceAccount } from './account.ts';

/** The request-weight limit a call counts against: `/api` (per IP, 6000/min) or `/sapi` IP-weighted (12 000/min). */
export type Limiter = 'api' | 'sapi';

export const DEFAULT_WEIGHT_LIMITS: Readonly<Record<Limiter, number>> = { api: 6000, sapi: 12_000 };

/** The used-weight header of each limiter, as every answer of it carries. */
export const WEIGHT_HEADERS: Readonly<Record<Limiter, string>> = {
  api: 'x-mbx-used-weight-1m',
  sapi: 'x-sapi-used-ip-weight-1m',
};

export interface CallContext {
  /** The parameters of the query and the body together (the query's value wins). */
  params: URLSearchParams;
  /** The caller's account (signed calls only). */
  account?: BinanceAccount;
  /** The server's clock, in ms. */
  serverTime: number;
  prices: ReadonlyMap<string, string>;
}

export interface Call {
  limiter: Limiter;
  signed: boolean;
  weight(params: URLSearchParams): number;
  answer(context: CallContext): Answer;
}

export function binanceError(status: number, code: number, msg: string): Answer {
  return jsonAnswer(status, JSON.stringify({ code, msg }));
}

/** The real service's error answers (codes and texts from Binance's error list, §2.5). */
export const ERRORS = {
  tooMuchWeight: (limit: number) =>
    binanceError(
      429,
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
    ),
  /** 503 with -1001, as Binance answers when its side fails. */
  internal: () => binanceError(503, -1001, 'Internal error; unable to process your request. Please try again.'),
  badApiKeyFormat: () => binanceError(401, -2014, 'API-key format invalid.'),
  rejectedKey: () => binanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.'),
  mandatory: (name: string) =>
    binanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  outsideRecvWindow: () => binanceError(400, -1021, 'Timestamp for this request is outside of the recvWindow.'),
  aheadOfServer: () => binanceError(400, -1021, "Timestamp for this request was 1000ms ahead of the server's time."),
  badRecvWindow: () => binanceError(400, -1131, 'recvWindow must be less than 60000'),
  invalidSignature: () => binanceError(400, -1022, 'Signature for this request is not valid.'),
  badSymbol: () => binanceError(400, -1121, 'Invalid symbol.'),
  illegalSymbols: () =>
    binanceError(
      400,
      -1100,
      `Illegal characters found in parameter 'symbols'; legal range is '^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$'.`,
    ),
  bothSymbolParams: () => binanceError(400, -1128, 'Combination of optional parameters invalid.'),
  invalidParameter: (name: string) => binanceError(400, -1130, `Data sent for parameter '${name}' is not valid.`),
} as const;

const ok = (value: unknown) => jsonAnswer(200, JSON.stringify(value));

const SYMBOLS_PARAM = /^\[("[A-Z0-9\-_.]{1,20}"(,"[A-Z0-9\-_.]{1,20}")*)?\]$/;

/** `GET /api/v3/ticker/price`: one symbol, a list (all or nothing: one unknown fails the call), or every one. */
function tickerAnswer({ params, prices }: CallContext): Answer {
  const symbol = params.get('symbol');
  const symbols = params.get('symbols');
  if (symbol !== null && symbols !== null) return ERRORS.bothSymbolParams();
  const item = (name: string) => ({ symbol: name, price: prices.get(name) });
  if (symbol !== null) return prices.has(symbol) ? ok(item(symbol)) : ERRORS.badSymbol();
  if (symbols !== null) {
    if (!SYMBOLS_PARAM.test(symbols)) return ERRORS.illegalSymbols();
    const names = JSON.parse(symbols) as string[];
    if (names.length === 0) return ERRORS.illegalSymbols();
    if (!names.every((name) => prices.has(name))) return ERRORS.badSymbol();
    return ok([...new Set(names)].map(item));
  }
  return ok([...prices.keys()].map(item));
}

/** A positive integer parameter, its default when absent, undefined when malformed or above `max`. */
function pageParam(params: URLSearchParams, name: string, fallback: number, max: number): number | undefined {
  const value = params.get(name);
  if (value === null) return fallback;
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** A Simple Earn position list, paged by `current` (from 1) and `size` (at most 100, default 10). */
function positionsAnswer(rows: (asset: string | undefined) => Record<string, unknown>[], params: URLSearchParams) {
  const current = pageParam(params, 'current', 1, 1_000_000);
  if (current === undefined) return ERRORS.invalidParameter('current');
  const size = pageParam(params, 'size', 10, 100);
  if (size === undefined) return ERRORS.invalidParameter('size');
  const all = rows(params.get('asset') ?? undefined);
  return ok({ rows: all.slice((current - 1) * size, current * size), total: all.length });
}

/** What 1 unit of an asset is worth in BTC by the prices (directly, or through USDT), or undefined. */
function btcPrice(asset: string, prices: ReadonlyMap<string, string>): number | undefined {
  if (asset === 'BTC') return 1;
  const direct = prices.get(`${asset}BTC`);
  if (direct) return Number(direct);
  const btcUsdt = Number(prices.get('BTCUSDT'));
  const usdt = asset === 'USDT' ? 1 : Number(prices.get(`${asset}USDT`));
  return usdt && btcUsdt ? usdt / btcUsdt : undefined;
}

/** `POST /sapi/v3/asset/getUserAsset`: the spot assets above zero (optionally one), with an estimate in BTC. */
function userAssetAnswer({ account, params, prices }: CallContext): Answer {
  const asset = params.get('asset');
  const withValuation = params.get('needBtcValuation') === 'true';
  const rows = (account?.spotBalances(true) ?? [])
    .filter((balance) => !asset || balance.asset === asset)
    .map((balance) => {
      const price = withValuation ? btcPrice(balance.asset, prices) : undefined;
      const amount = Number(balance.free) + Number(balance.locked);
      return {
        asset: balance.asset,
        free: balance.free,
        locked: balance.locked,
        freeze: '0',
        withdrawing: '0',
        ipoable: '0',
        btcValuation: price === undefined ? '0' : (amount * price).toFixed(8),
      };
    });
  return ok(rows);
}

/** The calls the emulator knows, by method and path. */
export const CALLS: ReadonlyMap<string, Call> = new Map<string, Call>([
  ['GET /api/v3/ping', { limiter: 'api', signed: false, weight: () => 1, answer: () => ok({}) }],
  [
    'GET /api/v3/time',
    { limiter: 'api', signed: false, weight: () => 1, answer: ({ serverTime }) => ok({ serverTime }) },
  ],
  [
    'GET /api/v3/ticker/price',
    { limiter: 'api', signed: false, weight: (params) => (params.has('symbol') ? 2 : 4), answer: tickerAnswer },
  ],
  [
    'GET /api/v3/account',
    {
      limiter: 'api',
      signed: true,
      weight: () => 20,
      answer: ({ account, params }) => ok(account?.accountInfo(params.get('omitZeroBalances') === 'true')),
    },
  ],
  [
    'GET /sapi/v1/simple-earn/flexible/position',
    {
      limiter: 'sapi',
      signed: true,
      weight: () => 150,
      answer: ({ account, params }) => positionsAnswer((asset) => account?.flexibleRows(asset) ?? [], params),
    },
  ],
  [
    'GET /sapi/v1/simple-earn/locked/position',
    {
      limiter: 'sapi',
      signed: true,
      weight: () => 150,
      answer: ({ account, params }) => positionsAnswer((asset) => account?.lockedRows(asset) ?? [], params),
    },
  ],
  ['POST /sapi/v3/asset/getUserAsset', { limiter: 'sapi', signed: true, weight: () => 5, answer: userAssetAnswer }],
  [
    'GET /sapi/v1/account/apiRestrictions',
    { limiter: 'sapi', signed: true, weight: () => 1, answer: ({ account }) => ok(account?.restrictions()) },
  ],
]);
