/**
 * The market's past for the daily endpoints (external-apis.md §2.3): a day candle of each symbol for
 * every UTC day, and the daily SPOT account snapshots. Past closes are a smooth, deterministic wave
 * around the symbol's current price (within about ±6 %, a hundredth of that for a pair of
 * stablecoins), so the same day answers the same close whenever it is asked; today's candle is still
 * open and closes at the current price.
 */
import type { BinanceAccount } from './account.ts';

export const DAY_MS = 86_400_000;
/** How many daily snapshots Binance keeps: the last month. */
export const SNAPSHOT_DAYS = 30;

const STABLE = ['USDT', 'USDC', 'FDUSD', 'TUSD', 'DAI', 'BUSD'];

/** A number from a symbol's letters, so each symbol's wave has its own phase. */
function hashOf(symbol: string): number {
  let hash = 7;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash;
}

/** How far a past day's close is from the current price, as a fraction. */
function waveOf(symbol: string, day: number): number {
  const amplitude =
    STABLE.some((base) => symbol.startsWith(base)) && STABLE.some((q) => symbol.endsWith(q)) ? 0.0006 : 0.06;
  const phase = hashOf(symbol);
  return (
    amplitude * (0.6 * Math.sin((2 * Math.PI * day) / 23 + phase) + 0.4 * Math.sin((2 * Math.PI * day) / 9 + phase / 7))
  );
}

/** The close of a symbol on a UTC day (days since 1970), with today's candle closing at `current`. */
export function closeOn(symbol: string, current: string, day: number, today: number): number {
  return day >= today ? Number(current) : Number(current) * (1 + waveOf(symbol, day));
}

const price8 = (value: number) => value.toFixed(8);

/** One day candle in Binance's array shape: [openTime, open, high, low, close, volume, closeTime, …]. */
export function candleOf(symbol: string, current: string, day: number, today: number): (number | string)[] {
  const open = closeOn(symbol, current, day - 1, today);
  const close = closeOn(symbol, current, day, today);
  const high = Math.max(open, close) * 1.012;
  const low = Math.min(open, close) * 0.988;
  const volume = 1000 + (hashOf(`${symbol}${day}`) % 9000);
  return [
    day * DAY_MS,
    price8(open),
    price8(high),
    price8(low),
    price8(close),
    price8(volume),
    (day + 1) * DAY_MS - 1,
    price8(volume * close),
    100 + (hashOf(symbol) % 900),
    price8(volume / 2),
    price8((volume * close) / 2),
    '0',
  ];
}

/** Every symbol's close on a UTC day. */
export function pricesOn(prices: ReadonlyMap<string, string>, day: number, today: number): Map<string, number> {
  return new Map([...prices].map(([symbol, current]) => [symbol, closeOn(symbol, current, day, today)]));
}

/** What one unit of an asset is worth in BTC at the given prices (directly, or through USDT), or undefined. */
export function btcPrice(asset: string, prices: ReadonlyMap<string, number>): number | undefined {
  if (asset === 'BTC') return 1;
  const direct = prices.get(`${asset}BTC`);
  if (direct) return direct;
  const btcUsdt = prices.get('BTCUSDT');
  const usdt = asset === 'USDT' ? 1 : prices.get(`${asset}USDT`);
  return usdt && btcUsdt ? usdt / btcUsdt : undefined;
}

/** The SPOT snapshot of a UTC day: the balances held at its end, with their total in BTC at that day's closes. */
export function spotSnapshotOf(
  account: BinanceAccount,
  prices: ReadonlyMap<string, string>,
  day: number,
  today: number,
): Record<string, unknown> {
  const updateTime = (day + 1) * DAY_MS - 1;
  const balances = account.spotBalancesAt(updateTime);
  const closes = pricesOn(prices, day, today);
  const totalBtc = balances.reduce(
    (sum, balance) => sum + (Number(balance.free) + Number(balance.locked)) * (btcPrice(balance.asset, closes) ?? 0),
    0,
  );
  return { type: 'spot', updateTime, data: { totalAssetOfBtc: price8(totalBtc), balances } };
}
