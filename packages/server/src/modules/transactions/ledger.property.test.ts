import type { Transaction } from '@kopiyka/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { transactions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NATURES = ['not_transfer', 'transfer_between_user_accounts', 'transfer_out_wallet'] as const;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9)).toISOString();

/** Operations name accounts and transactions by position; positions wrap around what exists. */
const create = fc.record({
  kind: fc.constant('create' as const),
  account: fc.nat(3),
  to: fc.nat(3),
  nature: fc.constantFrom(...NATURES),
  type: fc.constantFrom('income', 'expense'),
  amount: fc.integer({ min: 1, max: 500_000 }),
  destinationAmount: fc.integer({ min: 1, max: 500_000 }),
  day: fc.nat(364),
});
const operation = fc.oneof(
  { weight: 4, arbitrary: create },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      creates: fc.array(create, { minLength: 2, maxLength: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      target: fc.nat(),
      amount: fc.option(fc.integer({ min: 1, max: 500_000 })),
      account: fc.option(fc.nat(3)),
      type: fc.option(fc.constantFrom('income', 'expense')),
      nature: fc.option(fc.constantFrom(...NATURES)),
      to: fc.nat(3),
      destinationAmount: fc.integer({ min: 1, max: 500_000 }),
      day: fc.option(fc.nat(364)),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('link' as const), a: fc.nat(), b: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unlink' as const), target: fc.nat() }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
type Create = typeof create extends fc.Arbitrary<infer T> ? T : never;

interface World {
  token: string;
  userId: number;
  accounts: Array<{ id: number; currency: string }>;
  food: number;
}

async function world(): Promise<World> {
  const balances = [
    ['UAH', 1_000_000],
    ['UAH', 0],
    ['USD', 50_000],
    ['USD', -20_000],
  ] as const;
  const w = await buildWorld(t, {
    currencies: { USD: { rate: 40, from: { '2026-06-01': 42.5 } } },
    accounts: balances.map(([currency, initialBalance]) => ({
      name: `${currency} ${initialBalance}`,
      currency,
      initialBalance,
    })),
  });
  return {
    token: w.token,
    userId: w.id,
    accounts: w.accounts.map((id, i) => ({ id, currency: balances[i]![0] })),
    food: w.category('Food & Drinks'),
  };
}

async function all(w: World): Promise<Transaction[]> {
  return (await t.call('GET', '/api/v1/transactions?limit=200&order=asc', { token: w.token })).body.response;
}

function createBody(w: World, op: Create) {
  const from = w.accounts[op.account % w.accounts.length]!;
  const to = w.accounts[op.to % w.accounts.length]!;
  return {
    amount: op.amount,
    transactionType: op.type,
    accountId: from.id,
    time: day(op.day),
    transferNature: op.nature,
    ...(op.nature === 'not_transfer' ? { categoryId: w.food } : {}),
    ...(op.nature === 'transfer_between_user_accounts'
      ? {
          destinationAccountId: to.id,
          ...(to.currency !== from.currency ? { destinationAmount: op.destinationAmount } : {}),
        }
      : {}),
  };
}

async function run(w: World, op: Operation): Promise<number[]> {
  const existing = await all(w);
  const pick = (n: number) => existing[n % Math.max(existing.length, 1)];
  switch (op.kind) {
    case 'create':
      return [(await t.call('POST', '/api/v1/transactions', { token: w.token, body: createBody(w, op) })).status];
    case 'batch':
      return (
        await Promise.all(
          op.creates.map((c) => t.call('POST', '/api/v1/transactions', { token: w.token, body: createBody(w, c) })),
        )
      ).map((r) => r.status);
    case 'update': {
      const target = pick(op.target);
      if (!target) return [];
      const body: Record<string, unknown> = {};
      if (op.amount !== null) body.amount = op.amount;
      if (op.account !== null) body.accountId = w.accounts[op.account % w.accounts.length]!.id;
      if (op.type !== null) body.transactionType = op.type;
      if (op.day !== null) body.time = day(op.day);
      if (op.nature !== null) {
        body.transferNature = op.nature;
        if (op.nature === 'not_transfer') body.categoryId = w.food;
        if (op.nature === 'transfer_between_user_accounts') {
          body.destinationAccountId = w.accounts[op.to % w.accounts.length]!.id;
          body.destinationAmount = op.destinationAmount;
        }
      }
      return [(await t.call('PUT', `/api/v1/transactions/${target.id}`, { token: w.token, body })).status];
    }
    case 'delete': {
      const target = pick(op.target);
      return target ? [(await t.call('DELETE', `/api/v1/transactions/${target.id}`, { token: w.token })).status] : [];
    }
    case 'link': {
      const [a, b] = [pick(op.a), pick(op.b)];
      if (!a || !b) return [];
      return [
        (await t.call('PUT', '/api/v1/transactions/link', { token: w.token, body: { ids: [[a.id, b.id]] } })).status,
      ];
    }
    case 'unlink': {
      const transfers = existing.filter((tx) => tx.transferId !== null);
      const target = transfers[op.target % Math.max(transfers.length, 1)];
      if (!target) return [];
      const body = { transferIds: [target.transferId] };
      return [(await t.call('PUT', '/api/v1/transactions/unlink', { token: w.token, body })).status];
    }
  }
}

async function consistencyProblems(w: World): Promise<string[]> {
  const problems = await ledgerProblems(t, w.userId);
  const rows = await t.handle.db.select().from(transactions).where(eq(transactions.userId, w.userId));
  const byTransfer = new Map<number, typeof rows>();
  for (const row of rows) {
    if (row.refAmount !== Math.round(row.amount * row.rate)) {
      problems.push(`tx ${row.id}: refAmount ${row.refAmount} ≠ ${row.amount} × ${row.rate}`);
    }
    if (row.transferNature === 'transfer_between_user_accounts') {
      if (row.transferId === null) problems.push(`tx ${row.id}: a transfer leg without a transfer id`);
      else byTransfer.set(row.transferId, [...(byTransfer.get(row.transferId) ?? []), row]);
    } else if (row.transferId !== null) {
      problems.push(`tx ${row.id}: ${row.transferNature} with transfer id ${row.transferId}`);
    }
    if (row.transferNature === 'not_transfer' && row.categoryId === null) {
      problems.push(`tx ${row.id}: an ordinary transaction without a category`);
    }
  }
  for (const [transferId, legs] of byTransfer) {
    const [a, b] = legs;
    if (legs.length !== 2 || !a || !b) {
      problems.push(`transfer ${transferId}: ${legs.length} legs`);
      continue;
    }
    if (a.accountId === b.accountId) problems.push(`transfer ${transferId}: both legs on one account`);
    if (a.transactionType === b.transactionType) problems.push(`transfer ${transferId}: legs of one type`);
  }
  return problems;
}

describe('the ledger under random operations', () => {
  it('keeps balances, day deltas, transfer pairs and base-currency figures consistent after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 18 }), async (operations) => {
        const w = await world();
        for (const op of operations) {
          const statuses = await run(w, op);
          // Refusals are fine (a link of two expenses, say); an answer of 500 never is.
          for (const status of statuses) expect(status, JSON.stringify(op)).toBeLessThan(500);
          expect(await consistencyProblems(w), JSON.stringify(op)).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
    // Some 200 requests through the whole stack, each followed by a consistency read.
  }, 180_000);
});
