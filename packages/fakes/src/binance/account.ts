/**
 * One Binance account behind an API key pair: its spot balances, its Simple Earn positions (flexible and
 * locked), what spot held before (for the daily snapshots) and what the key may do. Quantities travel
 * as decimal strings, as Binance writes them; the account keeps them as given and writes them with
 * eight decimals.
 */
import { DAY_MS } from './history.ts';

/** A spot balance; `locked` defaults to `"0"`. A zero balance is listed unless `omitZeroBalances`. */
export interface BalanceSeed {
  asset: string;
  free: string;
  locked?: string;
}

/** A Simple Earn flexible position; the account's spot balances show it again as `LD<asset>`. */
export interface FlexibleSeed {
  asset: string;
  totalAmount: string;
  /** Default `"0.05"` (5 % a year). */
  apr?: string;
}

/** A Simple Earn locked position. */
export interface LockedSeed {
  asset: string;
  amount: string;
  /** Days; default 90. */
  duration?: number;
  /** Default `"0.08"`. */
  apy?: string;
}

/** Spot balances held before a change: the daily snapshots of the days before it show them. */
export interface EarlierBalancesSeed {
  /** The change was this many days before the account came to be in the emulator. */
  untilDaysAgo: number;
  balances: BalanceSeed[];
}

/** An account the emulator serves: its keys (64 letters and digits each, as Binance's HMAC keys) and holdings. */
export interface BinanceAccountSeed {
  apiKey: string;
  secretKey: string;
  uid?: number;
  balances?: BalanceSeed[];
  /**
   * What spot held before, for the daily snapshots; without it the seeded balances were held over
   * the whole month the snapshots reach back.
   */
  earlier?: EarlierBalancesSeed[];
  flexible?: FlexibleSeed[];
  locked?: LockedSeed[];
  /** The key may trade on spot and margin (`canTrade`, `enableSpotAndMarginTrading`). Default false. */
  canTrade?: boolean;
  /** The key may withdraw (`canWithdraw`, `enableWithdrawals`). Default false. */
  canWithdraw?: boolean;
}

/** The holdings part of a seed, as `setHoldings` replaces it. */
export type Holdings = Pick<BinanceAccountSeed, 'balances' | 'flexible' | 'locked'>;

export const KEY_FORMAT = /^[A-Za-z0-9]{64}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative decimal string with exactly eight decimals ("0.0125" → "0.01250000"); throws for anything else. */
export function decimal8(value: string): string {
  if (!DECIMAL.test(value)) throw new Error(`Not a decimal quantity: ${value}`);
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length > 8 && /[1-9]/.test(fraction.slice(8))) throw new Error(`More than 8 decimals: ${value}`);
  return `${BigInt(whole)}.${fraction.slice(0, 8).padEnd(8, '0')}`;
}

/** `a + b` for decimal8 strings, exactly. */
function add8(a: string, b: string): string {
  const units = (value: string) => BigInt(value.replace('.', ''));
  const sum = (units(a) + units(b)).toString().padStart(9, '0');
  return `${sum.slice(0, -8)}.${sum.slice(-8)}`;
}

const isZero = (value: string) => /^0\.0+$/.test(value);

const spotBalances = (seeds: BalanceSeed[]): Required<BalanceSeed>[] =>
  seeds.map(({ asset, free, locked = '0' }) => ({ asset, free: decimal8(free), locked: decimal8(locked) }));

/** Spot balances that were held until a moment (server ms). */
interface HeldUntil {
  until: number;
  balances: Required<BalanceSeed>[];
}

export class BinanceAccount {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly uid: number;
  readonly canTrade: boolean;
  readonly canWithdraw: boolean;
  /** When the key was made: a day before the account came to be, by the emulator's clock. */
  readonly createTime: number;
  private balances: Required<BalanceSeed>[] = [];
  /** Spot balances held before the current ones, oldest first. */
  private past: HeldUntil[];
  private flexible: Required<FlexibleSeed>[] = [];
  private locked: (Required<LockedSeed> & { positionId: number; purchaseTime: number })[] = [];
  private updateTime: number;

  constructor(seed: BinanceAccountSeed, nowMs: number) {
    if (!KEY_FORMAT.test(seed.apiKey)) throw new Error('A Binance API key is 64 letters and digits');
    if (!KEY_FORMAT.test(seed.secretKey)) throw new Error('A Binance secret key is 64 letters and digits');
    this.apiKey = seed.apiKey;
    this.secretKey = seed.secretKey;
    this.uid = seed.uid ?? 100_000_000 + (Number.parseInt(seed.apiKey.slice(0, 6), 36) % 900_000_000);
    this.canTrade = seed.canTrade ?? false;
    this.canWithdraw = seed.canWithdraw ?? false;
    this.createTime = nowMs - DAY_MS;
    this.updateTime = nowMs;
    this.past = [...(seed.earlier ?? [])]
      .sort((a, b) => b.untilDaysAgo - a.untilDaysAgo)
      .map((earlier) => ({ until: nowMs - earlier.untilDaysAgo * DAY_MS, balances: spotBalances(earlier.balances) }));
    this.setHoldings(seed, nowMs);
    this.past = this.past.filter((held) => held.until < nowMs);
  }

