import type { Transaction } from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';
import { DAY_SKIP_FROM } from './queries/pages.ts';

/**
 * Pages deep in the list by offset start at the day their first row falls on, found by the day
 * counts every write keeps (queries.ts selectPageStartDay). Each page must equal the same slice of
 * the list read by cursor, which walks the rows themselves.
 */
const clock = fixedClock('2026-11-25T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

const DAYS = 24;
/** Rows a day: the list runs past DAY_SKIP_FROM by about two days' worth. */
const PER_DAY = Math.ceil((DAY_SKIP_FROM * 1.1) / DAYS);

type Order = 'desc' | 'asc';

async function list(token: string, query: string): Promise<Transaction[]> {
  const res = await t.call('GET', `/api/v1/transactions?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
}

/** The whole list in the order, by cursor. */
async function everyRow(token: string, order: Order, filter = ''): Promise<Transaction[]> {
  const all: Transaction[] = [];
  for (let cursor = ''; ; ) {
    const page = await list(token, `limit=200&order=${order}${filter}${cursor}`);
    all.push(...page);
    if (page.length < 200) return all;
    const last = page.at(-1)!;
    cursor = `&cursor=${encodeURIComponent(`${last.time}_${last.id}`)}`;
  }
}

/** Each page by offset from DAY_SKIP_FROM to past the end equals the same slice of the list by cursor. */
async function expectPagesMatch(token: string, filter = '') {
  for (const order of ['desc', 'asc'] as const) {
    const all = await everyRow(token, order, filter);
    const offsets = [DAY_SKIP_FROM, DAY_SKIP_FROM + 1, DAY_SKIP_FROM + PER_DAY - 1, all.length - 7, all.length];
    for (const from of [...offsets, all.length + 500]) {
      const page = await list(token, `limit=50&from=${from}&order=${order}${filter}`);
      expect(
        page.map((row) => row.id),
        `${order} from ${from}${filter}`,
      ).toEqual(all.slice(from, from + 50).map((row) => row.id));
    }
  }
}

/**
 * A user in Kyiv with two cards: PER_DAY rows on each of DAYS days, some around midnight (UTC and
 * local), every tenth a transfer between the cards (a leg on each).
 */
async function busyUser() {
  const w = await buildWorld(t, {
    accounts: [
      { name: 'Card', currency: 'UAH', initialBalance: 10_000_000 },
      { name: 'Cash', currency: 'UAH', initialBalance: 10_000_000 },
    ],
  });
  const zone = await t.call('PUT', '/api/v1/user/settings', { token: w.token, body: { timeZone: 'Europe/Kyiv' } });
  expect(zone.status).toBe(200);
  await waitForBaseChange(t, w.token);
  const bodies: Array<Record<string, unknown>> = [];
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(Date.UTC(2026, 9, 1 + day));
    for (let i = 0; i < PER_DAY; i++) {
      // Minutes through the UTC day, and the first few right around 21:00/22:00 UTC (Kyiv's midnight) and 00:00 UTC.
      const minute = [0, 1, 21 * 60 - 1, 21 * 60, 22 * 60 - 1, 22 * 60, 24 * 60 - 1][i] ?? (i * 37) % (24 * 60);
      const time = new Date(date.getTime() + minute * 60_000).toISOString();
      const accountId = w.accounts[i % 2];
      bodies.push(
        i % 10 === 9
          ? {
              amount: 100,
              transactionType: 'expense',
              accountId,
              transferNature: 'transfer_between_user_accounts',
              destinationAccountId: w.accounts[(i + 1) % 2],
              time,
            }
          : { amount: 100 + i, transactionType: 'expense', accountId, categoryId: w.category('Groceries'), time },
      );
    }
  }
  // Eight clients, as people's devices would.
  for (let i = 0; i < bodies.length; i += 8) await Promise.all(bodies.slice(i, i + 8).map((body) => w.record(body)));
  return w;
}

describe('a page deep in the list by offset', () => {
  it('is the same slice as by cursor, in both orders, for all rows and one account, as rows change and the zone moves', async () => {
    const w = await busyUser();
    const [card] = w.accounts;
    await expectPagesMatch(w.token);
    await expectPagesMatch(w.token, `&accountIds=${card}`);

    // Rows go, and others move to another day (one across the local midnight).
    const rows = await everyRow(w.token, 'desc');
    for (const row of rows
      .filter((row) => row.transferNature === 'not_transfer')
      .slice(0, 400)
      .filter((_, i) => i % 7 === 0)) {
      expect((await t.call('DELETE', `/api/v1/transactions/${row.id}`, { token: w.token })).status).toBe(204);
    }
    const moved = rows.filter((row) => row.transferNature === 'not_transfer').slice(-300, -250);
    for (const [i, row] of moved.entries()) {
      const time = new Date(Date.parse(row.time) + (i % 2 === 0 ? 3 : -9) * 86_400_000 + 30 * 60_000).toISOString();
      const res = await t.call('PUT', `/api/v1/transactions/${row.id}`, { token: w.token, body: { time } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await expectPagesMatch(w.token);

    // Another zone: the days regroup in the background, and the pages follow once they have.
    const zone = await t.call('PUT', '/api/v1/user/settings', {
      token: w.token,
      body: { timeZone: 'Pacific/Auckland' },
    });
    expect(zone.status).toBe(200);
    await waitForBaseChange(t, w.token);
    await expectPagesMatch(w.token);
    await expectPagesMatch(w.token, `&accountIds=${card}`);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
    // Some thousands of requests: a bound on a hung run on a busy machine, not a figure it asserts.
  }, 90_000);

  it('starts at the day the counts give, and walks the rows below DAY_SKIP_FROM or with other filters', async () => {
    const w = await busyUser();
    const all = await everyRow(w.token, 'desc');
    // Three more rows counted on the newest day than it has: every page past it starts three rows early.
    await t.handle.db.execute(sql`
      update account_day_deltas set transaction_count = transaction_count + 3
      where (account_id, day) = (select account_id, day from account_day_deltas
        where user_id = ${w.id} order by day desc, account_id limit 1)`);
    const deep = await list(w.token, `limit=50&from=${DAY_SKIP_FROM}`);
    expect(deep.map((row) => row.id)).toEqual(all.slice(DAY_SKIP_FROM - 3, DAY_SKIP_FROM + 47).map((row) => row.id));
    // Shallower pages, and pages with a filter the counts do not know, walk the rows.
    const shallow = await list(w.token, `limit=50&from=${DAY_SKIP_FROM - 1}`);
    expect(shallow.map((row) => row.id)).toEqual(all.slice(DAY_SKIP_FROM - 1, DAY_SKIP_FROM + 49).map((row) => row.id));
    const expenses = await everyRow(w.token, 'desc', '&transactionType=expense');
    const filtered = await list(w.token, `limit=50&from=${DAY_SKIP_FROM}&transactionType=expense`);
    expect(filtered.map((row) => row.id)).toEqual(
      expenses.slice(DAY_SKIP_FROM, DAY_SKIP_FROM + 50).map((row) => row.id),
    );
  });
});
