import type { ItemSeed } from '@kopiyka/fakes';
import type { Recurring, RecurringSuggestion } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankClient, type BankWorld, loadAndWait, pairUser, startBankWorld } from '../../../test/monobank.ts';
import { suggestionOf } from './suggestions.ts';

const NOW = new Date('2026-05-20T09:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const DAY = 86_400;
// Time runs from NOW on: the bank's calls are spaced by the app's clock.
const started = Date.now();
const clock = { now: () => new Date(NOW.getTime() + (Date.now() - started)) };
let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld({ now: () => NOW }, {}, { clock });
});
afterAll(() => world.close());

/** Items of one payee at these days before now (whole days, at 10:00 UTC), each amount its own. */
const paid = (description: string, daysAgo: number[], amounts: number[], mcc = 4899): ItemSeed[] =>
  daysAgo.map((days, i) => ({
    id: `${Buffer.from(description).toString('hex')}-${days}`,
    time: NOW_S - days * DAY + 3_600,
    amount: -amounts[i % amounts.length]!,
    description,
    mcc,
  }));

describe('suggestions', () => {
  it('find payees paid at a steady rhythm in a Monobank statement, until made a schedule or dismissed', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 5_000_000 }],
      statements: {
        card: [
          // Monthly, amounts within a tenth of each other: suggested.
          ...paid('Netflix', [110, 80, 49, 19], [29_900, 29_900, 31_900]),
          // Weekly: suggested.
          ...paid('Київстар', [27, 20, 13, 6], [15_000]),
          // Monthly but the amount jumps by half: not a subscription.
          ...paid('АТБ', [80, 50, 20], [10_000, 15_000, 10_000], 5411),
          // Monthly, but the last was four months ago: it ended.
          ...paid('Gym', [240, 210, 180, 150, 120], [50_000]),
          // Twice only.
          ...paid('Spotify', [40, 10], [16_900]),
        ],
      },
    });
    const user = await pairUser(t, token);
    const job = await loadAndWait(t, user.token, { from: (NOW_S - 300 * DAY) * 1000, to: NOW.getTime() });
    expect(job.state, JSON.stringify(job)).toBe('done');
    const accountId = user.pairing.accounts[0]!.id;

    const suggestions = async () =>
      (await t.call('GET', '/api/v1/recurring/suggestions', { token: user.token })).body
        .response as RecurringSuggestion[];
    const found = await suggestions();
    expect(found.map((s) => [s.name, s.frequency, s.occurrences, s.amount, s.lastDate, s.nextDate])).toEqual([
      ['Київстар', 'week', 4, 15_000, '2026-05-14', '2026-05-21'],
      ['Netflix', 'month', 4, 29_900, '2026-05-01', '2026-06-01'],
    ]);
    expect(found[1]).toMatchObject({ accountId, transactionType: 'expense', transactionIds: expect.any(Array) });
    expect(found[1]!.transactionIds).toHaveLength(4);

    // One tap: a schedule from the next occurrence on. The payee is suggested no more.
    const netflix = found[1]!;
    const made = await t.call('POST', '/api/v1/recurring', {
      token: user.token,
      body: {
        name: netflix.name,
        mode: 'confirm',
        template: {
          amount: netflix.amount,
          transactionType: 'expense',
          accountId: await ownAccount(user.token),
          categoryId: netflix.categoryId,
        },
        schedule: { frequency: netflix.frequency, startDate: netflix.nextDate },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((made.body.response as Recurring).recordedCount).toBe(0);

    const dismissed = await t.call('POST', '/api/v1/recurring/suggestions/dismiss', {
      token: user.token,
      body: { name: 'КИЇВСТАР', accountId },
    });
    expect(dismissed.status).toBe(204);
    expect(await suggestions()).toEqual([]);

    // Someone else's account cannot be dismissed for.
    const other = await pairUser(t, addBankClient(bank).token);
    const foreign = await t.call('POST', '/api/v1/recurring/suggestions/dismiss', {
      token: other.token,
      body: { name: 'Netflix', accountId },
    });
    expect(foreign.status).toBe(404);
  });

  /** A manual account of the user's own: bank accounts take no manual transactions, schedules included. */
  async function ownAccount(token: string) {
    const uah = (await world.t.call('GET', '/api/v1/models/currencies')).body.response.find(
      (c: { code: string }) => c.code === 'UAH',
    );
    const res = await world.t.call('POST', '/api/v1/accounts', { token, body: { name: 'Cash', currencyId: uah.id } });
    return res.body.response.id as number;
  }
});

describe('a rhythm', () => {
  const history = (days: string[], amounts: number[]) => ({
    accountId: 1,
    transactionType: 'expense' as const,
    name: 'Rent',
    payments: days.map((day, i) => ({ id: i + 1, day, amount: amounts[i % amounts.length]!, categoryId: null })),
  });

  it('is the latest run of steady gaps, three payments at least', () => {
    const found = suggestionOf(
      history(['2025-11-03', '2026-01-30', '2026-03-01', '2026-03-31', '2026-04-30'], [100]),
      '2026-05-10',
    );
    expect(found).toMatchObject({ frequency: 'month', occurrences: 4, lastDate: '2026-04-30', nextDate: '2026-05-30' });
    expect(found!.transactionIds).toEqual([2, 3, 4, 5]);
    expect(suggestionOf(history(['2026-03-01', '2026-04-20', '2026-04-30'], [100]), '2026-05-10')).toBeNull();
  });

  it('from the 31st comes next on the last day of a shorter month', () => {
    const found = suggestionOf(history(['2026-01-31', '2026-03-02', '2026-03-31'], [100]), '2026-04-05');
    expect(found).toMatchObject({ frequency: 'month', nextDate: '2026-04-30' });
  });
});
