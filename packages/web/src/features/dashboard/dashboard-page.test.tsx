import type { BalancePoint, Budget, BudgetStats, CashFlowPoint, CategorySpending, Transaction } from '@kopiyka/shared';
import { MutationObserver } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../api/query-client.ts';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { type FakeRequest, failure, sampleUser, success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer } from '../../test/app.tsx';
import {
  localDayEnd,
  localDayStart,
  makeBudget,
  makeMonthlyBudget,
  makeMonthStats,
  makeStats,
} from '../../test/budgets.ts';
import { makeBankUser } from '../../test/monobank.ts';
import { makeOccurrence } from '../../test/recurring.ts';
import { makeTransaction } from '../../test/transactions.ts';

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');
const param = (request: FakeRequest, name: string) => request.url.searchParams.get(name);

const accounts = [makeAccount({ id: 1, name: 'Card', currentBalance: 1_200_000 })];
const latest = [
  makeTransaction({ id: 2, time: new Date(2026, 10, 20, 9).toISOString(), note: 'Silpo' }),
  makeTransaction({ id: 1, time: new Date(2026, 10, 18, 9).toISOString(), transactionType: 'income', categoryId: 3 }),
];
/** End-of-day totals: today, the end of October and the end of September. */
const balances: Record<string, number> = { '2026-11-22': 1_200_000, '2026-10-31': 1_000_000, '2026-09-30': 800_000 };
const spendings: Record<string, CategorySpending[]> = {
  '2026-11-01': [
    { categoryId: 1, name: 'Food & Drinks', color: '#e74c3c', amount: 30_000 },
    { categoryId: 4, name: 'Housing', color: '#e67e22', amount: 10_000 },
  ],
  '2026-10-01': [{ categoryId: 1, name: 'Food & Drinks', color: '#e74c3c', amount: 50_000 }],
};
const history: BalancePoint[] = [
  { date: '2026-11-01', accountId: 1, balance: 1_000_000, refBalance: 1_000_000 },
  { date: '2026-11-02', accountId: 1, balance: 1_100_000, refBalance: 1_100_000 },
];
const flow = (from: string): CashFlowPoint[] => [
  { period: from, income: 0, expense: 0, net: 0 },
  { period: '2026-11-01', income: 500_000, expense: 40_000, net: 460_000 },
];

function dashboardServer(overrides: Handlers = {}, transactions: Transaction[] = latest) {
  return signedInServer({
    'GET /accounts': () => success(accounts),
    'GET /transactions': () => success(transactions),
    'GET /user/settings': () => success({ locale: 'en', stats: { excludedCategoryIds: [3] } }),
    'GET /stats/total-balance': (request) => {
      const date = param(request, 'date') ?? '';
      return success({ date, refBalance: balances[date] ?? 0, unvaluedAccountIds: [] });
    },
    'GET /stats/total-balance-change': (request) => {
      const [from, to] = [param(request, 'from') ?? '', param(request, 'to') ?? ''];
      const [before, after] = [balances[from] ?? 0, balances[to] ?? 0];
      return success({ from, to, refBalance: after, previousRefBalance: before, change: after - before, added: 0 });
    },
    'GET /stats/balance-history': () => success(history),
    'GET /stats/crypto-balance-history': () => success([]),
    'GET /stats/spendings-by-categories': (request) => success(spendings[param(request, 'from') ?? ''] ?? []),
    'GET /stats/cash-flow': (request) => success(flow(param(request, 'from') ?? '')),
    ...overrides,
  });
}

