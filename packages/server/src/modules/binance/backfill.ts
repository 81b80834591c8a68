/**
 * The holdings' value on the days before a key was connected (docs/decisions.md "Binance: history
 * from the day snapshots"): Binance's daily SPOT snapshots of the last month, each valued at its UTC
 * day's closes, so the crypto line starts a month back instead of jumping on the day of connection.
 */
import type { BinanceClient, BinanceKeyPair, EarnPosition } from '../../integrations/binance/client.ts';
import { priceSymbols, valueHoldings } from './valuation.ts';

export interface PastValue {
  day: string;
  /** US cents. */
  valueUsd: number;
}

/**
 * Each snapshot day before `today` and its value. The SPOT snapshot has no Simple Earn positions:
 * today's are counted on every day, as held through the month, since leaving them out would show
 * their whole value as growth on the day of connection. `quoted` is the symbols Binance prices now:
 * an asset is valued by the same pairs as today (valuation.ts priceSymbols), a day without a close
 * of one leaves the asset out of that day.
 */
export async function readPastValues(
  client: BinanceClient,
  keys: BinanceKeyPair,
  earn: EarnPosition[],
  quoted: ReadonlyMap<string, string>,
  today: string,
): Promise<PastValue[]> {
  const snapshots = (await client.dailySpotBalances(keys)).filter((snapshot) => snapshot.day < today);
  if (snapshots.length === 0) return [];
  const assets = new Set([
    ...snapshots.flatMap((snapshot) => snapshot.balances.map((balance) => balance.asset)),
    ...earn.map((position) => position.asset),
  ]);
  const symbols = new Set([...assets].flatMap((asset) => priceSymbols(asset, quoted) ?? []));
  const from = snapshots[0]!.day;
  const to = snapshots.at(-1)!.day;
  // One call a symbol (weight 2 each), one after another: a used-up weight stops the rest.
  const closes = new Map<string, Map<string, string>>();
  for (const symbol of symbols) closes.set(symbol, await client.dailyCloses(symbol, from, to));
  return snapshots.map(({ day, balances }) => {
    const prices = new Map<string, string>();
    for (const [symbol, byDay] of closes) {
      const close = byDay.get(day);
      if (close !== undefined) prices.set(symbol, close);
    }
    return { day, valueUsd: valueHoldings(balances, earn, prices).totalValue };
  });
}
