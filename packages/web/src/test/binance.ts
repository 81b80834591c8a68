import type { BinanceAccount, BinanceBalance } from '@kopiyka/shared';

/** One holding, spot only, priced: 0.5 BTC at 60,000 dollars; `overrides` change it. */
export function makeBalance(overrides: Partial<BinanceBalance> & Pick<BinanceBalance, 'asset'>): BinanceBalance {
  return {
    free: '0.50000000',
    locked: '0.00000000',
    earn: '0.00000000',
    total: '0.50000000',
    price: '60000.00000000',
    value: 3_000_000,
    refValue: 123_000_00,
    ...overrides,
  };
}

/** A read-only key's holdings in UAH, read at 11:55 on 22 November 2026 (Kyiv): BTC, some ETH in Earn, USDT, a coin without price. */
export function makeBinanceAccount(overrides: Partial<BinanceAccount> = {}): BinanceAccount {
  return {
    apiKeyMasked: 'vmPU…2ftq',
    balances: [
      makeBalance({ asset: 'BTC' }),
      makeBalance({
        asset: 'ETH',
        free: '0.1',
        earn: '1.23456789',
        total: '1.33456789',
        price: '3000.5',
        value: 400_437,
        refValue: 16_418_000,
      }),
      makeBalance({ asset: 'USDT', free: '1234.5', total: '1234.5', price: '1', value: 123_450, refValue: 5_061_450 }),
      makeBalance({ asset: 'NOPRICE', free: '7', total: '7', price: null, value: null, refValue: null }),
    ],
    totalValue: 3_523_887,
    totalRefValue: 144_479_450,
    baseCurrencyCode: 'UAH',
    updatedAt: '2026-11-22T09:55:00.000Z',
    stale: false,
    keysRefused: false,
    canTrade: false,
    canWithdraw: false,
    ...overrides,
  };
}