const widget = async (title: string) =>
  within((await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement);

describe('dashboard', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('shows the total balance now and how it moved since the end of last month', async () => {
    const { calls } = dashboardServer();
    renderApp('/dashboard');
    const total = await widget('Total balance');
    expect(await total.findByText('UAH 12,000.00')).toBeTruthy();
    expect(text(total.getByText(/since the end of October 2026/))).toBe(
      '+UAH 2,000.00(+20%)since the end of October 2026',
    );
    expect(calls('GET', '/stats/total-balance').map(({ url }) => url.searchParams.get('date'))).toContain('2026-11-22');
    expect(calls('GET', '/stats/total-balance-change').map(({ url }) => url.searchParams.toString())).toContain(
      'from=2026-10-31&to=2026-11-22',
    );
    expect(total.queryByText(/Not counted as growth/)).toBeNull();
  });

  it('says apart the money of accounts opened or connected since, and reckons the growth without it', async () => {
    dashboardServer({
      // 12,000 now: 9,000 known at the end of October grew by 1,000, and 2,000 is new money.
      'GET /stats/total-balance-change': (request) =>
        success({
          from: param(request, 'from'),
          to: param(request, 'to'),
          refBalance: 1_200_000,
          previousRefBalance: 900_000,
          change: 100_000,
          added: 200_000,
        }),
    });
    renderApp('/dashboard');
    const total = await widget('Total balance');
    const [growth] = await total.findAllByText(/since the end of October 2026/);
    expect(text(growth)).toBe('+UAH 1,000.00(+11.1%)since the end of October 2026');
    expect(text(total.getByText(/Not counted as growth/))).toBe(
      'Not counted as growth: +UAH 2,000.00 in accounts opened or connected since the end of October 2026.',
    );
  });

  it('shows the expenses by category, their total, its change and the categories left out', async () => {
    const { calls } = dashboardServer();
    renderApp('/dashboard');
    const expenses = await widget('Expenses structure');
    const legend = within(await expenses.findByRole('list', { name: 'Expenses by category' }));
    expect(legend.getAllByRole('listitem').map(text)).toEqual(['Food & Drinks75%UAH 300.00', 'Housing25%UAH 100.00']);
    expect(expenses.getByText('UAH 400.00')).toBeTruthy();
    expect(text(expenses.getByText(/vs October 2026/))).toBe('−UAH 100.00(−20%)vs October 2026');
    expect(text(expenses.getByText(/Leaves out/))).toBe('Leaves out Other. Change in settings');
    expect(expenses.getByRole('link', { name: 'Change in settings' }).getAttribute('href')).toBe(
      '/settings/categories',
    );
    const ranges = calls('GET', '/stats/spendings-by-categories').map(({ url }) =>
      Object.fromEntries(url.searchParams),
    );
    expect(ranges).toEqual(
      expect.arrayContaining([
        { from: '2026-11-01', to: '2026-11-22' },
        { from: '2026-10-01', to: '2026-10-31' },
      ]),
    );
  });

  it('names the accounts left out of the total and of the trend for want of an exchange rate', async () => {
    dashboardServer({
      'GET /accounts': () => success([...accounts, makeAccount({ id: 2, name: 'Euro cash', currencyCode: 'EUR' })]),
      'GET /stats/total-balance': (request) =>
        success({ date: param(request, 'date'), refBalance: 1_200_000, unvaluedAccountIds: [2] }),
      'GET /stats/balance-history': () =>
        success([
          ...history,
          { date: '2026-11-01', accountId: 2, balance: 5_000, refBalance: null },
          { date: '2026-11-02', accountId: 2, balance: 5_000, refBalance: 225_000 },
        ]),
    });
    renderApp('/dashboard');
    const total = await widget('Total balance');
    expect(text(await total.findByText(/Left out from the total/))).toBe(
      'Left out from the total, as there is no exchange rate for its currency: Euro cash. Set a rate',
    );
    expect(total.getByRole('link', { name: 'Set a rate' }).getAttribute('href')).toBe('/settings/currencies');
    const trend = await widget('Balance trend');
    // The first day's total leaves Euro cash out, as the total balance does: the same rule in both.
    expect(
      await trend.findByRole('img', { name: /UAH\s10,000\.00 on 1 Nov 2026, UAH\s13,250\.00 on 2 Nov 2026/ }),
    ).toBeTruthy();
    expect(text(trend.getByText(/Left out on some days/))).toBe(
      'Left out on some days, as there is no exchange rate for its currency: Euro cash. Set a rate',
    );
  });

  it('says how much of the total balance is crypto, and leads to the holdings', async () => {
    dashboardServer({
      'GET /stats/total-balance': (request) =>
        success({
          date: param(request, 'date'),
          refBalance: 1_500_000,
          unvaluedAccountIds: [],
          cryptoRefBalance: 300_000,
        }),
    });
    renderApp('/dashboard');
    const total = await widget('Total balance');
    expect(text(await total.findByText(/in crypto/))).toBe('Including UAH 3,000.00 in crypto. See holdings');
    expect(total.getByRole('link', { name: 'See holdings' }).getAttribute('href')).toBe('/crypto');
  });

  it('adds the crypto holdings to the trend on the days they have a value', async () => {
    const { calls } = dashboardServer({
      'GET /stats/crypto-balance-history': () => success([{ date: '2026-11-02', refBalance: 50_000 }]),
    });
    renderApp('/dashboard');
    const trend = await widget('Balance trend');
    expect(
      await trend.findByRole('img', { name: /UAH\s10,000\.00 on 1 Nov 2026, UAH\s11,500\.00 on 2 Nov 2026/ }),
    ).toBeTruthy();
    expect(calls('GET', '/stats/crypto-balance-history').at(-1)?.url.searchParams.toString()).toBe(
      'from=2026-11-01&to=2026-11-22',
    );
  });

  it('counts crypto held before any account is added, and says the other widgets wait for an account', async () => {
    dashboardServer(
      {
        'GET /accounts': () => success([]),
        'GET /stats/total-balance': (request) =>
          success({
            date: param(request, 'date'),
            refBalance: 300_000,
            unvaluedAccountIds: [],
            cryptoRefBalance: 300_000,
          }),
        'GET /stats/balance-history': () => success([]),
        'GET /stats/crypto-balance-history': () =>
          success([
            { date: '2026-11-21', refBalance: 290_000 },
            { date: '2026-11-22', refBalance: 300_000 },
          ]),
      },
      [],
    );
    renderApp('/dashboard');
    const total = await widget('Total balance');
    expect(text(await total.findByText(/in crypto/))).toBe('Including UAH 3,000.00 in crypto. See holdings');
    const trend = await widget('Balance trend');
    expect(
      await trend.findByRole('img', { name: /UAH\s2,900\.00 on 21 Nov 2026, UAH\s3,000\.00 on 22 Nov 2026/ }),
    ).toBeTruthy();
    const latestRecords = await widget('Latest records');
    expect(await latestRecords.findByText('No accounts yet')).toBeTruthy();
  });

  it('speaks Ukrainian when that is the saved language: hryvnias, months and the plural of accounts left out', async () => {
    dashboardServer({
      'GET /user/settings': () => success({ locale: 'uk', stats: { excludedCategoryIds: [3] } }),
      'GET /accounts': () =>
        success([
          ...accounts,
          makeAccount({ id: 2, name: 'Euro cash', currencyCode: 'EUR' }),
          makeAccount({ id: 3, name: 'Zloty cash', currencyCode: 'PLN' }),
        ]),
      'GET /stats/total-balance': (request) =>
        success({ date: param(request, 'date'), refBalance: 1_200_000, unvaluedAccountIds: [2, 3] }),
      'GET /stats/total-balance-change': (request) =>
        success({
          from: param(request, 'from'),
          to: param(request, 'to'),
          refBalance: 1_200_000,
          previousRefBalance: 1_000_000,
          change: 0,
          added: 200_000,
        }),
    });
    renderApp('/dashboard');
    const total = await widget('Загальний залишок');
    expect(await total.findByText('12 000,00 ₴')).toBeTruthy();
    expect(text(total.getByText(/^Без змін/))).toMatch(/^Без змін з кінця попереднього місяця \(жовтень 2026/);
    expect(text(total.getByText(/як зростання/))).toBe(
      'Не враховано як зростання: +2 000,00 ₴ на рахунках, відкритих чи підключених з кінця попереднього місяця (жовтень 2026 р.).',
    );
    expect(text(await total.findByText(/бо для валют/))).toBe(
      'Не враховано в загальній сумі, бо для валют цих рахунків немає курсу: Euro cash, Zloty cash. Указати курс',
    );
    expect(screen.getByRole('button', { name: 'Попередній місяць' })).toBeTruthy();
  });

  it('compares six months of cash flow and lists the nine latest records', async () => {
    const { calls } = dashboardServer();
    renderApp('/dashboard');
    const cashFlow = await widget('Cash flow');
    expect(await cashFlow.findByText('UAH 5,000.00')).toBeTruthy();
    expect(cashFlow.getByText('UAH 4,600.00')).toBeTruthy();
    expect(Object.fromEntries(calls('GET', '/stats/cash-flow')[0]?.url.searchParams ?? [])).toEqual({
      from: '2026-06-01',
      to: '2026-11-22',
      interval: 'month',
    });

    const records = await widget('Latest records');
    const list = within(await records.findByRole('list', { name: 'Latest records' }));
    expect(list.getByRole('button', { name: /Groceries.*Silpo/ })).toBeTruthy();
    expect(records.getByRole('link', { name: 'Show all' }).getAttribute('href')).toBe('/transactions');
    expect(calls('GET', '/transactions')[0]?.url.searchParams.get('limit')).toBe('9');
  });

  it('shows the regular payments of the next 30 days, the ones due first, and the balance they leave', async () => {
    const { calls } = dashboardServer({
      'GET /recurring/upcoming': () =>
        success({
          items: [
            makeOccurrence({ recurringId: 4, name: 'Internet', date: '2026-11-20', state: 'due' }),
            makeOccurrence({
              recurringId: 3,
              name: 'Laptop',
              date: '2026-12-15',
              amount: 33_334,
              number: 3,
              of: 3,
            }),
          ],
          forecast: [
            { date: '2026-11-22', refBalance: 1_175_000 },
            { date: '2026-12-15', refBalance: 1_141_666 },
          ],
        }),
    });
    renderApp('/dashboard');
    const upcoming = await widget('Coming up');
    const list = within(await upcoming.findByRole('list', { name: 'Payments coming up' }));
    expect(list.getAllByRole('listitem').map(text)).toEqual([
      '20NovInternet20 Nov 2026 · Card−UAH 250.00Due',
      '15DecLaptop15 Dec 2026 · Card · 3 of 3−UAH 333.34',
    ]);
    expect(
      upcoming.getByRole('img', {
        name: /^Balance forecast for the next 30 days: UAH\s11,750\.00 on 22 Nov 2026, UAH\s11,416\.66 on 15 Dec 2026$/,
      }),
    ).toBeTruthy();
    expect(upcoming.getByRole('link', { name: '1 payment waits for you to confirm' }).getAttribute('href')).toBe(
      '/recurring',
    );
    expect(calls('GET', '/recurring/upcoming').map(({ url }) => url.searchParams.get('days'))).toEqual(['30']);
  });

  it('invites regular payments where none is scheduled', async () => {
    dashboardServer();
    renderApp('/dashboard');
    const upcoming = await widget('Coming up');
    expect(await upcoming.findByText('Nothing scheduled')).toBeTruthy();
    expect(upcoming.getByRole('link', { name: 'Set up regular payments' }).getAttribute('href')).toBe('/recurring');
  });

  it('shows a skeleton in each widget while its figures load', async () => {
    dashboardServer({ 'GET /stats/cash-flow': () => new Promise<Response>(() => undefined) });
    renderApp('/dashboard');
    const cashFlow = await widget('Cash flow');
    expect(await cashFlow.findByRole('status', { name: 'Loading cash flow' })).toBeTruthy();
    expect(await (await widget('Total balance')).findByText('UAH 12,000.00')).toBeTruthy();
  });

  /** The getting-started checklist's steps as read aloud: "Done: …" or "To do: …". */
  const checklist = async () => {
    const list = await screen.findByRole('list', { name: 'Getting started' });
    return within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getByText(/^(Done|To do):/).parentElement?.textContent);
  };
  const widgetTitles = ['Total balance', 'Balance trend', 'Expenses structure', 'Cash flow', 'Latest records'];

  it('starts a new user with one checklist, not an invitation in every widget', async () => {
    dashboardServer({ 'GET /accounts': () => success([]) }, []);
    renderApp('/dashboard');
    expect(await checklist()).toEqual([
      'Done: Choose a base currency',
      'To do: Add your first account',
      'To do: Record your first transaction',
      'To do: Connect your bank (optional)',
    ]);
    const start = within(screen.getByRole('list', { name: 'Getting started' }));
    expect(start.getByRole('link', { name: 'Add account' }).getAttribute('href')).toBe('/create-account');
    expect(start.getByRole('button', { name: 'Connect Monobank' })).toBeTruthy();
    // A transaction needs an account first: no button that cannot work yet.
    expect(start.queryByRole('button', { name: 'Add transaction' })).toBeNull();
    for (const title of widgetTitles) {
      const card = await widget(title);
      expect(await card.findByText('No accounts yet')).toBeTruthy();
      expect(card.queryAllByRole('link')).toEqual([]);
      expect(card.queryAllByRole('button')).toEqual([]);
    }
  });

  it('keeps the checklist while there are accounts but no transactions, the account ticked', async () => {
    dashboardServer({ 'GET /stats/spendings-by-categories': () => success([]) }, []);
    renderApp('/dashboard');
    expect(await checklist()).toEqual([
      'Done: Choose a base currency',
      'Done: Add your first account',
      'To do: Record your first transaction',
      'To do: Connect your bank (optional)',
    ]);
    const start = within(screen.getByRole('list', { name: 'Getting started' }));
    expect(start.queryByRole('link', { name: 'Add account' })).toBeNull();
    expect(start.getByRole('button', { name: 'Add transaction' })).toBeTruthy();
    for (const title of ['Expenses structure', 'Cash flow', 'Latest records']) {
      const card = await widget(title);
      expect(await card.findByText('No transactions yet')).toBeTruthy();
      expect(card.queryAllByRole('button')).toEqual([]);
    }
    expect(await (await widget('Total balance')).findByText('UAH 12,000.00')).toBeTruthy();
  });

  it('ticks the bank once Monobank is connected', async () => {
    dashboardServer({ 'GET /banks/monobank/user': () => success(makeBankUser()) }, []);
    renderApp('/dashboard');
    expect((await checklist()).at(-1)).toBe('Done: Connect your bank (optional)');
    expect(screen.queryByRole('button', { name: 'Connect Monobank' })).toBeNull();
  });

  it('leaves out the checklist once there are accounts and transactions', async () => {
    dashboardServer();
    renderApp('/dashboard');
    expect(await (await widget('Total balance')).findByText('UAH 12,000.00')).toBeTruthy();
    await (await widget('Latest records')).findByRole('list', { name: 'Latest records' });
    expect(screen.queryByRole('list', { name: 'Getting started' })).toBeNull();
  });

  it('says so when a month had no expenses though others did', async () => {
    dashboardServer({ 'GET /stats/spendings-by-categories': () => success([]) });
    renderApp('/dashboard');
    expect(await (await widget('Expenses structure')).findByText('No expenses in November 2026')).toBeTruthy();
  });

  it('moves to the previous month: the address says so and the figures follow', async () => {
    const { calls } = dashboardServer();
    const { location } = renderApp('/dashboard');
    const total = await widget('Total balance');
    await total.findByText('UAH 12,000.00');
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(location()).toBe('/dashboard?month=2026-10'));
    expect(await total.findByText('UAH 10,000.00')).toBeTruthy();
    expect(total.getByText('At the end of October 2026')).toBeTruthy();
    await waitFor(() =>
      expect(text(total.getByText(/since the end of September 2026/))).toBe(
        '+UAH 2,000.00(+25%)since the end of September 2026',
      ),
    );
    expect(calls('GET', '/stats/balance-history').at(-1)?.url.searchParams.toString()).toBe(
      'from=2026-10-01&to=2026-10-31',
    );
  });

  it('offers to try again when a widget fails, and then shows it', async () => {
    let up = false;
    dashboardServer({
      'GET /stats/cash-flow': (request) =>
        up ? success(flow(param(request, 'from') ?? '')) : failure(422, 'VALIDATION_ERROR', 'Refused'),
    });
    renderApp('/dashboard');
    const cashFlow = await widget('Cash flow');
    expect(await cashFlow.findByText('Cash flow could not be loaded')).toBeTruthy();
    up = true;
    await userEvent.click(cashFlow.getByRole('button', { name: 'Try again' }));
    expect(await cashFlow.findByText('UAH 5,000.00')).toBeTruthy();
  });

  it('asks for the figures again as soon as anything is saved', async () => {
    let now = 1_200_000;
    dashboardServer({
      'GET /stats/total-balance': (request) => {
        const date = param(request, 'date');
        return success({ date, refBalance: date === '2026-11-22' ? now : 0, unvaluedAccountIds: [] });
      },
    });
    renderApp('/dashboard');
    const total = await widget('Total balance');
    await total.findByText('UAH 12,000.00');

    now = 1_150_000;
    // Any change that succeeds, a new transaction say.
    await act(() => new MutationObserver(queryClient, { mutationFn: async () => 'saved' }).mutate());
    expect(await total.findByText('UAH 11,500.00')).toBeTruthy();
  });

  it('asks for its figures while the session is restored, not after, and for each once', async () => {
    let restoreUser!: () => void;
    const userAnswered = new Promise<void>((resolve) => {
      restoreUser = resolve;
    });
    const { calls } = dashboardServer({
      'GET /user': async () => {
        await userAnswered;
        return success(sampleUser);
      },
    });
    renderApp('/dashboard');
    const figures = [
      '/budgets',
      '/accounts',
      '/transactions',
      '/stats/total-balance',
      '/stats/total-balance-change',
      '/stats/balance-history',
      '/stats/crypto-balance-history',
      '/stats/spendings-by-categories',
      '/stats/cash-flow',
    ];
    await waitFor(() => {
      for (const path of figures) expect(calls('GET', path), path).not.toEqual([]);
    });
    restoreUser();
    expect(await (await widget('Cash flow')).findByText('UAH 5,000.00')).toBeTruthy();
    expect(await (await widget('Expenses structure')).findByText('UAH 400.00')).toBeTruthy();
    const asked = Object.fromEntries(
      [...figures, '/user/settings'].map((path) => [path, calls('GET', path).length] as const),
    );
    expect(asked).toEqual({
      '/budgets': 1,
      '/accounts': 1,
      '/transactions': 1,
      '/stats/total-balance': 1,
      '/stats/total-balance-change': 1,
      '/stats/balance-history': 1,
      '/stats/crypto-balance-history': 1,
      '/stats/spendings-by-categories': 2,
      '/stats/cash-flow': 1,
      '/user/settings': 1,
    });
  });
});

