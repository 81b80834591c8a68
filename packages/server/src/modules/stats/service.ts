import {
  BALANCE_HISTORY_MAX_POINTS,
  type BalanceHistoryQuery,
  type BalancePoint,
  type CashFlowPoint,
  type CashFlowQuery,
  type Category,
  type CategorySpending,
  type CryptoBalanceHistoryQuery,
  type CryptoBalancePoint,
  isWithinAmountLimit,
  type SpendingsQuery,
  type TagSpending,
  type TotalBalance,
  type TotalBalanceChange,
  type TotalBalanceChangeQuery,
  type TotalBalanceQuery,
} from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import { addDays, daysBetween, monthStart } from '../../lib/dates.ts';
import { refusal, validationError } from '../../lib/errors.ts';
import { figureOf } from '../../lib/figures.ts';
import { assertOwnAccount, valueInBase } from '../accounts/index.ts';
import { cryptoBalanceHistory, selectCryptoKnownSince } from '../binance/index.ts';
import { selectCategories } from '../categories/index.ts';
import { selectBaseCurrency } from '../currencies/index.ts';
import type { RatesService } from '../rates/index.ts';
import { listTags } from '../tags/index.ts';
import {
  selectAccountsKnownWithin,
  selectBalancesAtEnd,
  selectExpensesByCategory,
  selectExpensesByTag,
  selectFlows,
} from './queries.ts';