  /** Replaces the holdings a seed gives (balances, flexible, locked; the parts left out stay). */
  setHoldings(holdings: Holdings, nowMs: number): void {
    if (holdings.balances) {
      const balances = spotBalances(holdings.balances);
      this.past.push({ until: nowMs, balances: this.balances });
      this.balances = balances;
    }
    if (holdings.flexible) {
      this.flexible = holdings.flexible.map(({ asset, totalAmount, apr = '0.05' }) => ({
        asset,
        totalAmount: decimal8(totalAmount),
        apr,
      }));
    }
    if (holdings.locked) {
      this.locked = holdings.locked.map(({ asset, amount, duration = 90, apy = '0.08' }, index) => ({
        asset,
        amount: decimal8(amount),
        duration,
        apy,
        positionId: 1_000 + index,
        purchaseTime: nowMs - 10 * DAY_MS,
      }));
    }
    this.updateTime = nowMs;
  }

  /**
   * The spot balances as `/api/v3/account` lists them: the seeded ones, then each flexible Earn position
   * again as `LD<asset>` (added to a seeded balance of that name, if any).
   */
  spotBalances(omitZero: boolean): { asset: string; free: string; locked: string }[] {
    const listed = this.balances.map((balance) => ({ ...balance }));
    for (const position of this.flexible) {
      const asset = `LD${position.asset}`;
      const same = listed.find((balance) => balance.asset === asset);
      if (same) same.free = add8(same.free, position.totalAmount);
      else listed.push({ asset, free: position.totalAmount, locked: decimal8('0') });
    }
    return omitZero ? listed.filter((balance) => !(isZero(balance.free) && isZero(balance.locked))) : listed;
  }

  /**
   * The spot balances held at a moment (server ms), as a daily snapshot lists them: without the
   * `LD` tokens of Simple Earn, which the SPOT snapshot leaves out.
   */
  spotBalancesAt(atMs: number): { asset: string; free: string; locked: string }[] {
    const held = this.past.find((earlier) => atMs < earlier.until)?.balances ?? this.balances;
    return held.map((balance) => ({ ...balance }));
  }

  /** `GET /api/v3/account`'s answer. */
  accountInfo(omitZero: boolean): Record<string, unknown> {
    return {
      makerCommission: 10,
      takerCommission: 10,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
      canTrade: this.canTrade,
      canWithdraw: this.canWithdraw,
      canDeposit: true,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: this.updateTime,
      accountType: 'SPOT',
      balances: this.spotBalances(omitZero),
      permissions: ['SPOT'],
      uid: this.uid,
    };
  }

  /** The flexible positions' rows, in the real shape, optionally of one asset. */
  flexibleRows(asset: string | undefined): Record<string, unknown>[] {
    return this.flexible
      .filter((position) => !asset || position.asset === asset)
      .map((position, index) => ({
        totalAmount: position.totalAmount,
        tierAnnualPercentageRate: {},
        latestAnnualPercentageRate: position.apr,
        yesterdayAirdropPercentageRate: '0',
        asset: position.asset,
        airDropAsset: position.asset,
        canRedeem: true,
        collateralAmount: '0',
        productId: `${position.asset}001`,
        yesterdayRealTimeRewards: '0',
        cumulativeBonusRewards: '0',
        cumulativeRealTimeRewards: '0',
        cumulativeTotalRewards: '0',
        autoSubscribe: index === 0,
      }));
  }

  /** The locked positions' rows, in the real shape, optionally of one asset. */
  lockedRows(asset: string | undefined): Record<string, unknown>[] {
    return this.locked
      .filter((position) => !asset || position.asset === asset)
      .map((position) => ({
        positionId: position.positionId,
        parentPositionId: position.positionId,
        projectId: `${position.asset}*${position.duration}`,
        asset: position.asset,
        amount: position.amount,
        purchaseTime: String(position.purchaseTime),
        duration: String(position.duration),
        accrualDays: '10',
        rewardAsset: position.asset,
        APY: position.apy,
        rewardAmt: '0',
        extraRewardAsset: '',
        extraRewardAPR: '0',
        estExtraRewardAmt: '0',
        nextPay: '0',
        nextPayDate: String(position.purchaseTime + 11 * DAY_MS),
        payPeriod: '1',
        redeemAmountEarly: position.amount,
        rewardsEndDate: String(position.purchaseTime + position.duration * DAY_MS),
        deliverDate: String(position.purchaseTime + (position.duration + 1) * DAY_MS),
        redeemPeriod: '1',
        redeemingAmt: '0',
        redeemTo: 'SPOT',
        partialAmtDeliverDate: '',
        canRedeemEarly: true,
        canFastRedemption: false,
        autoSubscribe: false,
        type: 'AUTO',
        status: 'HOLDING',
        canReStake: false,
      }));
  }

  /** `GET /sapi/v1/account/apiRestrictions`'s answer. */
  restrictions(): Record<string, unknown> {
    return {
      ipRestrict: false,
      createTime: this.createTime,
      enableReading: true,
      enableWithdrawals: this.canWithdraw,
      enableInternalTransfer: false,
      enableMargin: false,
      enableFutures: false,
      permitsUniversalTransfer: false,
      enableVanillaOptions: false,
      enableFixApiTrade: false,
      enableFixReadOnly: false,
      enableSpotAndMarginTrading: this.canTrade,
      enablePortfolioMarginTrading: false,
    };
  }
}