describe('dashboard’s budgets', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  const groceries = makeMonthlyBudget({ id: 1, name: 'Groceries' });
  const trip = makeBudget({
    id: 2,
    name: 'Trip',
    limitAmount: 50_000,
    startDate: localDayStart(2026, 11, 1),
    endDate: localDayEnd(2026, 11, 30),
  });
  const everything = makeBudget({ id: 3, name: 'Everything' });
  const archived = makeBudget({ id: 4, name: 'Summer', archived: true });
  const ended = makeBudget({ id: 5, name: 'October', endDate: localDayEnd(2026, 10, 31) });
  const coming = makeBudget({ id: 6, name: 'Gifts', period: 'month', startDate: localDayStart(2026, 12, 1) });
  const figures: Record<number, BudgetStats> = {
    1: makeMonthStats('2026-11', 60_000, 100_000, 40_000),
    2: makeStats(65_000, 50_000),
    3: makeStats(42_000, null),
  };
  const budgetsServer = (list: Budget[], overrides: Handlers = {}) =>
    dashboardServer({
      'GET /budgets': () => success(list),
      ...Object.fromEntries(list.map(({ id }) => [`GET /budgets/${id}/stats`, () => success(figures[id])])),
      ...overrides,
    });

  it('shows what is left of each active budget: this month of a monthly one, the dates of the others', async () => {
    const { calls } = budgetsServer([groceries, trip, everything, archived, ended, coming]);
    renderApp('/dashboard');
    const budgets = await widget('Budgets');
    const rows = within(await budgets.findByRole('list', { name: 'Active budgets' })).getAllByRole('listitem');
    expect(rows.map(text)).toEqual([
      'GroceriesUAH 800.00 leftNovember 2026',
      'TripUAH 150.00 over1 Nov 2026 – 30 Nov 2026',
      'EverythingUAH 420.00 spentNo dates',
    ]);
    const [monthly, over, noLimit] = rows.map((row) => within(row));
    const bar = monthly!.getByRole('progressbar', { name: 'Groceries: spent of the limit' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['60000', '140000']);
    expect(over!.getByText('UAH 150.00 over').className).toContain('text-destructive');
    expect((over!.getByRole('progressbar').firstElementChild as HTMLElement).className).toContain('bg-destructive');
    expect(noLimit!.queryByRole('progressbar')).toBeNull();
    expect(monthly!.getByRole('link', { name: 'Groceries' }).getAttribute('href')).toBe('/budgets/1');
    expect(budgets.getByRole('link', { name: 'Show all' }).getAttribute('href')).toBe('/budgets');
    // This month for the monthly one, the whole dates for the other; nothing for those not shown.
    expect(calls('GET', '/budgets/1/stats').map(({ url }) => url.search)).toEqual(['?month=2026-11']);
    expect(calls('GET', '/budgets/2/stats').map(({ url }) => url.search)).toEqual(['']);
    for (const id of [4, 5, 6]) expect(calls('GET', `/budgets/${id}/stats`)).toEqual([]);
  });

  it('lists five and says how many more there are', async () => {
    const many = Array.from({ length: 7 }, (_, index) => makeBudget({ id: 10 + index, name: `Budget ${index}` }));
    budgetsServer(many, {
      ...Object.fromEntries(many.map(({ id }) => [`GET /budgets/${id}/stats`, () => success(makeStats(0, null))])),
    });
    renderApp('/dashboard');
    const budgets = await widget('Budgets');
    expect(within(await budgets.findByRole('list', { name: 'Active budgets' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    expect(budgets.getByText('and 2 more budgets')).toBeTruthy();
  });

  it('invites a budget when none is active, leading to the budgets page', async () => {
    budgetsServer([archived, ended]);
    renderApp('/dashboard');
    const budgets = await widget('Budgets');
    expect(await budgets.findByText('No active budgets')).toBeTruthy();
    expect(budgets.getByRole('link', { name: 'Set up a budget' }).getAttribute('href')).toBe('/budgets');
    expect(budgets.queryByRole('link', { name: 'Show all' })).toBeNull();
  });

  it('waits for the figures, and offers to try again when they fail', async () => {
    let answer!: (response: Response) => void;
    let up = false;
    budgetsServer([groceries], {
      'GET /budgets/1/stats': () =>
        up
          ? success(figures[1])
          : new Promise<Response>((resolve) => {
              answer = resolve;
            }),
    });
    renderApp('/dashboard');
    const budgets = await widget('Budgets');
    expect(await budgets.findByRole('status', { name: 'Loading budgets' })).toBeTruthy();
    await waitFor(() => expect(answer).toBeDefined());
    answer(failure(422, 'VALIDATION_ERROR', 'Refused'));
    expect(await budgets.findByText('Budgets could not be loaded')).toBeTruthy();
    up = true;
    await userEvent.click(budgets.getByRole('button', { name: 'Try again' }));
    expect(await budgets.findByText('UAH 800.00 left')).toBeTruthy();
  });

  it('speaks Ukrainian', async () => {
    await setLocale('uk');
    budgetsServer([groceries, trip], {
      'GET /user/settings': () => success({ locale: 'uk', stats: { excludedCategoryIds: [] } }),
    });
    renderApp('/dashboard');
    const budgets = await widget('Бюджети');
    const rows = within(await budgets.findByRole('list', { name: 'Чинні бюджети' })).getAllByRole('listitem');
    expect(rows.map(text)).toEqual([
      'GroceriesЛишилося 800,00 ₴Листопад 2026 р.',
      'TripПеревищено на 150,00 ₴1 лист. 2026 р. – 30 лист. 2026 р.',
    ]);
  });
});

describe('dashboard of a user whose saved time zone is not the browser’s', () => {
  // 00:30 on 1 November in Kyiv: still 31 October in UTC and west of it.
  freshAppEachTest(new Date('2026-10-31T22:30:00.000Z'));

  it('shows Kyiv’s month, and asks for its days', async () => {
    const { calls } = dashboardServer({
      'GET /user/settings': () =>
        success({ locale: 'en', timeZone: 'Europe/Kyiv', stats: { excludedCategoryIds: [3] } }),
    });
    renderApp('/dashboard');
    const total = await widget('Total balance');
    expect(await total.findByText(/since the end of October 2026/)).toBeTruthy();
    expect(screen.getByText('November 2026', { exact: true })).toBeTruthy();
    const ranges = calls('GET', '/stats/spendings-by-categories').map(({ url }) =>
      Object.fromEntries(url.searchParams),
    );
    expect(ranges).toEqual(expect.arrayContaining([{ from: '2026-11-01', to: '2026-11-01' }]));
    expect(calls('GET', '/stats/total-balance').map(({ url }) => url.searchParams.get('date'))).toContain('2026-11-01');
    expect(calls('GET', '/stats/total-balance-change').map(({ url }) => url.searchParams.toString())).toContain(
      'from=2026-10-31&to=2026-11-01',
    );
  });

  it('shows a monthly budget’s figures of Kyiv’s month', async () => {
    // From October in Kyiv.
    const monthly = makeMonthlyBudget({ id: 1, name: 'Groceries', startDate: '2026-09-30T21:00:00.000Z' });
    const { calls } = dashboardServer({
      'GET /user/settings': () =>
        success({ locale: 'en', timeZone: 'Europe/Kyiv', stats: { excludedCategoryIds: [3] } }),
      'GET /budgets': () => success([monthly]),
      'GET /budgets/1/stats': (request) => success(makeMonthStats(param(request, 'month') ?? '', 0, 100_000)),
    });
    renderApp('/dashboard');
    const budgets = await widget('Budgets');
    expect(await budgets.findByText('November 2026')).toBeTruthy();
    expect(calls('GET', '/budgets/1/stats').map(({ url }) => url.searchParams.get('month'))).toEqual(['2026-11']);
  });
});
