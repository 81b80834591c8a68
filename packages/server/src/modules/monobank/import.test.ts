import type { ItemSeed } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../../test/ledger.ts';
import {
  addBankClient,
  allTransactions,
  type BankWorld,
  loadAndWait,
  pairUser,
  startBankWorld,
  waitForJob,
} from '../../../test/monobank.ts';
import { fixedClock } from '../../lib/clock.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const DAY = 86_400;

let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld({ now: () => NOW }, {}, { clock: fixedClock(NOW) });
});
afterAll(() => world.close());

const api = (path: string) => `/api/v1/banks/monobank${path}`;

/** `count` purchases of 1–50 UAH spread evenly over `days` days before now, newest last. */
function purchases(count: number, days: number, prefix = 'p'): ItemSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    time: Math.floor(NOW_S - days * DAY + ((i + 1) * days * DAY) / (count + 1)),
    amount: -(100 + ((i * 37) % 4900)),
    description: i % 2 ? 'Сільпо' : 'Uklon',
    mcc: i % 2 ? 5411 : 4121,
  }));
}

describe('importing statements', () => {
  it('walks 31-day windows, follows full pages of 500 down, and stores every item once', async () => {
    const { t, bank } = world;
    // 1,300 items in 70 days: three windows, two of them with more than 500 items.
    const items = purchases(1_300, 70);
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 5_000_000 }],
      statements: { card: items },
    });
    const user = await pairUser(t, token);
    bank.resetRequests();
    const job = await loadAndWait(t, user.token, { from: (NOW_S - 75 * DAY) * 1000, to: NOW.getTime() });
    expect(job).toMatchObject({ state: 'done', total: 3, done: 3, imported: 1_300, updated: 0, error: null });
    const calls = bank.requests().filter((r) => r.path.startsWith('/personal/statement'));
    expect(calls.length).toBeGreaterThan(3);
    for (const call of calls) {
      const [from, to] = call.path.split('/').slice(-2).map(Number);
      expect(to! - from!).toBeLessThanOrEqual(2_682_000);
    }
    const stored = await allTransactions(t, user.token);
    expect(stored).toHaveLength(1_300);
    expect(new Set(stored.map((tx) => tx.externalId)).size).toBe(1_300);
    // The bank's balance is the account's; what came before the first item is its opening balance.
    const account = (await t.call('GET', `/api/v1/accounts/${user.pairing.accounts[0]!.id}`, { token: user.token }))
      .body.response;
    const spent = items.reduce((sum, item) => sum - item.amount, 0);
    expect(account.currentBalance).toBe(5_000_000);
    expect(account.initialBalance).toBe(5_000_000 + spent);
    expect(await ledgerProblems(t, user.id)).toEqual([]);

    // Importing the same range again stores nothing new and changes nothing.
    const again = await loadAndWait(t, user.token, { from: (NOW_S - 75 * DAY) * 1000, to: NOW.getTime() });
    expect(again).toMatchObject({ state: 'done', imported: 0, updated: 0 });
    expect(await allTransactions(t, user.token)).toHaveLength(1_300);
  });

  it('maps amounts, directions, notes, cashback, commission and categories from the item', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 1_000_000 }],
      statements: {
        card: [
          {
            id: 'groceries',
            time: NOW_S - 3 * DAY,
            amount: -48_990,
            description: 'Сільпо',
            mcc: 5411,
            cashbackAmount: 490,
          },
          { id: 'salary', time: NOW_S - 2 * DAY, amount: 3_000_000, description: 'ТОВ «Зоряне Поле»', mcc: 4829 },
          {
            id: 'atm',
            time: NOW_S - DAY,
            amount: -101_000,
            description: 'Банкомат',
            mcc: 6011,
            commissionRate: 1_000,
            comment: 'на дачу',
          },
          { id: 'refund', time: NOW_S - 3_600, amount: 12_000, description: 'Rozetka', mcc: 5732 },
          { id: 'mystery', time: NOW_S - 60, amount: -5_000, description: 'Щось', mcc: 9_999 },
        ],
      },
    });
    const user = await pairUser(t, token);
    await loadAndWait(t, user.token, { from: (NOW_S - 5 * DAY) * 1000 });
    const categories = (await t.call('GET', '/api/v1/categories', { token: user.token })).body.response as Array<{
      id: number;
      name: string;
    }>;
    const nameOf = (id: number) => categories.find((c) => c.id === id)?.name;
    const stored = Object.fromEntries((await allTransactions(t, user.token)).map((tx) => [tx.externalId, tx]));
    expect(stored.groceries).toMatchObject({
      amount: 48_990,
      refAmount: 48_990,
      transactionType: 'expense',
      paymentType: 'creditCard',
      note: 'Сільпо',
      cashbackAmount: 490,
      time: new Date((NOW_S - 3 * DAY) * 1000).toISOString(),
    });
    expect(nameOf(stored.groceries!.categoryId)).toBe('Groceries');
    expect(stored.salary).toMatchObject({ amount: 3_000_000, transactionType: 'income' });
    expect(nameOf(stored.salary!.categoryId)).toBe('Income');
    expect(stored.atm).toMatchObject({ amount: 101_000, commissionRate: 1_000, note: 'Банкомат — на дачу' });
    expect(nameOf(stored.atm!.categoryId)).toBe('Other');
    expect(stored.refund).toMatchObject({ transactionType: 'income' });
    expect(nameOf(stored.refund!.categoryId)).toBe('Refunds');
    expect(nameOf(stored.mystery!.categoryId)).toBe('Other');
  });

  it('files by the default tree’s categories even when the person renamed them', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 1_000_000 }],
      statements: { card: [{ id: 'g', time: NOW_S - DAY, amount: -1_000, description: 'АТБ', mcc: 5411 }] },
    });
    const user = await pairUser(t, token);
    const categories = (await t.call('GET', '/api/v1/categories', { token: user.token })).body.response;
    const groceries = categories.find((c: { name: string }) => c.name === 'Groceries');
    await t.call('PUT', `/api/v1/categories/${groceries.id}`, { token: user.token, body: { name: 'Продукти' } });
    await loadAndWait(t, user.token, { from: (NOW_S - 2 * DAY) * 1000 });
    const [tx] = await allTransactions(t, user.token);
    expect(tx).toMatchObject({ categoryId: groceries.id });
  });

  it('reports progress in the job and in the list of jobs', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 0 }],
      statements: { card: purchases(10, 100) },
    });
    const user = await pairUser(t, token);
    const res = await t.call('GET', api(`/load-transactions?from=${(NOW_S - 100 * DAY) * 1000}`), {
      token: user.token,
    });
    expect(res.status).toBe(202);
    expect(res.body.response).toMatchObject({ windows: 4 });
    expect(res.body.response.estimatedSeconds).toBeGreaterThanOrEqual(0);
    const job = await waitForJob(t, user.token, res.body.response.jobId);
    expect(job).toMatchObject({ kind: 'import', state: 'done', done: 4, total: 4, imported: 10, nextRunAt: null });
    expect(job.accountIds).toEqual([user.pairing.accounts[0]!.id]);
    const jobs = await t.call('GET', api('/jobs'), { token: user.token });
    expect(jobs.body.response[0]).toEqual(job);
    expect((await t.call('GET', api('/jobs?active=true'), { token: user.token })).body.response).toEqual([]);
  });
});
