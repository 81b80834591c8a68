/**
 * Binance's REST paths for a balances view (external-apis.md §2.3–2.6): which calls exist, what each
 * costs in request weight, whether it is signed, its checks and its answer; and the real error answers.
 * The emulator decides who is asking and whether they may ask now; this file decides what they get.
 */
import { type Answer, jsonAnswer } from '../answer.ts';
import type { BinanceAccount } from './account.ts';
import { btcPrice, candleOf, DAY_MS, SNAPSHOT_DAYS, spotSnapshotOf } from './history.ts';

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
  invalidInterval: () => binanceError(400, -1120, 'Invalid interval.'),
  spanTooLong: () => binanceError(400, -1127, 'More than 720 hours between startTime and endTime.'),
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

/** `POST /sapi/v3/asset/getUserAsset`: the spot assets above zero (optionally one), with an estimate in BTC. */
function userAssetAnswer({ account, params, prices }: CallContext): Answer {
  const asset = params.get('asset');
  const withValuation = params.get('needBtcValuation') === 'true';
  const numeric = new Map([...prices].map(([symbol, price]) => [symbol, Number(price)]));
  const rows = (account?.spotBalances(true) ?? [])
    .filter((balance) => !asset || balance.asset === asset)
    .map((balance) => {
      const price = withValuation ? btcPrice(balance.asset, numeric) : undefined;
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

/** A time parameter in ms: null when absent, undefined when malformed. */
function timeParam(params: URLSearchParams, name: string): number | null | undefined {
  const value = params.get(name);
  if (value === null) return null;
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * The UTC days (days since 1970) of a daily list between `first` and `last`, both included,
 * narrowed by `startTime`/`endTime` (a day is in when `timeOf(day)` is within them): from
 * `startTime` on, the first `limit` of them; else the last `limit` up to `endTime`.
 */
function dailyWindow(
  params: URLSearchParams,
  range: { first: number; last: number; limit: number },
  timeOf: (day: number) => number,
): number[] | Answer {
  const startTime = timeParam(params, 'startTime');
  if (startTime === undefined) return ERRORS.invalidParameter('startTime');
  const endTime = timeParam(params, 'endTime');
  if (endTime === undefined) return ERRORS.invalidParameter('endTime');
  const days: number[] = [];
  for (let day = range.first; day <= range.last; day++) {
    const at = timeOf(day);
    if ((startTime === null || at >= startTime) && (endTime === null || at <= endTime)) days.push(day);
  }
  return startTime === null ? days.slice(-range.limit) : days.slice(0, range.limit);
}

/**
 * `GET /api/v3/klines`: day candles of one symbol (the emulator keeps only `1d`), oldest first, the
 * open one of today last; `limit` 1–1000, default 500.
 */
function klinesAnswer({ params, prices, serverTime }: CallContext): Answer {
  const symbol = params.get('symbol');
  if (!symbol) return ERRORS.mandatory('symbol');
  const interval = params.get('interval');
  if (!interval) return ERRORS.mandatory('interval');
  if (interval !== '1d') return ERRORS.invalidInterval();
  const current = prices.get(symbol);
  if (current === undefined) return ERRORS.badSymbol();
  const limit = pageParam(params, 'limit', 500, 1000);
  if (limit === undefined) return ERRORS.invalidParameter('limit');
  const today = Math.floor(serverTime / DAY_MS);
  const days = dailyWindow(params, { first: today - 1500, last: today, limit }, (day) => day * DAY_MS);
  if (!Array.isArray(days)) return days;
  return ok(days.map((day) => candleOf(symbol, current, day, today)));
}

const SNAPSHOT_TYPES = ['SPOT', 'MARGIN', 'FUTURES'];

/**
 * `GET /sapi/v1/accountSnapshot`: the account at the end of each UTC day of the last month
 * (`updateTime` its last millisecond), oldest first; `limit` 7–30, default 7; `startTime` to
 * `endTime` at most 30 days. Only SPOT holds anything: the emulated accounts trade no margin or
 * futures.
 */
function snapshotAnswer({ account, params, prices, serverTime }: CallContext): Answer {
  const type = params.get('type');
  if (!type) return ERRORS.mandatory('type');
  if (!SNAPSHOT_TYPES.includes(type)) return ERRORS.invalidParameter('type');
  const limitText = params.get('limit') ?? '7';
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
  if (limit < 7 || limit > SNAPSHOT_DAYS) return ERRORS.invalidParameter('limit');
  const startTime = Number(params.get('startTime') ?? Number.NaN);
  const endTime = Number(params.get('endTime') ?? Number.NaN);
  if (endTime - startTime > SNAPSHOT_DAYS * DAY_MS) return ERRORS.spanTooLong();
  const today = Math.floor(serverTime / DAY_MS);
  const endOf = (day: number) => (day + 1) * DAY_MS - 1;
  // Today's snapshot is taken when the day ends.
  const days = dailyWindow(params, { first: today - SNAPSHOT_DAYS, last: today - 1, limit }, endOf);
  if (!Array.isArray(days)) return days;
  const snapshotVos = type === 'SPOT' && account ? days.map((day) => spotSnapshotOf(account, prices, day, today)) : [];
  return ok({ code: 200, msg: '', snapshotVos });
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
  ['GET /api/v3/klines', { limiter: 'api', signed: false, weight: () => 2, answer: klinesAnswer }],
  [
    'GET /sapi/v1/accountSnapshot',
    // A fifth of the /sapi budget a minute: meant to be asked once when a key is connected.
    { limiter: 'sapi', signed: true, weight: () => 2400, answer: snapshotAnswer },
  ],
  ['POST /sapi/v3/asset/getUserAsset', { limiter: 'sapi', signed: true, weight: () => 5, answer: userAssetAnswer }],
  [
    'GET /sapi/v1/account/apiRestrictions',
    { limiter: 'sapi', signed: true, weight: () => 1, answer: ({ account }) => ok(account?.restrictions()) },
  ],
]);
