import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, testConfig } from '../../test/app.ts';
import { buildWorld } from '../../test/world.ts';
import { buildApp } from '../app.ts';
import { databaseUpkeep, GROWING_TABLES, maintainStaleTables, WRITES_PER_LOOK } from './maintenance.ts';
import { scheduledTasks, transactions } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function statisticsOf(table: string) {
  const result = (await t.handle.db.execute(sql`
    select c.reltuples::float8 as reltuples, (select count(*)::int from pg_stats s where s.tablename = c.relname) as columns
    from pg_class c where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace`)) as unknown as {
    rows: Array<{ reltuples: number; columns: number }>;
  };
  return result.rows[0]!;
}

/** Rows an index-only scan of the user's day figures had to read from the table: none once vacuumed. */
async function heapFetchesOfDays(userId: number): Promise<number> {
  await t.handle.db.execute(sql`set enable_seqscan = off`);
  try {
    const result = (await t.handle.db.execute(sql`
      explain (analyze, format json) select day, delta from account_day_deltas where user_id = ${userId} order by day`)) as unknown as {
      rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
    };
    const fetches = (node: PlanNode): number =>
      (node['Heap Fetches'] ?? 0) + (node.Plans ?? []).reduce((sum, child) => sum + fetches(child), 0);
    const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan;
    expect(JSON.stringify(plan)).toContain('Index Only Scan');
    return fetches(plan);
  } finally {
    await t.handle.db.execute(sql`reset enable_seqscan`);
  }
}
interface PlanNode {
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** `count` expenses of one account straight into the table, as a large import leaves them. */
async function insertTransactions(userId: number, accountId: number, count: number) {
  await t.handle.db.execute(sql`
    insert into transactions (user_id, account_id, amount, ref_amount, ref_currency_id, rate, transaction_type,
      payment_type, time, note, transfer_nature)
    select ${userId}, ${accountId}, 100 + n, 100 + n, a.currency_id, 1, 'expense', 'debitCard',
      timestamptz '2026-01-01 00:00:00+00' + n * interval '1 hour', '', 'not_transfer'
    from generate_series(1, ${count}) n, accounts a where a.id = ${accountId}`);
}

describe('database maintenance', () => {
  it('vacuums and analyzes a table never analyzed, then again only once it grew by more than a tenth', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    await insertTransactions(world.id, world.accounts[0], 2_000);

    expect(await maintainStaleTables(t.handle.db)).toContain('transactions');
    const analyzed = await statisticsOf('transactions');
    expect(analyzed.reltuples).toBeGreaterThanOrEqual(2_000);
    expect(analyzed.columns).toBeGreaterThan(0);

    expect(await maintainStaleTables(t.handle.db)).not.toContain('transactions');
    await insertTransactions(world.id, world.accounts[0], 100);
    expect(await maintainStaleTables(t.handle.db)).not.toContain('transactions');
    await insertTransactions(world.id, world.accounts[0], 1_000);
    expect(await maintainStaleTables(t.handle.db)).toContain('transactions');
    expect((await statisticsOf('transactions')).reltuples).toBeGreaterThanOrEqual(3_100);
  });

  it('analyzes a table kept per day once its newest day is more than a week past the last day its statistics know', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    const addDay = (day: string) =>
      t.handle.db.execute(sql`
        insert into account_day_deltas (account_id, user_id, day, delta, transaction_count)
        values (${account}, ${world.id}, ${day}::date, 100, 1)`);
    // Four hundred days of one account, analyzed as of its newest.
    await t.handle.db.execute(sql`
      insert into account_day_deltas (account_id, user_id, day, delta, transaction_count)
      select ${account}, ${world.id}, date '2031-01-01' + n, 100, 1 from generate_series(0, 399) n`);
    await t.handle.db.execute(sql`analyze account_day_deltas`);
    const lastKnownDay = async () => {
      const result = (await t.handle.db.execute(sql`
        select greatest((histogram_bounds::text::date[])[cardinality(histogram_bounds::text::date[])],
          (select max(v) from unnest(most_common_vals::text::date[]) v))::text as day
        from pg_stats where tablename = 'account_day_deltas' and attname = 'day'`)) as unknown as {
        rows: Array<{ day: string }>;
      };
      return result.rows[0]!.day;
    };
    expect(await lastKnownDay()).toBe('2032-02-04');

    // A few days on: not grown by a tenth, and within a week of what the planner knows.
    await addDay('2032-02-10');
    expect(await maintainStaleTables(t.handle.db)).not.toContain('account_day_deltas');
    expect(await lastKnownDay()).toBe('2032-02-04');

    // Weeks on: a month's range would be planned as one row, so the statistics are taken again.
    await addDay('2032-03-20');
    expect(await maintainStaleTables(t.handle.db)).toContain('account_day_deltas');
    expect(await lastKnownDay()).toBe('2032-03-20');
  });

  it('is a periodic task on the embedded database only: PostgreSQL has autovacuum', async () => {
    const { tasks } = databaseUpkeep(t.handle, t.app.log);
    if (t.handle.kind === 'postgres') expect(tasks).toEqual([]);
    else {
      expect(tasks.map((task) => task.name)).toEqual(['database-maintenance']);
      await tasks[0]!.run();
      expect(await maintainStaleTables(t.handle.db)).toEqual([]);
    }
  });

