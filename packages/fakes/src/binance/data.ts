/**
 * The emulator's seed data: the demo accounts (a read-only key pair with a mix of holdings, and a key
 * pair that may trade) and the market's prices. Figures invented, at realistic levels.
 */
import type { BalanceSeed, BinanceAccountSeed } from './account.ts';

/** A read-only demo key pair (64 letters and digits each, like Binance's HMAC keys). Not real keys. */
export const DEMO_BINANCE_KEYS = {
  apiKey: 'KopiykaDemoReadOnlyApiKey2026NotARealKeyOfflineEmulatorOnly0read',
  secretKey: 'KopiykaDemoReadOnlySecret2026NotARealSecretOfflineEmulatorOnly00',
} as const;

/** A demo key pair that may trade (not withdraw): the app should warn about it. Not real keys. */
export const TRADING_BINANCE_KEYS = {
  apiKey: 'KopiykaDemoTradingApiKey2026NotARealKeyOfflineEmulatorOnly0trade',
  secretKey: 'KopiykaDemoTradingSecret2026NotARealSecretOfflineEmulatorOnly000',
} as const;

/**
 * The read-only demo account: coins with USDT pairs, stablecoins, ARDR (priced only against BTC), LDO
 * (a real asset whose name starts with "LD"), zero balances, and Simple Earn positions — the flexible
 * ones appear again in spot as LDUSDT and LDBNB. Its SOL was bought with USDT twelve days before.
 */
export function demoAccountSeed(): BinanceAccountSeed {
  const balances = demoBalances();
  const beforeSol = balances.map((balance) =>
    balance.asset === 'SOL'
      ? { ...balance, free: '0' }
      : balance.asset === 'USDT'
        ? { ...balance, free: '2553.70000000' }
        : balance,
  );
  return {
    ...DEMO_BINANCE_KEYS,
    uid: 354_937_868,
    balances,
    earlier: [{ untilDaysAgo: 12, balances: beforeSol }],
    flexible: [
      { asset: 'USDT', totalAmount: '100.00000000', apr: '0.0412' },
      { asset: 'BNB', totalAmount: '0.50000000', apr: '0.0061' },
    ],
    locked: [{ asset: 'ETH', amount: '0.5', duration: 120, apy: '0.0352' }],
  };
}

function demoBalances(): BalanceSeed[] {
  return [
    { asset: 'BTC', free: '0.01250000' },
    { asset: 'ETH', free: '0.42000000', locked: '0.10000000' },
    { asset: 'BNB', free: '1.50000000' },
    { asset: 'SOL', free: '12.30000000' },
    { asset: 'USDT', free: '310.55000000', locked: '20.00000000' },
    { asset: 'USDC', free: '50.00000000' },
    { asset: 'ARDR', free: '1500.00000000' },
    { asset: 'LDO', free: '40.00000000' },
    { asset: 'XRP', free: '0.00000000' },
    { asset: 'DOGE', free: '0.00000000' },
    { asset: 'BUSD', free: '0.00000000' },
  ];
}

/** The trading demo account: a little BTC and USDT. */
export function tradingAccountSeed(): BinanceAccountSeed {
  return {
    ...TRADING_BINANCE_KEYS,
    uid: 412_005_731,
    canTrade: true,
    balances: [
      { asset: 'BTC', free: '0.05000000' },
      { asset: 'USDT', free: '1000.00000000', locked: '0' },
    ],
  };
}

/**
 * Last prices by symbol, as `/api/v3/ticker/price` answers them. ARDR has only a BTC pair; USDT has no
 * pair against itself; DAI, TUSD and BUSD have none either (an app prices stablecoins at 1).
 */
export const DEFAULT_PRICES: Readonly<Record<string, string>> = {
  BTCUSDT: '96250.01000000',
  ETHUSDT: '3412.55000000',
  BNBUSDT: '612.40000000',
  SOLUSDT: '182.37000000',
  XRPUSDT: '2.21040000',
  DOGEUSDT: '0.38120000',
  LDOUSDT: '1.82300000',
  USDCUSDT: '1.00010000',
  FDUSDUSDT: '0.99980000',
  ETHBTC: '0.03545000',
  BNBBTC: '0.00636300',
  SOLBTC: '0.00189500',
  XRPBTC: '0.00002297',
  LDOBTC: '0.00001894',
  ARDRBTC: '0.00000112',
  BTCUSDC: '96241.50000000',
  ETHUSDC: '3412.10000000',
  BTCFDUSD: '96260.00000000',
};
