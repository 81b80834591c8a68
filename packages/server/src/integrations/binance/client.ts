/**
 * Binance's spot and Simple Earn REST API for a balances view (external-apis.md §2): signed calls
 * (HMAC-SHA256 of the query under the secret key, the API key in `X-MBX-APIKEY`) on Binance's clock
 * (the offset from /api/v3/time), and its weight limits: after a 429/418 nothing is asked until its
 * Retry-After has passed. Only HTTP and shapes live here; what the figures mean is modules/binance.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { USER_AGENT } from '../rates/provider.ts';

const TIMEOUT_MS = 10_000;
/** Binance's default; enough for a request that waited its turn on a slow line. */
const RECV_WINDOW_MS = 10_000;
/** When a 429 or 418 names no Retry-After: a minute, the span Binance's weights are counted over. */
const DEFAULT_RETRY_AFTER_S = 60;
/** Simple Earn pages hold at most 100 rows; a person with more positions than this is not expected. */
const EARN_PAGE_SIZE = 100;
const EARN_MAX_PAGES = 10;

/** The key pair a signed call goes out with; never logged, never part of an error. */
export interface BinanceKeyPair {
  apiKey: string;
  secretKey: string;
}

const decimal = z.string().regex(/^\d+(\.\d+)?$/);

const balancesSchema = z.array(z.object({ asset: z.string().min(1).max(32), free: decimal, locked: decimal }));
const accountSchema = z.object({ canTrade: z.boolean(), canWithdraw: z.boolean(), balances: balancesSchema });
export type BinanceSpotAccount = z.infer<typeof accountSchema>;

const restrictionsSchema = z.object({
  enableReading: z.boolean(),
  enableWithdrawals: z.boolean(),
  enableSpotAndMarginTrading: z.boolean(),
});
export type BinanceApiRestrictions = z.infer<typeof restrictionsSchema>;

const flexiblePageSchema = z.object({
  rows: z.array(z.object({ asset: z.string().min(1).max(32), totalAmount: decimal })),
  total: z.number().int(),
});
const lockedPageSchema = z.object({
  rows: z.array(z.object({ asset: z.string().min(1).max(32), amount: decimal })),
  total: z.number().int(),
});
const tickerSchema = z.array(z.object({ symbol: z.string(), price: decimal }));
const snapshotsSchema = z.object({
  snapshotVos: z.array(z.object({ updateTime: z.number().int(), data: z.object({ balances: balancesSchema }) })),
});
/** A day candle: [openTime, open, high, low, close, …]; only the open time and the close are read. */
const candlesSchema = z.array(z.tuple([z.number().int(), decimal, decimal, decimal, decimal]).rest(z.unknown()));

/** The most daily snapshots Binance answers at once, and keeps: the last month. */
const SNAPSHOT_LIMIT = 30;
/** The daily snapshot's request weight, against the /sapi IP budget of 12 000 a minute. */
const SNAPSHOT_WEIGHT = 2400;
/** Snapshots may use half the /sapi budget of a minute: the other half stays for reading holdings. */
const SNAPSHOT_WEIGHT_BUDGET = 6_000;
const DAY_MS = 86_400_000;

/** The spot balances at the end of a UTC day (YYYY-MM-DD), as Binance's daily snapshot keeps them. */
export interface DailySpotBalances {
  day: string;
  balances: BinanceSpotAccount['balances'];
}

/** One Simple Earn position (flexible or locked), in units of its asset. */
export interface EarnPosition {
  asset: string;
  amount: string;
}

/**
 * Why a call failed, by what the caller must do about it:
 * - `api-key`: Binance does not take the API key (-2014 ill-formed, -2015 unknown, IP or permission);
 * - `secret-key`: the signature did not match (-1022): the secret key is not this API key's;
 * - `unavailable`: no usable answer (down, limited, slow, not understood): try again later.
 */
export type BinanceFailure = 'api-key' | 'secret-key' | 'unavailable';

export class BinanceError extends Error {
  constructor(
    readonly failure: BinanceFailure,
    /** What went wrong, in words fit for a log (Binance's own text, never a key). */
    readonly description: string,
  ) {
    super(`Binance: ${description}`);
  }
}

