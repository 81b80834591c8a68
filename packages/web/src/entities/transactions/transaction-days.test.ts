import { describe, expect, it } from 'vitest';
import { savedTimeZoneEachTest } from '../../test/time-zone.ts';
import { makeTransaction } from '../../test/transactions.ts';
import { formatTime } from './describe.ts';
import { dayLabel, groupByDay, listRows, uniqueTransactions } from './transaction-days.ts';

const at = (year: number, month: number, day: number, hours: number) =>
  new Date(year, month - 1, day, hours).toISOString();

describe('grouping by day', () => {
  const transactions = [
    makeTransaction({
      id: 5,
      time: at(2026, 3, 18, 21),
      transactionType: 'income',
      amount: 100_000,
      refAmount: 100_000,
    }),
    makeTransaction({ id: 4, time: at(2026, 3, 18, 9), amount: 25_050, refAmount: 25_050 }),
    // A dollar expense counts at its base-currency amount.
    makeTransaction({ id: 3, time: at(2026, 3, 17, 23), amount: 1_000, refAmount: 41_500, currencyCode: 'USD' }),
    // Both legs of a transfer between listed accounts cancel out.
    makeTransaction({
      id: 2,
      time: at(2026, 3, 16, 12),
      transferNature: 'transfer_between_user_accounts',
      amount: 200_000,
      refAmount: 200_000,
    }),
    makeTransaction({
      id: 1,
      time: at(2026, 3, 16, 12),
      transferNature: 'transfer_between_user_accounts',
      transactionType: 'income',
      amount: 200_000,
      refAmount: 200_000,
    }),
  ];

  it('groups newest first by local day, with each day’s net in the base currency', () => {
    const groups = groupByDay(transactions);
    expect(
      groups.map(({ day, net, currency, transactions: rows }) => ({
        day,
        net,
        currency,
        ids: rows.map((row) => row.id),
      })),
    ).toEqual([
      { day: '2026-03-18', net: 74_950, currency: 'UAH', ids: [5, 4] },
      { day: '2026-03-17', net: -41_500, currency: 'UAH', ids: [3] },
      { day: '2026-03-16', net: 0, currency: 'UAH', ids: [2, 1] },
    ]);
  });

  it('lays the groups out as a header then its rows', () => {
    const rows = listRows(groupByDay(transactions.slice(0, 3)));
    expect(rows.map((row) => (row.kind === 'day' ? row.group.day : row.transaction.id))).toEqual([
      '2026-03-18',
      5,
      4,
      '2026-03-17',
      3,
    ]);
  });

  it('shows a row that moved between pages once', () => {
    const [first, second] = transactions;
    expect(uniqueTransactions([[first!, second!], [second!]]).map((row) => row.id)).toEqual([5, 4]);
  });

  it('names days the way people say them', () => {
    const now = new Date(2026, 2, 18, 10);
    expect(dayLabel('2026-03-18', now)).toBe('Today');
    expect(dayLabel('2026-03-17', now)).toBe('Yesterday');
    expect(dayLabel('2026-03-02', now)).toBe('Mon 2 Mar 2026');
  });
});

describe('days and times of the user’s time zone, not the browser’s', () => {
  savedTimeZoneEachTest('Europe/Kyiv');

  it('puts 22:30 UTC on 31 October on 1 November at 00:30, and names the days by Kyiv’s calendar', () => {
    const late = makeTransaction({ id: 2, time: '2026-10-31T22:30:00.000Z' });
    const noon = makeTransaction({ id: 1, time: '2026-10-31T12:00:00.000Z' });
    expect(groupByDay([late, noon]).map((group) => group.day)).toEqual(['2026-11-01', '2026-10-31']);
    expect(formatTime(late.time)).toBe('00:30');
    const now = new Date('2026-10-31T22:45:00Z');
    expect(dayLabel('2026-11-01', now)).toBe('Today');
    expect(dayLabel('2026-10-31', now)).toBe('Yesterday');
    expect(dayLabel('2026-10-30', now)).toBe('Fri 30 Oct 2026');
  });
});