/** Each category's root. */
function rootsOf(categories: Category[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return (id: number): Category | undefined => {
    let category = byId.get(id);
    for (let guard = 0; category?.parentId != null && guard < 100; guard++) category = byId.get(category.parentId);
    return category;
  };
}

/** The first day of every period from the one holding `from` to the one holding `to`. */
export function periodStarts(from: string, to: string, interval: CashFlowQuery['interval']): string[] {
  const start = (day: string) => {
    if (interval === 'month') return monthStart(day);
    const date = new Date(`${day}T00:00:00Z`);
    // Weeks start on Monday.
    if (interval === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    return date.toISOString().slice(0, 10);
  };
  const periods: string[] = [];
  for (let period = start(from); period <= to; ) {
    periods.push(period);
    if (interval === 'day') period = addDays(period, 1);
    else if (interval === 'week') period = addDays(period, 7);
    else period = monthStart(period, 1);
  }
  return periods;
}

export interface StatsService {
  balanceHistory(userId: number, q: BalanceHistoryQuery): Promise<BalancePoint[]>;
  /** Net worth: the accounts, and the crypto holdings unless the user leaves them out. */
  totalBalance(userId: number, q: TotalBalanceQuery): Promise<TotalBalance>;
  /** Growth between two days apart from new money (docs/decisions.md "New money is not growth"). */
  totalBalanceChange(userId: number, q: TotalBalanceChangeQuery): Promise<TotalBalanceChange>;
  cryptoBalanceHistory(userId: number, q: CryptoBalanceHistoryQuery): Promise<CryptoBalancePoint[]>;
  spendingsByCategories(userId: number, q: SpendingsQuery): Promise<CategorySpending[]>;
  /** Counted as spendingsByCategories counts (excluded categories left out); a row with two tags counts in both. */
  spendingsByTags(userId: number, q: SpendingsQuery): Promise<TagSpending[]>;
  cashFlow(userId: number, q: CashFlowQuery): Promise<CashFlowPoint[]>;
}

export function createStatsService(db: Database, rates: RatesService): StatsService {
  const baseRequired = () => refusal('CONFLICT', 'baseCurrency', 'base.required');
  async function baseCode(userId: number) {
    const base = await selectBaseCurrency(db, userId);
    if (!base) throw baseRequired();
    return base.currency.code;
  }

  /**
   * Balance history in the user's base currency, and that base: `knownBase` when the caller has
   * read it already, else read with the balances.
   */
  async function balanceHistoryIn(
    knownBase: string | undefined,
    userId: number,
    q: BalanceHistoryQuery,
  ): Promise<{ base: string; points: BalancePoint[] }> {
    if (q.accountId !== undefined) await assertOwnAccount(db, userId, q.accountId);
    const includeHidden = q.includeHidden ?? false;
    const days = daysBetween(q.from, q.to);
    const range = { from: q.from, to: q.to, days: days.length };
    const read = await selectBalancesAtEnd(db, userId, range, q.accountId, includeHidden, BALANCE_HISTORY_MAX_POINTS);
    const base = knownBase ?? read.base;
    if (base === null) throw baseRequired();
    const { accounts } = read;
    if (accounts.length * days.length > BALANCE_HISTORY_MAX_POINTS) {
      throw validationError('to', 'range.tooManyPoints', {
        accounts: accounts.length,
        days: days.length,
        max: BALANCE_HISTORY_MAX_POINTS,
      });
    }
    const series = await rates.series(userId, [...new Set(accounts.map((a) => a.code))], base, q.from, q.to);
    // Each account's balance per day of the range, walked back from its end: each day's balance
    // is the next day's less its delta.
    const balances = accounts.map((account) => {
      const deltaOn = new Array<number>(days.length).fill(0);
      const pairs = account.deltas === null ? [] : (JSON.parse(`[${account.deltas}]`) as number[]);
      for (let k = 0; k < pairs.length; k += 2) deltaOn[pairs[k]!]! += pairs[k + 1]!;
      const balance = new Array<number>(days.length);
      // Within |initial| + Σ amounts + the credit limit: twice the limit at most, still exact.
      let value = Number(account.at_end);
      for (let i = days.length - 1; i >= 0; i--) {
        balance[i] = value;
        value -= deltaOn[i]!;
      }
      return balance;
    });
    // Before its first transaction an account held its initial balance: the money was there,
    // only not recorded yet, so a new account is no growth in totals and trends.
    // Day by day, accounts by id within a day (as the statement answers them): the order the answer promises.
    const points = new Array<BalancePoint>(days.length * accounts.length);
    let at = 0;
    for (let i = 0; i < days.length; i++) {
      const day = days[i]!;
      for (let a = 0; a < accounts.length; a++) {
        const { id, code } = accounts[a]!;
        const value = balances[a]![i]!;
        // An account in the base needs no quote: its rate is 1 on every day.
        const rate = code === base ? 1 : series(code, day)?.rate;
        points[at++] = {
          date: day,
          accountId: id,
          balance: value,
          refBalance: rate === undefined ? null : valueInBase(value, rate),
        };
      }
    }
    return { base, points };
  }

  /** The total on a day, and the account points it counted, in `knownBase` or else the user's base. */
  async function totalIn(knownBase: string | undefined, userId: number, q: TotalBalanceQuery) {
    const { base, points } = await balanceHistoryIn(knownBase, userId, {
      from: q.date,
      to: q.date,
      includeHidden: q.includeHidden,
    });
    // An account whose value would take the total past the limit is left out of it, as one
    // without a rate is (docs/decisions.md "Figures stay within MAX_MINOR_AMOUNT").
    let refBalance = 0;
    const unvaluedAccountIds: number[] = [];
    const counted: BalancePoint[] = [];
    for (const point of points) {
      const sum = point.refBalance === null ? null : refBalance + point.refBalance;
      if (sum !== null && isWithinAmountLimit(sum)) {
        refBalance = sum;
        counted.push(point);
      } else unvaluedAccountIds.push(point.accountId);
    }
    const [crypto] = await cryptoBalanceHistory(db, rates, userId, base, q.date, q.date);
    const withCrypto = crypto ? refBalance + crypto.refBalance : refBalance;
    const total: TotalBalance =
      crypto && isWithinAmountLimit(withCrypto)
        ? { date: q.date, refBalance: withCrypto, unvaluedAccountIds, cryptoRefBalance: crypto.refBalance }
        : { date: q.date, refBalance, unvaluedAccountIds, cryptoRefBalance: null };
    return { total, counted };
  }

  return {
    async balanceHistory(userId, q) {
      return (await balanceHistoryIn(undefined, userId, q)).points;
    },

    async totalBalance(userId, q) {
      return (await totalIn(undefined, userId, q)).total;
    },

    async totalBalanceChange(userId, q) {
      const base = await baseCode(userId);
      const includeHidden = q.includeHidden ?? false;
      const [at, before, newAccountIds, cryptoSince] = await Promise.all([
        totalIn(base, userId, { date: q.to, includeHidden }),
        totalIn(base, userId, { date: q.from, includeHidden }),
        selectAccountsKnownWithin(db, userId, q.from, q.to, includeHidden),
        selectCryptoKnownSince(db, userId),
      ]);
      // Every holding counts on both days (before it was known, at its first value), so the
      // difference is growth; what holdings that came to be known since held on the first day is new.
      const newAccounts = new Set(newAccountIds);
      let added = 0;
      for (const point of before.counted) if (newAccounts.has(point.accountId)) added += point.refBalance ?? 0;
      const cryptoIsNew = cryptoSince !== null && cryptoSince > q.from && cryptoSince <= q.to;
      if (cryptoIsNew) added += before.total.cryptoRefBalance ?? 0;
      return {
        from: q.from,
        to: q.to,
        refBalance: at.total.refBalance,
        previousRefBalance: before.total.refBalance - added,
        change: at.total.refBalance - before.total.refBalance,
        added,
      };
    },

    async cryptoBalanceHistory(userId, q) {
      return cryptoBalanceHistory(db, rates, userId, await baseCode(userId), q.from, q.to);
    },

    async spendingsByCategories(userId, q) {
      if (q.accountId !== undefined) await assertOwnAccount(db, userId, q.accountId);
      const [categories, { expenses, refunds }] = await Promise.all([
        selectCategories(db, userId),
        selectExpensesByCategory(db, userId, q, q.accountId, q.includeHidden ?? false),
      ]);
      const rootOf = rootsOf(categories);
      const byRoot = new Map<number, CategorySpending>();
      const add = (categoryId: number | null, amount: number) => {
        if (categoryId === null) return;
        const root = rootOf(categoryId);
        if (!root) return;
        const entry = byRoot.get(root.id) ?? { categoryId: root.id, name: root.name, color: root.color, amount: 0 };
        entry.amount += amount;
        byRoot.set(root.id, entry);
      };
      for (const [categoryId, amount] of expenses) add(categoryId, figureOf(amount));
      // A refund is less spending of its expense's category, on the refund's day.
      for (const refund of refunds) add(refund.categoryId, -figureOf(refund.amount));
      return [...byRoot.values()].sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
    },

    async spendingsByTags(userId, q) {
      if (q.accountId !== undefined) await assertOwnAccount(db, userId, q.accountId);
      const [tags, rows] = await Promise.all([
        listTags(db, userId),
        selectExpensesByTag(db, userId, q, q.accountId, q.includeHidden ?? false),
      ]);
      const tagById = new Map(tags.map((tag) => [tag.id, tag]));
      const spending: TagSpending[] = [];
      for (const row of rows) {
        const tag = tagById.get(row.tag_id);
        if (tag) spending.push({ tagId: tag.id, name: tag.name, color: tag.color, amount: figureOf(row.amount) });
      }
      return spending.sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
    },

    async cashFlow(userId, q) {
      if (q.accountId !== undefined) await assertOwnAccount(db, userId, q.accountId);
      const periods = periodStarts(q.from, q.to, q.interval);
      const { flows, refunds } = await selectFlows(
        db,
        userId,
        q,
        periods,
        q.interval === 'month',
        q.accountId,
        q.includeHidden ?? false,
      );
      const points = new Map(periods.map((period) => [period, { period, income: 0, expense: 0, net: 0 }]));
      for (const [period, income, expense] of flows) {
        const point = points.get(period);
        if (!point) continue;
        point.income += figureOf(income);
        point.expense += figureOf(expense);
      }
      // The day totals count a refund as income: it is less expense of its expense's category instead.
      for (const refund of refunds) {
        const point = points.get(refund.period);
        if (!point) continue;
        const amount = figureOf(refund.amount);
        point.income -= amount;
        if (refund.counted) point.expense -= amount;
      }
      return [...points.values()].map((p) => ({ ...p, net: p.income - p.expense }));
    },
  };
}
