import { describe, expect, it } from 'vitest';
import { KEY_FORMAT } from './account.ts';
import {
  DEFAULT_PRICES,
  DEMO_BINANCE_KEYS,
  demoAccountSeed,
  TRADING_BINANCE_KEYS,
  tradingAccountSeed,
} from './data.ts';

/** The stablecoins an app counts at 1 USD without a price. */
const STABLECOINS = ['USDT', 'USDC', 'FDUSD', 'TUSD', 'DAI', 'BUSD'];

describe('Binance demo data', () => {
  it('has well-formed, distinct key pairs whose masks differ', () => {
    const keys = [DEMO_BINANCE_KEYS, TRADING_BINANCE_KEYS].flatMap((pair) => [pair.apiKey, pair.secretKey]);
    for (const key of keys) expect(key).toMatch(KEY_FORMAT);
    expect(new Set(keys).size).toBe(4);
    const mask = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;
    expect(mask(DEMO_BINANCE_KEYS.apiKey)).not.toBe(mask(TRADING_BINANCE_KEYS.apiKey));
  });

  it('prices every demo holding in USDT directly, through BTC, or as a stablecoin', () => {
    const assets = [demoAccountSeed(), tradingAccountSeed()].flatMap((seed) => [
      ...(seed.balances ?? []).map((balance) => balance.asset),
      ...(seed.flexible ?? []).map((position) => position.asset),
      ...(seed.locked ?? []).map((position) => position.asset),
    ]);
    const priced = (asset: string) =>
      STABLECOINS.includes(asset) || `${asset}USDT` in DEFAULT_PRICES || `${asset}BTC` in DEFAULT_PRICES;
    expect(assets.filter((asset) => !priced(asset))).toEqual([]);
    // One holding is reachable only through BTC, and one real asset's name starts with "LD".
    expect(assets.filter((asset) => !(`${asset}USDT` in DEFAULT_PRICES) && `${asset}BTC` in DEFAULT_PRICES)).toEqual([
      'ARDR',
    ]);
    expect(assets).toContain('LDO');
  });
});
