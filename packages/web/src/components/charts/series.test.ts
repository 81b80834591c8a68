import type { BalancePoint } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { accountSeries, dailyTotals, unvaluedAccounts } from './series.ts';

const point = (date: string, accountId: number, balance: number, refBalance: number | null): BalancePoint => ({
  date,
  accountId,
  balance,
  refBalance,
});

describe('daily totals', () => {
  it('sums the base-currency balances of each day across accounts, oldest first', () => {
    const totals = dailyTotals([
      point('2026-11-02', 1, 100, 100),
      point('2026-11-02', 2, 10, 410),
      point('2026-11-01', 1, 50, 50),
      point('2026-11-01', 2, 10, 400),
    ]);
    expect(totals).toEqual([
      { date: '2026-11-01', value: 450, unvaluedAccountIds: [] },
      { date: '2026-11-02', value: 510, unvaluedAccountIds: [] },
    ]);
  });

  it('adds the crypto holdings on the days they have a value', () => {
    const totals = dailyTotals(
      [point('2026-11-01', 1, 50, 50), point('2026-11-02', 1, 50, 50)],
      [{ date: '2026-11-02', refBalance: 1_000 }],
    );
    expect(totals.map((total) => total.value)).toEqual([50, 1_050]);
  });

  it('makes a day of the crypto holdings alone when there is no account', () => {
    expect(dailyTotals([], [{ date: '2026-11-02', refBalance: 1_000 }])).toEqual([
      { date: '2026-11-02', value: 1_000, unvaluedAccountIds: [] },
    ]);
  });

  it('sums the accounts each day has', () => {
    const totals = dailyTotals([
      point('2026-11-01', 1, 50, 50),
      point('2026-11-02', 1, 50, 50),
      point('2026-11-02', 2, 7, 7),
    ]);
    expect(totals.map((total) => total.value)).toEqual([50, 57]);
  });

  it('leaves an account out of a day without its rate and names it, as the total balance does', () => {
    const totals = dailyTotals([
      point('2026-11-01', 1, 50, 50),
      point('2026-11-01', 2, 10, null),
      point('2026-11-02', 1, 50, 50),
      point('2026-11-02', 2, 10, 400),
      point('2026-11-03', 1, 60, 60),
      point('2026-11-03', 2, 10, null),
      point('2026-11-03', 3, 5, null),
    ]);
    expect(totals).toEqual([
      { date: '2026-11-01', value: 50, unvaluedAccountIds: [2] },
      { date: '2026-11-02', value: 450, unvaluedAccountIds: [] },
      { date: '2026-11-03', value: 60, unvaluedAccountIds: [2, 3] },
    ]);
    expect(unvaluedAccounts(totals)).toEqual([2, 3]);
  });

  it('is empty without points', () => {
    expect(dailyTotals([])).toEqual([]);
  });
});

describe('one account', () => {
  it('keeps its own currency and the base value beside it', () => {
    expect(
      accountSeries(
        [point('2026-11-02', 3, 20, 800), point('2026-11-01', 3, 10, null), point('2026-11-01', 4, 1, 1)],
        3,
      ),
    ).toEqual([
      { date: '2026-11-01', value: 10, refValue: null, unvaluedAccountIds: [] },
      { date: '2026-11-02', value: 20, refValue: 800, unvaluedAccountIds: [] },
    ]);
  });
});
