// Builds a large, realistic history for one user straight in the database: accounts through the
// API, then transactions with one set-based INSERT, then balances and day deltas recomputed from
// them, so the ledger invariant holds exactly as if every row had come through the API.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export interface SeedOptions {
  transactions: number;
  accounts: number;
  years: number;
}

export interface SeededUser {
  token: string;
  userId: number;
  accountIds: number[];
  categoryIds: number[];
}

async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.body ? JSON.parse(res.body).response : undefined;
}

export async function seedUser(app: FastifyInstance, options: SeedOptions): Promise<SeededUser> {
  const username = `bench${Date.now()}`;
  const password = 'bench password';
  const { user } = await call(app, 'POST', '/auth/register', undefined, { username, password });
  const { token } = await call(app, 'POST', '/auth/login', undefined, { username, password });
  const currencies = (await call(app, 'GET', '/models/currencies')) as Array<{ id: number; code: string }>;
  const idOf = (code: string) => currencies.find((c) => c.code === code)!.id;
  await call(app, 'POST', '/user/currencies/base', token, { currencyId: idOf('UAH') });
  await call(app, 'POST', '/user/currencies', token, {
    currencies: [{ currencyId: idOf('USD') }, { currencyId: idOf('EUR') }],
  });
  // No custom rates: foreign accounts are valued through the provider rate series (the emulator's
  // history), the path real users take.
  const accountIds: number[] = [];
  for (let i = 0; i < options.accounts; i++) {
    const code = i % 5 === 3 ? 'USD' : i % 5 === 4 ? 'EUR' : 'UAH';
    const account = await call(app, 'POST', '/accounts', token, {
      name: `Account ${i + 1} (${code})`,
      currencyId: idOf(code),
      initialBalance: 1_000_000,
    });
    accountIds.push(account.id);
  }
  const categoryIds = ((await call(app, 'GET', '/categories', token)) as Array<{ id: number }>).map((c) => c.id);

  const db = app.db;
  const days = Math.round(options.years * 365);
  // Deterministic pseudo-random columns from the row number (no random(): repeatable runs).
  await db.execute(sql`
    insert into transactions (user_id, account_id, amount, ref_amount, ref_currency_id, rate, transaction_type,
      payment_type, time, note, category_id, transfer_nature)
    select ${user.id},
      (${sql.raw(`array[${accountIds.join(',')}]`)})[1 + ((n * 7919) % ${accountIds.length}::int)::int],
      amt, amt, ${idOf('UAH')}::int, 1,
      case when n % 9 = 0 then 'income' else 'expense' end,
      'debitCard',
      now() - ((n * 104729) % ${days}::int) * interval '1 day' - ((n * 15485863) % 86400) * interval '1 second',
      case when n % 13 = 0 then 'coffee with friends' when n % 17 = 0 then 'groceries for the week' else '' end,
      (${sql.raw(`array[${categoryIds.join(',')}]`)})[1 + ((n * 31) % ${categoryIds.length}::int)::int],
      'not_transfer'
    from (select n, 100 + (n * 2654435761) % 500000 as amt from generate_series(1::bigint, ${options.transactions}::bigint) as n) s`);
  // Every twentieth row becomes a transfer between two hryvnia accounts: its opposite leg is added
  // on the next account of that currency, with the same time and amount.
  const uahAccounts = accountIds.filter((_, i) => i % 5 < 3);
  await db.execute(sql`
    with moved as (
      update transactions t set transfer_nature = 'transfer_between_user_accounts', category_id = null,
        transaction_type = 'expense', transfer_id = nextval('transfer_id_seq'),
        account_id = (${sql.raw(`array[${uahAccounts.join(',')}]`)})[1 + (t.id % ${uahAccounts.length}::int)::int]
      where t.user_id = ${user.id} and t.id % 20 = 0
      returning t.*
    )
    insert into transactions (user_id, account_id, amount, ref_amount, ref_currency_id, rate, transaction_type,
      payment_type, time, note, transfer_nature, transfer_id, created_by_transfer)
    select user_id, (${sql.raw(`array[${uahAccounts.join(',')}]`)})[1 + ((id + 1) % ${uahAccounts.length}::int)::int],
      amount, amount, ref_currency_id, 1, 'income', payment_type, time, note, transfer_nature, transfer_id, true
    from moved`);
  // Ref figures at a fixed rate per currency (seed data; the API would have used each day's rate).
  await db.execute(sql`
    update transactions t set rate = r.rate, ref_amount = round(t.amount * r.rate)
    from accounts a join currencies c on c.id = a.currency_id
    join (values ('USD', 41.2::float8), ('EUR', 48.1::float8)) as r(code, rate) on r.code = c.code
    where t.account_id = a.id and t.user_id = ${user.id}`);
  await db.execute(sql`
    insert into account_day_deltas (account_id, user_id, day, delta)
    select account_id, user_id, (time at time zone 'UTC')::date,
      sum(case when transaction_type = 'income' then amount else -amount end)
    from transactions where user_id = ${user.id} group by account_id, user_id, (time at time zone 'UTC')::date`);
  await db.execute(sql`
    update accounts a set current_balance = a.initial_balance + coalesce(d.total, 0)
    from (select account_id, sum(delta) as total from account_day_deltas where user_id = ${user.id} group by account_id) d
    where d.account_id = a.id`);
  // As autovacuum would soon after: fresh statistics and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
  return { token, userId: user.id, accountIds, categoryIds };
}
