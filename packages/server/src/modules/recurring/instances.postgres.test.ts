import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresTestDatabase, startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

/**
 * Two instances on one PostgreSQL database, both with their jobs on, racing for the same due
 * occurrences: each occurrence is recorded once.
 */
const clock = fixedClock('2026-05-10T09:00:00Z');
const SCHEDULES = 8;
const DAYS = 40;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const [first, second] = await openPostgresTestDatabase(2);
  const options = { backgroundJobs: true, schedulerCheckMs: 10 };
  a = await startTestApp(options, { clock, database: first });
  b = await startTestApp(options, { clock, database: second });
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('two instances', () => {
  it('record each occurrence of many schedules once between them', async () => {
    const users = await Promise.all([0, 1].map(() => buildWorld(a, { accounts: [{ currency: 'UAH' }] })));
    for (const [i, w] of users.entries()) {
      for (let n = 0; n < SCHEDULES / users.length; n++) {
        const res = await (i === 0 ? a : b).call('POST', '/api/v1/recurring', {
          token: w.token,
          body: {
            name: `Daily ${n}`,
            template: {
              amount: 100 + n,
              transactionType: 'expense',
              accountId: w.accounts[0],
              categoryId: w.category('Taxi'),
            },
            schedule: { frequency: 'day', startDate: '2026-05-11', count: DAYS },
          },
        });
        expect(res.status).toBe(201);
      }
    }
    // Forty days pass at once: both instances find every schedule due.
    clock.set('2026-06-25T09:00:00Z');
    const recorded = async () => {
      const result = await a.handle.db.execute(sql`
        select count(*)::int as n, count(distinct (o.recurring_id, o.occurrence_date))::int as keys,
          (select count(*)::int from transactions) as transactions
        from recurring_occurrences o`);
      return (result as unknown as { rows: Array<{ n: number; keys: number; transactions: number }> }).rows[0]!;
    };
    await vi.waitFor(async () => expect((await recorded()).n).toBe(SCHEDULES * DAYS), {
      timeout: 60_000,
      interval: 50,
    });
    expect(await recorded()).toEqual({ n: SCHEDULES * DAYS, keys: SCHEDULES * DAYS, transactions: SCHEDULES * DAYS });
    for (const w of users) expect(await ledgerProblems(a, w.id)).toEqual([]);
  }, 120_000);
});