  it("runs in the scheduler's first pass once the server listens, and not while it is being built", async () => {
    if (t.handle.kind === 'postgres') return;
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const before = await t.handle.db.$count(transactions);
    // Doubled at least: stale whatever an earlier test left analyzed.
    await insertTransactions(world.id, world.accounts[0], Math.max(1_000, before));
    const total = await t.handle.db.$count(transactions);
    await t.handle.db.delete(scheduledTasks);
    // Other instances on the same database, as after a restart.
    const shared = { ...t.handle, close: async () => {} };
    const config = testConfig({ backgroundJobs: true, schedulerCheckMs: 20 });

    const notListening = await buildApp(config, { database: shared });
    await notListening.ready();
    // Five of its checks' worth: a scheduler started with the app would have claimed a task by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notListening.close();
    expect(await t.handle.db.select().from(scheduledTasks)).toEqual([]);

    const started = await buildApp(config, { database: shared });
    try {
      await started.listen({ port: 0, host: '127.0.0.1' });
      await vi.waitFor(async () =>
        expect((await statisticsOf('transactions')).reltuples).toBeGreaterThanOrEqual(total),
      );
    } finally {
      await started.close();
    }
    const [maintenance] = await t.handle.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.name, 'database-maintenance'));
    expect(maintenance?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('looks at the tables again after every so many writes, one pass at a time, without waiting for the periodic one', async () => {
    if (t.handle.kind === 'postgres') return;
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    await maintainStaleTables(t.handle.db);
    const upkeep = databaseUpkeep(t.handle, t.app.log, { writesPerLook: 3, quietMs: 3_600_000 });
    await insertTransactions(world.id, world.accounts[0], Math.max(1_000, await t.handle.db.$count(transactions)));
    const total = await t.handle.db.$count(transactions);

    upkeep.noteWrite();
    upkeep.noteWrite();
    await upkeep.idle();
    expect((await statisticsOf('transactions')).reltuples).toBeLessThan(total);
    upkeep.noteWrite();
    await upkeep.idle();
    expect((await statisticsOf('transactions')).reltuples).toBeGreaterThanOrEqual(total);
  });

  it('vacuums the day figures once writes pause, so reading them by index needs no rows from the table', async () => {
    if (t.handle.kind === 'postgres') return;
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    await maintainStaleTables(t.handle.db, GROWING_TABLES, true);
    expect(await heapFetchesOfDays(world.id)).toBe(0);
    const upkeep = databaseUpkeep(t.handle, t.app.log, { writesPerLook: 1_000, quietMs: 50 });
    for (let day = 1; day <= 20; day++) {
      await world.record({
        accountId: world.accounts[0],
        transactionType: 'expense',
        amount: 100 + day,
        categoryId: world.category('Groceries'),
        time: `2026-03-${String(day).padStart(2, '0')}T12:00:00.000Z`,
      });
      upkeep.noteWrite();
    }
    // The writes took the marks of the pages they updated: the day figures are read from the table too.
    expect(await heapFetchesOfDays(world.id)).toBeGreaterThan(0);
    // A pass after writes pause; a loaded machine may take a while over it.
    await vi.waitFor(async () => expect(await heapFetchesOfDays(world.id)).toBe(0), { timeout: 10_000, interval: 50 });
    await upkeep.idle();
  });

  it(`brings the look forward after ${WRITES_PER_LOOK} writing requests to the server`, async () => {
    if (t.handle.kind === 'postgres') return;
    await t.handle.db.delete(scheduledTasks);
    const shared = { ...t.handle, close: async () => {} };
    // Its periodic pass runs once, at the start, and not again within the test.
    const server = await startTestApp({ backgroundJobs: true, schedulerCheckMs: 3_600_000 }, { database: shared });
    try {
      await vi.waitFor(async () => {
        const [task] = await t.handle.db
          .select()
          .from(scheduledTasks)
          .where(eq(scheduledTasks.name, 'database-maintenance'));
        expect(task?.lastSuccessAt).toBeInstanceOf(Date);
      });
      const world = await buildWorld(server, { accounts: [{ currency: 'UAH' }] });
      await insertTransactions(world.id, world.accounts[0], Math.max(1_000, await t.handle.db.$count(transactions)));
      const total = await t.handle.db.$count(transactions);
      expect((await statisticsOf('transactions')).reltuples).toBeLessThan(total);
      const create = async (i: number) => {
        const created = await server.call('POST', '/api/v1/transactions', {
          token: world.token,
          body: {
            accountId: world.accounts[0],
            transactionType: 'expense',
            amount: 100 + i,
            categoryId: world.category('Groceries'),
          },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
      };
      for (let i = 0; i < WRITES_PER_LOOK; i++) await create(i);
      // Writes go on meanwhile, so the look that follows a pause in them cannot be what the test
      // sees: the count brought it. It ANALYZEs thousands of rows, a while on a loaded machine.
      const analyzed = async () => (await statisticsOf('transactions')).reltuples >= total;
      for (let more = 0; more < 400 && !(await analyzed()); more++) await create(WRITES_PER_LOOK + more);
      expect(await analyzed()).toBe(true);
    } finally {
      await server.close();
    }
  });
});
