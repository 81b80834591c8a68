// The demo's ready-made user (`npm run demo`): created once, through the HTTP API as a person's
// data would be, with four months of everyday life in three currencies — a salary, rent and bills,
// groceries and eating out, a dollar savings account fed every month, cash taken out, a trip paid
// in euros, and a budget — so the dashboard has something to show from the first sign-in.
import { prng } from '../packages/fakes/src/random.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'kopiyka-demo';

type Body = Record<string, unknown>;

/** Signs the demo user in, creating and filling it first if it does not exist; answers whether it was new. */
export async function ensureDemoUser(apiBase: string, now = new Date()): Promise<boolean> {
  async function call(method: string, path: string, body?: Body, token?: string) {
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : undefined;
    return { status: res.status, response: parsed?.response };
  }
  async function must(method: string, path: string, body?: Body, token?: string) {
    const res = await call(method, path, body, token);
    if (res.status >= 300)
      throw new Error(`demo data: ${method} ${path} answered ${res.status} ${JSON.stringify(res.response)}`);
    return res.response;
  }

  const credentials = { username: DEMO_USERNAME, password: DEMO_PASSWORD };
  if ((await call('POST', '/auth/login', credentials)).status === 200) return false;
  await must('POST', '/auth/register', credentials);
  const { token } = await must('POST', '/auth/login', credentials);
  const currencies: Array<{ id: number; code: string }> = await must('GET', '/models/currencies');
  const currencyId = (code: string) => currencies.find((c) => c.code === code)!.id;
  await must('POST', '/user/currencies/base', { currencyId: currencyId('UAH') }, token);
  const categories: Array<{ id: number; name: string }> = await must('GET', '/categories', undefined, token);
  const category = (name: string) => categories.find((c) => c.name === name)!.id;

  const account = async (name: string, code: string, accountCategory: string, initialBalance: number) =>
    (await must('POST', '/accounts', { name, currencyId: currencyId(code), accountCategory, initialBalance }, token))
      .id as number;
  const card = await account('Debit card', 'UAH', 'current-account', 2_350_000);
  const cash = await account('Cash', 'UAH', 'cash', 180_000);
  const dollars = await account('Dollar savings', 'USD', 'saving', 150_000);
  const euros = await account('Euro account', 'EUR', 'current-account', 80_000);

  // The same demo every time for the same day.
  const next = prng(0x6b6f70);
  const between = (min: number, max: number) => Math.round(min + next() * (max - min));
  const at = (day: Date, hour: number) => {
    const time = new Date(day);
    time.setUTCHours(hour, between(0, 59), 0, 0);
    return time.toISOString();
  };
  // Nothing later than now: today's evening has not happened yet.
  const record = (body: Body) =>
    Date.parse(String(body.time)) <= now.getTime() ? must('POST', '/transactions', body, token) : undefined;
  const spend = (accountId: number, name: string, amount: number, time: string, note = '') =>
    record({ accountId, categoryId: category(name), amount, transactionType: 'expense', time, note });
  const earn = (accountId: number, name: string, amount: number, time: string, note = '') =>
    record({ accountId, categoryId: category(name), amount, transactionType: 'income', time, note });
  const move = (from: number, to: number, amount: number, destinationAmount: number, time: string, note: string) =>
    record({
      accountId: from,
      destinationAccountId: to,
      amount,
      destinationAmount,
      transactionType: 'expense',
      transferNature: 'transfer_between_user_accounts',
      time,
      note,
    });

  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1));
  for (let day = new Date(first); day < now; day = new Date(day.getTime() + 86_400_000)) {
    const date = day.getUTCDate();
    const weekday = day.getUTCDay();
    if (date === 1) {
      await spend(card, 'Rent', 1_200_000, at(day, 9), 'Flat, Podil');
      await spend(card, 'Energy, utilities', between(180_000, 260_000), at(day, 10), 'Kyivenergo, water, heating');
    }
    if (date === 3) await spend(card, 'Phone', 30_000, at(day, 8), 'Kyivstar');
    if (date === 4) await spend(card, 'Internet', 25_000, at(day, 8), 'Volia');
    if (date === 5) await earn(card, 'Wage, invoices', 6_200_000, at(day, 10), 'Salary');
    if (date === 20) await earn(card, 'Freelance', between(800_000, 1_400_000), at(day, 15), 'Website for a bakery');
    if (date === 6) await move(card, dollars, 840_000, 20_000, at(day, 11), 'Savings');
    if (date === 8) await move(card, cash, 300_000, 300_000, at(day, 18), 'ATM');
    if (date === 15) await spend(card, 'Books, audio, subscriptions', 19_900, at(day, 7), 'Music streaming');
    if (next() < 0.5) await spend(card, 'Groceries', between(25_000, 120_000), at(day, 19), 'Silpo');
    if (weekday === 6 && next() < 0.8) await spend(cash, 'Groceries', between(20_000, 60_000), at(day, 11), 'Market');
    if (next() < 0.22) await spend(card, 'Restaurants, fast food', between(35_000, 180_000), at(day, 20), 'Dinner');
    if (next() < 0.4) await spend(cash, 'Bars, cafés', between(6_000, 15_000), at(day, 9), 'Coffee');
    if (next() < 0.25) await spend(card, 'Taxi', between(12_000, 38_000), at(day, 22), 'Uklon');
    if (next() < 0.08) await spend(card, 'Pharmacy', between(9_000, 60_000), at(day, 17));
    if (next() < 0.05) await spend(card, 'Clothes & shoes', between(90_000, 350_000), at(day, 16));
    // A week away in the second month: paid from the euro account.
    const tripDay = Math.floor((day.getTime() - first.getTime()) / 86_400_000) - 40;
    if (tripDay >= 0 && tripDay < 6) {
      if (tripDay === 0) await spend(euros, 'Holidays, trips, hotels', 36_000, at(day, 14), 'Hotel, Kraków');
      await spend(euros, 'Restaurants, fast food', between(1_500, 4_500), at(day, 13), 'Lunch');
    }
  }

  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1);
  await must(
    'POST',
    '/budgets',
    {
      name: 'Food this month',
      limitAmount: 1_500_000,
      startDate: monthStart.toISOString(),
      endDate: monthEnd.toISOString(),
      categoryIds: [category('Food & Drinks')],
    },
    token,
  );
  return true;
}
