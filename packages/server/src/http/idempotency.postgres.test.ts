import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresTestDatabase, signUpWithBase, startTestApp, type TestApp } from '../../test/app.ts';
import { buildWorld, LONG_AGO } from '../../test/world.ts';

/**
 * Two instances on one PostgreSQL database, as a scaled-out deployment runs them: a phone that sends
 * its queued entry again after a dropped connection may reach the other instance.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const [first, second] = await openPostgresTestDatabase(2);
  a = await startTestApp({}, { database: first });
  b = await startTestApp({}, { database: second });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('the same create sent to two instances at once', () => {
  it('is recorded once, and both instances answer its answer', async () => {
    const w = await buildWorld(a, { accounts: [{ name: 'Card', currency: 'UAH', initialBalance: 100_000 }] });
    const [card] = w.accounts;
    const body = {
      amount: 700,
      transactionType: 'expense',
      paymentType: 'cash',
      accountId: card,
      categoryId: w.category('Groceries'),
    };
    const ROUNDS = 10;
    for (let round = 0; round < ROUNDS; round++) {
      const headers = { 'idempotency-key': `offline-${round}` };
      const answers = await Promise.all(
        [a, b, a, b].map((instance) =>
          instance.call('POST', '/api/v1/transactions', { token: w.token, body, headers }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    }
    const list = await b.call('GET', '/api/v1/transactions?limit=200', { token: w.token });
    expect(list.body.response).toHaveLength(ROUNDS);
    const account = await b.call('GET', `/api/v1/accounts/${card}`, { token: w.token });
    expect(account.body.response.currentBalance).toBe(100_000 - ROUNDS * 700);
  });

  it('keeps each user’s keys apart across instances', async () => {
    const [one, two] = [await signUpWithBase(a), await signUpWithBase(b)];
    const headers = { 'idempotency-key': 'the-same-key' };
    const account = { name: 'Wallet', currencyId: undefined as number | undefined, openingAt: LONG_AGO };
    const base = await a.call('GET', '/api/v1/user/currencies/base', { token: one.token });
    account.currencyId = base.body.response.currencyId;
    const [first, second] = await Promise.all([
      a.call('POST', '/api/v1/accounts', { token: one.token, body: account, headers }),
      b.call('POST', '/api/v1/accounts', { token: two.token, body: account, headers }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.response.id).not.toBe(second.body.response.id);
  });
});