export interface BinanceClient {
  account(keys: BinanceKeyPair): Promise<BinanceSpotAccount>;
  apiRestrictions(keys: BinanceKeyPair): Promise<BinanceApiRestrictions>;
  /** Every Simple Earn position, flexible and locked. */
  earnPositions(keys: BinanceKeyPair): Promise<EarnPosition[]>;
  /** The last price of every symbol, e.g. BTCUSDT → "96250.01000000". */
  prices(): Promise<Map<string, string>>;
  /**
   * Spot (Earn not included) at the end of each UTC day Binance keeps, the last month: one call
   * of weight 2400, a fifth of the /sapi budget a minute, so asked when keys are connected only.
   */
  dailySpotBalances(keys: BinanceKeyPair): Promise<DailySpotBalances[]>;
  /** A symbol's close of each UTC day from `from` to `to` (YYYY-MM-DD, at most 31 days): day → price. */
  dailyCloses(symbol: string, from: string, to: string): Promise<Map<string, string>>;
}

const KEY_CODES: Record<number, BinanceFailure> = { [-2014]: 'api-key', [-2015]: 'api-key', [-1022]: 'secret-key' };
const TIMESTAMP_CODE = -1021;

export function createBinanceClient(baseUrl: string, clock: Clock): BinanceClient {
  /** Binance's clock less ours, in ms; read before the first signed call and again after a -1021. */
  let offsetMs: number | null = null;
  /** Until when Binance asked us (429/418 Retry-After) to send nothing, in our clock's ms. */
  let quietUntil = 0;
  /** The /sapi weight the last /sapi answer said was used, and Binance's minute it counted in. */
  let sapiUsed = { weight: 0, minute: 0 };
  const binanceMinute = () => Math.floor((clock.now().getTime() + (offsetMs ?? 0)) / 60_000);

  async function send(path: string, query: string, apiKey?: string): Promise<{ status: number; body: unknown }> {
    if (clock.now().getTime() < quietUntil) {
      throw new BinanceError('unavailable', 'request weight used up; waiting for Retry-After');
    }
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}${query ? `?${query}` : ''}`, {
        headers: {
          accept: 'application/json',
          'user-agent': USER_AGENT,
          ...(apiKey ? { 'x-mbx-apikey': apiKey } : {}),
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new BinanceError('unavailable', timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : 'unreachable');
    }
    if (response.status === 429 || response.status === 418) {
      const seconds = Number(response.headers.get('retry-after'));
      const waitS = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
      quietUntil = clock.now().getTime() + waitS * 1000;
      throw new BinanceError('unavailable', `answered ${response.status}: request weight used up for ${waitS} s`);
    }
    const sapiWeight = Number(response.headers.get('x-sapi-used-ip-weight-1m'));
    if (path.startsWith('/sapi/') && Number.isFinite(sapiWeight))
      sapiUsed = { weight: sapiWeight, minute: binanceMinute() };
    const text = await response.text().catch(() => '');
    try {
      return { status: response.status, body: text.trim() === '' ? undefined : JSON.parse(text) };
    } catch {
      throw new BinanceError('unavailable', `answered ${response.status} with a page that is not JSON`);
    }
  }

  function failure(status: number, body: unknown): BinanceError {
    const parsed = z.object({ code: z.number(), msg: z.string() }).safeParse(body);
    const description = parsed.success ? `${parsed.data.code} ${parsed.data.msg.slice(0, 200)}` : `answered ${status}`;
    const kind = parsed.success ? KEY_CODES[parsed.data.code] : undefined;
    return new BinanceError(kind ?? 'unavailable', description);
  }

  async function publicCall<T>(path: string, query: string, schema: z.ZodType<T>): Promise<T> {
    const { status, body } = await send(path, query);
    if (status !== 200) throw failure(status, body);
    return shaped(schema, body, path);
  }

  async function serverOffset(): Promise<number> {
    const sent = clock.now().getTime();
    const { serverTime } = await publicCall('/api/v3/time', '', z.object({ serverTime: z.number() }));
    // Half the round trip is the best guess of when Binance read its clock.
    return serverTime - Math.round((sent + clock.now().getTime()) / 2);
  }

  async function signedCall<T>(
    keys: BinanceKeyPair,
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      offsetMs ??= await serverOffset();
      const query = new URLSearchParams({
        ...params,
        recvWindow: String(RECV_WINDOW_MS),
        timestamp: String(clock.now().getTime() + offsetMs),
      }).toString();
      const signature = createHmac('sha256', keys.secretKey).update(query).digest('hex');
      const { status, body } = await send(path, `${query}&signature=${signature}`, keys.apiKey);
      if (status === 200) return shaped(schema, body, path);
      const error = failure(status, body);
      // Either clock moved (a suspended laptop, a pinned test clock): read the offset again, once.
      if (attempt === 0 && (body as { code?: unknown } | undefined)?.code === TIMESTAMP_CODE) {
        offsetMs = null;
        continue;
      }
      throw error;
    }
  }

  async function pages<R>(
    keys: BinanceKeyPair,
    path: string,
    schema: z.ZodType<{ rows: R[]; total: number }>,
  ): Promise<R[]> {
    const rows: R[] = [];
    for (let current = 1; current <= EARN_MAX_PAGES; current++) {
      const page = await signedCall(keys, path, { current: String(current), size: String(EARN_PAGE_SIZE) }, schema);
      rows.push(...page.rows);
      if (page.rows.length < EARN_PAGE_SIZE || rows.length >= page.total) break;
    }
    return rows;
  }

  return {
    account: (keys) => signedCall(keys, '/api/v3/account', { omitZeroBalances: 'true' }, accountSchema),
    apiRestrictions: (keys) => signedCall(keys, '/sapi/v1/account/apiRestrictions', {}, restrictionsSchema),
    async earnPositions(keys) {
      const flexible = await pages(keys, '/sapi/v1/simple-earn/flexible/position', flexiblePageSchema);
      const locked = await pages(keys, '/sapi/v1/simple-earn/locked/position', lockedPageSchema);
      return [
        ...flexible.map((row) => ({ asset: row.asset, amount: row.totalAmount })),
        ...locked.map((row) => ({ asset: row.asset, amount: row.amount })),
      ];
    },
    async dailySpotBalances(keys) {
      // Refused here rather than by a 429, whose quiet period would stop every user's reads.
      if (sapiUsed.minute === binanceMinute() && sapiUsed.weight + SNAPSHOT_WEIGHT > SNAPSHOT_WEIGHT_BUDGET) {
        throw new BinanceError(
          'unavailable',
          'the daily snapshot would use more than half the /sapi weight this minute',
        );
      }
      const { snapshotVos } = await signedCall(
        keys,
        '/sapi/v1/accountSnapshot',
        { type: 'SPOT', limit: String(SNAPSHOT_LIMIT) },
        snapshotsSchema,
      );
      // updateTime is the day's last millisecond (UTC).
      return snapshotVos
        .map((snapshot) => ({
          day: new Date(snapshot.updateTime).toISOString().slice(0, 10),
          balances: snapshot.data.balances,
        }))
        .sort((a, b) => a.day.localeCompare(b.day));
    },
    async dailyCloses(symbol, from, to) {
      const startTime = Date.parse(`${from}T00:00:00Z`);
      const endTime = Date.parse(`${to}T00:00:00Z`);
      const query = new URLSearchParams({
        symbol,
        interval: '1d',
        startTime: String(startTime),
        endTime: String(endTime),
        limit: String(Math.round((endTime - startTime) / DAY_MS) + 1),
      }).toString();
      const candles = await publicCall('/api/v3/klines', query, candlesSchema);
      return new Map(candles.map(([openTime, , , , close]) => [new Date(openTime).toISOString().slice(0, 10), close]));
    },
    async prices() {
      const tickers = await publicCall('/api/v3/ticker/price', '', tickerSchema);
      return new Map(tickers.map((ticker) => [ticker.symbol, ticker.price]));
    },
  };
}

function shaped<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BinanceError('unavailable', `answered ${path} in a shape not understood`);
  return parsed.data;
}
