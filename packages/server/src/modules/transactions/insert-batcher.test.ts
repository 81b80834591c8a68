import { MAX_MINOR_AMOUNT, type Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';

/** Creates sent at once are written in batches (insert-batcher.ts); each still answers for itself. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const balanceOf = async (token: string, accountId: number) =>
  (await t.call('GET', `/api/v1/accounts/${accountId}`, { token })).body.response.currentBalance as number;

const NEAR_THE_LIMIT = MAX_MINOR_AMOUNT - 1_000;

describe('creates that arrive together', () => {
  it('are each answered with their own transaction, for every user, and move the balances exactly', async () => {
    const first = await buildWorld(t, { accounts: [{ currency: 'UAH' }, { currency: 'UAH' }] });
    const second = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const bodies = Array.from({ length: 30 }, (_, i) => {
      const world = i % 3 === 2 ? second : first;
      return {
        world,
        body: {
          accountId: world.accounts[i % 2] ?? world.accounts[0],
          categoryId: world.category(i % 2 ? 'Income' : 'Food & Drinks'),
          amount: 100 + i,
          transactionType: i % 2 ? 'income' : 'expense',
          time: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`,
          note: `together ${i}`,
        },
      };
    });
    const answers = await Promise.all(
      bodies.map(({ world, body }) => t.call('POST', '/api/v1/transactions', { token: world.token, body })),
    );

    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(201);
      const [created] = res.body.response as Transaction[];
      expect(created).toMatchObject({
        accountId: bodies[i]!.body.accountId,
        amount: bodies[i]!.body.amount,
        transactionType: bodies[i]!.body.transactionType,
        note: bodies[i]!.body.note,
        time: new Date(bodies[i]!.body.time).toISOString(),
      });
    }
    for (const world of [first, second]) {
      const listed = (await t.call('GET', '/api/v1/transactions?limit=50', { token: world.token })).body
        .response as Transaction[];
      const sent = bodies.filter((b) => b.world === world).map((b) => b.body.note);
      expect(listed.map((tx) => tx.note).sort()).toEqual(sent.sort());
      for (const accountId of world.accounts) {
        const moved = bodies
          .filter((b) => b.body.accountId === accountId)
          .reduce((sum, { body }) => sum + (body.transactionType === 'income' ? body.amount : -body.amount), 0);
        expect(await balanceOf(world.token, accountId)).toBe(moved);
      }
      expect(await ledgerProblems(t, world.id)).toEqual([]);
    }
  });

  it('refuse only the one past the limit; the others are written', async () => {
    const w = await buildWorld(t, {
      accounts: [{ currency: 'UAH', initialBalance: NEAR_THE_LIMIT }, { currency: 'UAH' }],
    });
    const [full, other] = w.accounts;
    const base = { categoryId: w.category('Food & Drinks'), time: '2026-03-02T10:00:00Z' };
    const expenses = Array.from({ length: 8 }, (_, i) => ({
      ...base,
      accountId: i % 2 ? full : other,
      amount: 10 + i,
      transactionType: 'expense',
      note: `fine ${i}`,
    }));
    const pastTheLimit = {
      ...base,
      accountId: full,
      amount: 5_000,
      transactionType: 'income',
      note: 'too much',
    };
    const answers = await Promise.all(
      [...expenses.slice(0, 4), pastTheLimit, ...expenses.slice(4)].map((body) =>
        t.call('POST', '/api/v1/transactions', { token: w.token, body }),
      ),
    );

    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 422, 201, 201, 201, 201]);
    expect(answers[4]!.body.response).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'amount' }] });
    const listed = (await t.call('GET', '/api/v1/transactions?limit=50', { token: w.token })).body
      .response as Transaction[];
    expect(listed.map((tx) => tx.note).sort()).toEqual(expenses.map((body) => body.note).sort());
    const spentFromFull = expenses.filter((b) => b.accountId === full).reduce((sum, b) => sum + b.amount, 0);
    expect(await balanceOf(w.token, full!)).toBe(NEAR_THE_LIMIT - spentFromFull);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});
