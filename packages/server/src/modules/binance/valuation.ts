/**
 * What a Binance account holds and is worth in US dollars (docs/decisions.md "Binance"): spot and
 * Simple Earn counted once, priced through USDT, in exact decimals until the cents.
 */
import type { BinanceSpotAccount, EarnPosition } from '../../integrations/binance/client.ts';

/** Worth one US dollar each, whatever the ticker says this second. */
const STABLECOINS = new Set(['USDT', 'USDC', 'FDUSD', 'TUSD', 'DAI', 'BUSD']);
/** Spot tokens of Simple Earn flexible positions are named after their asset with this in front. */
const EARN_TOKEN_PREFIX = 'LD';

/** One priced holding as stored for stale answers (the base-currency value is added when answering). */
export interface Holding {
  asset: string;
  free: string;
  locked: string;
  earn: string;
  total: string;
  price: string | null;
  /** US cents. */
  value: number | null;
}

/** The holdings of one read: what `binance_keys.figures` keeps. */
export interface StoredHoldings {
  holdings: Holding[];
  /** US cents, the priced holdings together. */
  totalValue: number;
}

/** A decimal as an integer of units of 10^-scale: exact sums and products. */
interface Scaled {
  units: bigint;
  scale: number;
}

function parse(text: string): Scaled {
  const [whole = '0', fraction = ''] = text.split('.');
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function add(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

function multiply(a: Scaled, b: Scaled): Scaled {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** "0.01250000" stays as Binance wrote it; computed values drop trailing zeros ("1.5", "3"). */
function format({ units, scale }: Scaled): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Rounded half up to whole cents. */
function toCents(dollars: Scaled): number {
  const scaled = dollars.units * 100n;
  const divisor = 10n ** BigInt(dollars.scale);
  return Number((scaled + divisor / 2n) / divisor);
}

const ZERO: Scaled = { units: 0n, scale: 0 };

/**
 * The symbols whose prices make an asset's US dollar price: none for a stablecoin (at 1), its USDT
 * pair, else its BTC pair and BTCUSDT; null when Binance quotes neither.
 */
export function priceSymbols(asset: string, quoted: { has(symbol: string): boolean }): string[] | null {
  if (STABLECOINS.has(asset)) return [];
  if (quoted.has(`${asset}USDT`)) return [`${asset}USDT`];
  if (quoted.has(`${asset}BTC`) && quoted.has('BTCUSDT')) return [`${asset}BTC`, 'BTCUSDT'];
  return null;
}

/** US dollars per unit (by {@link priceSymbols}), the single price as Binance wrote it; null when unquoted. */
export function usdPrice(asset: string, prices: ReadonlyMap<string, string>): string | null {
  const symbols = priceSymbols(asset, prices);
  if (symbols === null) return null;
  if (symbols.length === 0) return '1';
  const [first, ...others] = symbols.map((symbol) => prices.get(symbol)!);
  return others.length === 0 ? first! : format(others.map(parse).reduce(multiply, parse(first!)));
}

/**
 * Spot and Simple Earn per asset. A spot `LDxxx` is the flexible position of `xxx` the Earn
 * endpoints report already, so it is skipped then; an asset that merely starts with "LD" (LDO) has
 * no such position and stays. Zero holdings are left out.
 */
export function valueHoldings(
  spot: BinanceSpotAccount['balances'],
  earn: EarnPosition[],
  prices: ReadonlyMap<string, string>,
): StoredHoldings {
  const earnByAsset = new Map<string, Scaled>();
  for (const position of earn) {
    earnByAsset.set(position.asset, add(earnByAsset.get(position.asset) ?? ZERO, parse(position.amount)));
  }
  const spotByAsset = new Map<string, { free: string; locked: string }>();
  for (const balance of spot) {
    const underlying = balance.asset.startsWith(EARN_TOKEN_PREFIX) ? balance.asset.slice(EARN_TOKEN_PREFIX.length) : '';
    if (underlying && earnByAsset.has(underlying)) continue;
    spotByAsset.set(balance.asset, { free: balance.free, locked: balance.locked });
  }
  const holdings: Holding[] = [];
  for (const asset of new Set([...spotByAsset.keys(), ...earnByAsset.keys()])) {
    const { free, locked } = spotByAsset.get(asset) ?? { free: '0', locked: '0' };
    const earned = earnByAsset.get(asset) ?? ZERO;
    const total = add(add(parse(free), parse(locked)), earned);
    if (total.units === 0n) continue;
    const price = usdPrice(asset, prices);
    holdings.push({
      asset,
      free,
      locked,
      earn: format(earned),
      total: format(total),
      price,
      value: price === null ? null : toCents(multiply(total, parse(price))),
    });
  }
  holdings.sort(
    (a, b) =>
      (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) ||
      (b.value ?? 0) - (a.value ?? 0) ||
      a.asset.localeCompare(b.asset),
  );
  return { holdings, totalValue: holdings.reduce((sum, h) => sum + (h.value ?? 0), 0) };
}
