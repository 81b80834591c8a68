import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerProblems } from '../../../test/ledger.ts';
import {
  addBankClient,
  allTransactions,
  type BankWorld,
  pairUser,
  startBankWorld,
  waitForJob,
} from '../../../test/monobank.ts';
import { fixedClock } from '../../lib/clock.ts';

/**
 * Whatever the bank does and however its news arrives — the webhook, a repeated delivery, a sync,
 * a refresh of the cards, in the same second or hours apart — the ledger holds
 * (current = initial + Σ), each bank item is one row, and once the news is in, every bank account
 * shows the balance the bank states.
 */
const clock = fixedClock('2026-10-01T09:00:00Z');
let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld({ now: () => clock.now() }, {}, { clock, listen: true });
});
afterAll(() => world.close());

const api = (path: string) => `/api/v1/banks/monobank${path}`;

const operation = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      jar: fc.boolean(),
      amount: fc.integer({ min: -80_000, max: 40_000 }).filter((amount) => amount !== 0),
      hold: fc.boolean(),
      // 0: the same second as what came before it (a refresh's reading too).
      advance: fc.constantFrom(0, 1, 59, 3_600),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      hold: fc.nat(),
      change: fc.integer({ min: -5_000, max: 5_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sync' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refresh' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('redeliver' as const), item: fc.nat() }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

async function pendingEvents(): Promise<number> {
  const result = await world.t.handle.db.execute(sql`select count(*)::int as n from monobank_webhook_events`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('bank news and the ledger', () => {
  it('keeps the ledger exact and the bank’s balances, under any sequence of bank events and syncs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations: Operation[]) => {
        const { t, bank } = world;
        const { token, info } = addBankClient(bank, {
          accounts: [{ id: 'card', balance: 1_000_000, creditLimit: 200_000 }],
          jars: [{ id: 'jar', balance: 50_000 }],
        });
        const user = await pairUser(t, token);
        const accountOf = Object.fromEntries(user.pairing.accounts.map((a) => [a.externalId, a.id]));
        const registered = await t.call('POST', api('/update-webhook'), {
          token: user.token,
          body: { clientId: info.clientId, enabled: true },
        });
        expect(registered.status).toBe(200);
        const hook = bank.clientInfo(token).webHookUrl;
        const emitted: Array<{ id: string; account: string }> = [];
        const holds: string[] = [];
        /** Events the bank posts to the webhook: every new item and every settled hold. */
        let posted = 0;

        for (const op of operations) {
          if (op.kind === 'purchase') {
            clock.advance(op.advance * 1000);
            const account = op.jar ? 'jar' : 'card';
            const item = bank.emitPurchase({ token, account, amount: op.amount, hold: op.hold, mcc: 5411 });
            emitted.push({ id: item.id, account });
            if (op.hold) holds.push(item.id);
            posted += 1;
          } else if (op.kind === 'settle' && holds.length > 0) {
            const id = holds.splice(op.hold % holds.length, 1)[0]!;
            const { account } = emitted.find((e) => e.id === id)!;
            const { amount } = bank.statement(token, account).find((i) => i.id === id)!;
            // A hold settles at a somewhat different amount, never the other way round.
            const final = Math.sign(amount + op.change) === Math.sign(amount) ? amount + op.change : amount;
            bank.settleHold(id, { amount: final });
            posted += 1;
          } else if (op.kind === 'sync') {
            const res = await t.call('GET', api('/load-transactions'), { token: user.token });
            expect(res.status).toBe(202);
            expect((await waitForJob(t, user.token, res.body.response.jobId)).state).toBe('done');
          } else if (op.kind === 'refresh') {
            clock.advance(3_601_000);
            expect((await t.call('GET', api('/refresh-accounts'), { token: user.token })).status).toBe(200);
          } else if (op.kind === 'redeliver' && emitted.length > 0) {
            const { id, account } = emitted[op.item % emitted.length]!;
            const statementItem = bank.statement(token, account).find((i) => i.id === id)!;
            const res = await fetch(hook, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ type: 'StatementItem', data: { account, statementItem } }),
            });
            expect(res.status).toBe(200);
          }

          // The news is in: every event answered 200 and applied.
          await vi.waitFor(
            async () => {
              const answered = bank.webhookCalls().filter((c) => c.kind === 'event' && c.url === hook && c.ok);
              expect(answered).toHaveLength(posted);
              expect(await pendingEvents()).toBe(0);
            },
            { timeout: 10_000, interval: 10 },
          );
          expect(await ledgerProblems(t, user.id)).toEqual([]);
          const stored = await allTransactions(t, user.token);
          expect(stored.map((tx) => tx.externalId).sort()).toEqual(emitted.map((e) => e.id).sort());
          const accounts = (await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response;
          for (const [externalId, balance] of [
            ['card', bank.clientInfo(token).accounts[0]!.balance],
            ['jar', bank.clientInfo(token).jars[0]!.balance],
          ] as const) {
            const account = accounts.find((a: { id: number }) => a.id === accountOf[externalId]);
            expect(account.currentBalance, `${externalId} after ${JSON.stringify(op)}`).toBe(balance);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
