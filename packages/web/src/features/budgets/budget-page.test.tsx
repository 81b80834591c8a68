import type { Budget, BudgetStats, Transaction } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { failure, success } from '../../test/api.ts';
import { freshAppEachTest, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import {
  localDayEnd,
  localDayStart,
  makeBudget,
  makeMonthlyBudget,
  makeMonthStats,
  makeStats,
} from '../../test/budgets.ts';
import { makeTransaction } from '../../test/transactions.ts';

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

const food = makeBudget({
  id: 5,
  name: 'Food',
  limitAmount: 500_000,
  startDate: localDayStart(2026, 11, 1),
  endDate: localDayEnd(2026, 11, 30),
  categoryIds: [1],
});
const at = (day: number) => new Date(2026, 10, day, 12).toISOString();
const silpo = makeTransaction({ id: 11, time: at(20), note: 'Silpo', amount: 25_000 });
const market = makeTransaction({ id: 12, time: at(19), note: 'Market', amount: 15_000 });
const cinema = makeTransaction({ id: 13, time: at(18), note: 'Cinema', amount: 30_000, categoryId: 3 });
const taxi = makeTransaction({ id: 14, time: at(17), note: 'Taxi home', amount: 20_000, categoryId: 3 });
const everything = [silpo, market, cinema, taxi];

/** A page of `rows` (newest first) as GET /transactions cuts it: `limit` rows after the `cursor` row. */
function page(rows: readonly Transaction[], query: URLSearchParams) {
  const cursorId = Number(query.get('cursor')?.split('_')[1]);
  const start = query.has('cursor') ? rows.findIndex((row) => row.id === cursorId) + 1 : 0;
  return rows.slice(start, start + Number(query.get('limit') ?? 20));
}

/** What GET /transactions answers for `budgetIds` or `excludeBudgetId` (with `search`), as the server would. */
function transactionsOf(
  query: URLSearchParams,
  budgetId: number,
  pool: readonly Transaction[],
  members: readonly Transaction[],
) {
  if (query.get('budgetIds') === String(budgetId)) return page(members, query);
  if (query.get('excludeBudgetId') !== String(budgetId)) return page(pool, query);
  const note = query.get('search')?.toLocaleLowerCase();
  const candidates = pool.filter(
    (transaction) => !members.includes(transaction) && (!note || transaction.note.toLocaleLowerCase().includes(note)),
  );
  return page(candidates, query);
}

/** A server holding one budget and its members: adding, removing, saving and deleting change them. */
function budgetServer(initial: Budget = food, pool: readonly Transaction[] = everything) {
  let budget: Budget | null = initial;
  let members: Transaction[] = [silpo, market];
  const stats = (): BudgetStats =>
    makeStats(
      members.reduce((sum, member) => sum + member.amount, 0),
      budget?.limitAmount ?? null,
    );
  const found = () => (budget ? success(budget) : failure(404, 'NOT_FOUND', 'Budget not found'));
  const ids = (body: unknown) => (body as { transactionIds: number[] }).transactionIds;
  return signedInServer({
    'GET /accounts': () => success([makeAccount({ id: 1, name: 'Card' })]),
    [`GET /budgets/${initial.id}`]: found,
    [`GET /budgets/${initial.id}/stats`]: () => success(stats()),
    [`PUT /budgets/${initial.id}`]: ({ body }) => {
      budget = budget && { ...budget, ...(body as Partial<Budget>) };
      return found();
    },
    [`DELETE /budgets/${initial.id}`]: () => {
      budget = null;
      return new Response(null, { status: 204 });
    },
    'GET /budgets': () => success(budget ? [budget] : []),
    'GET /transactions': ({ url }) => success(transactionsOf(url.searchParams, initial.id, pool, members)),
    [`POST /budgets/${initial.id}/transactions`]: ({ body }) => {
      members = [...members, ...pool.filter((transaction) => ids(body).includes(transaction.id))];
      return success(stats());
    },
    [`DELETE /budgets/${initial.id}/transactions`]: ({ body }) => {
      members = members.filter((member) => !ids(body).includes(member.id));
      return success(stats());
    },
  });
}

async function openBudget(budget: Budget = food, pool?: readonly Transaction[]) {
  const server = budgetServer(budget, pool);
  const app = renderApp(`/budgets/${budget.id}`);
  await screen.findByRole('button', { name: /^Budget name: / });
  return { ...server, ...app };
}

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('section') as HTMLElement);
const findCard = async (title: string) => {
  await screen.findByRole('heading', { name: title });
  return card(title);
};

describe('budget page', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('shows the figures against the limit', async () => {
    await openBudget();
    const figures = card('Figures');
    const bar = await figures.findByRole('progressbar', { name: 'Spent of the limit' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40000');
    expect(text(figures.getByText('Remaining').nextElementSibling)).toBe('UAH 4,600.00');
    expect(text(figures.getByText('Utilisation').nextElementSibling)).toBe('8%');
    expect(screen.getByText('1 Nov 2026 – 30 Nov 2026')).toBeTruthy();
  });

  it('lists its transactions by day, as /transactions does', async () => {
    const { calls } = await openBudget();
    const list = await card('Transactions').findByRole('list', { name: 'Transactions' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Fri 20 Nov 2026', 'Thu 19 Nov 2026']);
    expect(within(list).getAllByRole('button').map(text)).toEqual([
      expect.stringMatching(/^GroceriesSilpo · Card/),
      expect.stringMatching(/^GroceriesMarket · Card/),
    ]);
    const query = Object.fromEntries(calls('GET', '/transactions')[0]?.url.searchParams ?? []);
    expect(query).toEqual({ budgetIds: '5', limit: '50' });
  });

  it('offers to add only what the server finds outside the budget, narrowed by the filters', async () => {
    const { calls } = await openBudget();
    const transactions = card('Transactions');
    await transactions.findByRole('list', { name: 'Transactions' });
    await userEvent.click(transactions.getByRole('button', { name: 'Add transactions' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add transactions' }));
    const offered = async () => within(await dialog.findByRole('list', { name: 'Transactions to add' }));
    // Members are left out by the server: the picker asks it to, whatever it has loaded itself.
    expect((await offered()).queryByText(/Silpo/)).toBeNull();
    expect((await offered()).getByText(/Cinema/)).toBeTruthy();
    const asked = () => calls('GET', '/transactions').map((call) => Object.fromEntries(call.url.searchParams));
    expect(asked()).toContainEqual({ excludeBudgetId: '5', excludeTransfer: 'true', limit: '50' });

    await userEvent.type(dialog.getByRole('searchbox', { name: 'Search transactions' }), 'taxi');
    await waitFor(() => expect(asked().at(-1)?.search).toBe('taxi'));
    expect(asked().at(-1)).toEqual({ excludeBudgetId: '5', excludeTransfer: 'true', search: 'taxi', limit: '50' });
    await waitFor(async () => expect((await offered()).queryByText(/Cinema/)).toBeNull());
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Dates' }), 'this-month');
    await waitFor(() =>
      expect(asked().at(-1)).toMatchObject({
        startDate: new Date(2026, 10, 1).toISOString(),
        endDate: new Date(new Date(2026, 11, 1).getTime() - 1).toISOString(),
        excludeBudgetId: '5',
      }),
    );

    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Choose Other, Taxi home' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add 1 transaction' }));
    await waitFor(() => expect(toastMessages()).toContain('1 transaction added to the budget.'));
    expect(calls('POST', '/budgets/5/transactions').map((call) => call.body)).toEqual([{ transactionIds: [14] }]);
    expect(await transactions.findByText(/Taxi home/)).toBeTruthy();
    await waitFor(() => expect(card('Figures').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60000'));
  });

  it('pages through the candidates with "Load more", after the last one shown', async () => {
    const older = Array.from({ length: 51 }, (_, index) =>
      makeTransaction({
        id: 100 + index,
        time: new Date(2026, 9, 30, 12, 0, 0, -index).toISOString(),
        note: `Old ${index}`,
      }),
    );
    const { calls } = await openBudget(food, [silpo, market, ...older]);
    await userEvent.click(await card('Transactions').findByRole('button', { name: 'Add transactions' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add transactions' }));
    const offered = within(await dialog.findByRole('list', { name: 'Transactions to add' }));
    expect(offered.getAllByRole('checkbox')).toHaveLength(50);
    expect(offered.queryByText(/Old 50/)).toBeNull();
    await userEvent.click(offered.getByRole('checkbox', { name: 'Choose Groceries, Old 0' }));

    await userEvent.click(dialog.getByRole('button', { name: 'Load more' }));
    expect(await offered.findByText(/Old 50/)).toBeTruthy();
    expect(offered.getAllByRole('checkbox')).toHaveLength(51);
    const last = calls('GET', '/transactions').at(-1)?.url.searchParams;
    expect(last?.get('cursor')).toBe(`${older[49]!.time}_${older[49]!.id}`);
    expect(last?.get('excludeBudgetId')).toBe('5');
    expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(offered.getByRole('checkbox', { name: 'Choose Groceries, Old 50' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add 2 transactions' }));
    await waitFor(() => expect(calls('POST', '/budgets/5/transactions')).toHaveLength(1));
    expect(calls('POST', '/budgets/5/transactions')[0]?.body).toEqual({ transactionIds: [100, 150] });
  });

  it('removes the ticked transactions from the budget', async () => {
    const { calls } = await openBudget();
    const transactions = card('Transactions');
    await transactions.findByRole('list', { name: 'Transactions' });
    await userEvent.click(transactions.getByRole('checkbox', { name: 'Choose Groceries, Market' }));
    expect(transactions.getByText('1 transaction chosen')).toBeTruthy();
    await userEvent.click(transactions.getByRole('button', { name: 'Remove from budget' }));

    await waitFor(() => expect(toastMessages()).toContain('1 transaction removed from the budget.'));
    expect(calls('DELETE', '/budgets/5/transactions').map((call) => call.body)).toEqual([{ transactionIds: [12] }]);
    await waitFor(() => expect(transactions.queryByText(/Market/)).toBeNull());
    expect(transactions.getByText(/Silpo/)).toBeTruthy();
    expect(transactions.queryByRole('button', { name: 'Remove from budget' })).toBeNull();
  });

  it('saves only the settings that changed', async () => {
    const { calls } = await openBudget();
    const settings = card('Settings');
    const save = settings.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.clear(settings.getByLabelText('Limit'));
    await userEvent.type(settings.getByLabelText('Limit'), '6000');
    await userEvent.click(settings.getByRole('switch', { name: 'Include automatically' }));
    await userEvent.click(save);

    await waitFor(() => expect(toastMessages()).toContain('Budget saved.'));
    expect(calls('PUT', '/budgets/5').map((call) => call.body)).toEqual([{ limitAmount: 600_000, autoInclude: false }]);
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect((settings.getByLabelText('Limit') as HTMLInputElement).value).toBe('6000.00');
  });

  it('renames in place', async () => {
    const { calls } = await openBudget();
    await userEvent.click(screen.getByRole('button', { name: 'Budget name: Food. Rename' }));
    const field = screen.getByRole('textbox', { name: 'Budget name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Food and drinks{Enter}');
    expect(await screen.findByRole('button', { name: 'Budget name: Food and drinks. Rename' })).toBeTruthy();
    expect(calls('PUT', '/budgets/5').map((call) => call.body)).toEqual([{ name: 'Food and drinks' }]);
  });

  it('archives and brings back', async () => {
    const { calls } = await openBudget();
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Unarchive' })).toBeTruthy();
    expect(screen.getByText('Archived')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeTruthy();
    expect(calls('PUT', '/budgets/5').map((call) => call.body)).toEqual([{ archived: true }, { archived: false }]);
  });

  it('deletes after asking, saying the transactions stay', async () => {
    const { calls, location } = await openBudget();
    await userEvent.click(screen.getByRole('button', { name: 'Delete budget' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete “Food”?' }));
    expect(dialog.getByText(/Its transactions stay/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete budget' }));
    await waitFor(() => expect(location()).toBe('/budgets'));
    expect(calls('DELETE', '/budgets/5')).toHaveLength(1);
    expect(toastMessages()).toContain('Budget “Food” deleted.');
  });

  it('speaks Ukrainian, counting the ticked transactions in its plural forms', async () => {
    await setLocale('uk');
    budgetServer();
    renderApp('/budgets/5');
    await screen.findByRole('heading', { name: 'Показники' });
    const figures = card('Показники');
    expect(text((await figures.findByText('Залишок')).nextElementSibling)).toBe('4 600,00 ₴');
    expect(screen.getByRole('button', { name: 'В архів' })).toBeTruthy();
    const transactions = card('Операції');
    await transactions.findByRole('list', { name: 'Операції' });
    expect(transactions.getByText('Позначте операції, щоб вилучити їх.')).toBeTruthy();
    await userEvent.click(transactions.getByRole('checkbox', { name: 'Вибрати: Groceries, Market' }));
    expect(transactions.getByText('Вибрано 1 операцію')).toBeTruthy();
    await userEvent.click(transactions.getByRole('checkbox', { name: 'Вибрати: Groceries, Silpo' }));
    expect(transactions.getByText('Вибрано 2 операції')).toBeTruthy();
    await userEvent.click(transactions.getByRole('button', { name: 'Вилучити з бюджету' }));
    await waitFor(() => expect(toastMessages()).toContain('2 операції вилучено з бюджету.'));
  });

  it('says so when the budget does not exist', async () => {
    signedInServer({ 'GET /budgets/77': () => failure(404, 'NOT_FOUND', 'Budget not found') });
    renderApp('/budgets/77');
    expect(await screen.findByText('Budget not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All budgets' }).getAttribute('href')).toBe('/budgets');
  });
});

describe('a monthly budget’s page', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  const cafes = makeMonthlyBudget({ id: 6, name: 'Cafés', startDate: localDayStart(2026, 9, 1), categoryIds: [1] });
  // September left 400.00; October overspent by 100.00, what it carried in included; November is under way.
  const months: Record<string, BudgetStats> = {
    '2026-09': makeMonthStats('2026-09', 60_000, 100_000),
    '2026-10': makeMonthStats('2026-10', 150_000, 100_000, 40_000),
    '2026-11': makeMonthStats('2026-11', 20_000, 100_000, -10_000),
  };

  function monthlyServer() {
    let budget = cafes;
    return signedInServer({
      'GET /accounts': () => success([makeAccount({ id: 1, name: 'Card' })]),
      'GET /budgets': () => success([budget]),
      'GET /budgets/6': () => success(budget),
      'GET /budgets/6/stats': ({ url }) => success(months[url.searchParams.get('month') ?? '']),
      'PUT /budgets/6': ({ body }) => {
        budget = { ...budget, ...(body as Partial<Budget>) };
        return success(budget);
      },
      'GET /transactions': () => success([]),
    });
  }

  const figure = (figures: ReturnType<typeof card>, label: string) => text(figures.getByText(label).nextElementSibling);

  it('shows this month: its limit, what was carried in, spent and left', async () => {
    monthlyServer();
    renderApp('/budgets/6');
    expect(await screen.findByText('Every month from 1 Sept 2026')).toBeTruthy();
    const figures = card('Figures');
    const bar = await figures.findByRole('progressbar', { name: 'Spent of the limit' });
    expect(bar.getAttribute('aria-valuemax')).toBe('90000');
    expect(figures.getByText('November 2026')).toBeTruthy();
    expect(figure(figures, 'Limit')).toBe('UAH 1,000.00');
    expect(figure(figures, 'Carried over')).toBe('−UAH 100.00');
    expect(figure(figures, 'Spent')).toBe('UAH 200.00');
    expect(figure(figures, 'Remaining')).toBe('UAH 700.00');
    expect(text(figures.getByText(/^Left:/))).toBe('Left: UAH 700.00 · Carried over: −UAH 100.00');
  });

  it('steps back month by month to its first, not before it and not past this one, with that month’s transactions', async () => {
    const { calls } = monthlyServer();
    const { location } = renderApp('/budgets/6');
    const figures = await findCard('Figures');
    await figures.findByText('Limit');
    const previous = figures.getByRole('button', { name: 'Previous month' });
    expect(figures.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);

    await userEvent.click(previous);
    await waitFor(() => expect(location()).toBe('/budgets/6?month=2026-10'));
    expect(await figures.findByText('Overspent')).toBeTruthy();
    expect(figure(figures, 'Overspent')).toBe('UAH 100.00');
    expect(figures.getByText('Over by')).toBeTruthy();
    expect(figures.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', false);

    await userEvent.click(previous);
    await waitFor(() => expect(location()).toBe('/budgets/6?month=2026-09'));
    await waitFor(() => expect(figure(figures, 'Remaining')).toBe('UAH 400.00'));
    expect(previous).toHaveProperty('disabled', true);
    expect(calls('GET', '/budgets/6/stats').map(({ url }) => url.searchParams.get('month'))).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
    ]);
    // The list below is of the month shown, from its local first to its last moment.
    await waitFor(() =>
      expect(calls('GET', '/transactions').at(-1)?.url.searchParams.toString()).toBe(
        new URLSearchParams({
          startDate: new Date(2026, 8, 1).toISOString(),
          endDate: new Date(new Date(2026, 9, 1).getTime() - 1).toISOString(),
          budgetIds: '6',
          limit: '50',
        }).toString(),
      ),
    );
    expect(await card('Transactions').findByText('No transactions in this budget in September 2026')).toBeTruthy();
  });

  it('opens on the month in the address, kept within the budget’s months', async () => {
    const { calls } = monthlyServer();
    renderApp('/budgets/6?month=2026-05');
    const figures = await findCard('Figures');
    expect(await figures.findByText('September 2026')).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/budgets/6/stats')).toHaveLength(1));
    expect(calls('GET', '/budgets/6/stats')[0]?.url.searchParams.get('month')).toBe('2026-09');
  });

  it('stops carrying over, and moves its first month, from its settings', async () => {
    const { calls } = monthlyServer();
    renderApp('/budgets/6');
    const settings = await findCard('Settings');
    const firstMonth = within(settings.getByRole('group', { name: 'First month' }));
    expect(firstMonth.getByText('September 2026')).toBeTruthy();
    await userEvent.click(
      settings.getByRole('switch', { name: 'Carry over what is left (or overspent) into the next month' }),
    );
    await userEvent.click(firstMonth.getByRole('button', { name: 'Next month' }));
    await userEvent.click(settings.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toastMessages()).toContain('Budget saved.'));
    expect(calls('PUT', '/budgets/6').map((call) => call.body)).toEqual([
      { rollover: false, startDate: new Date(2026, 9, 1).toISOString() },
    ]);
    await waitFor(() => expect(screen.queryByText('Carries over')).toBeNull());
  });

  it('speaks Ukrainian: the months, what was carried and what was overspent', async () => {
    await setLocale('uk');
    monthlyServer();
    renderApp('/budgets/6?month=2026-10');
    const figures = await findCard('Показники');
    expect(text(await figures.findByText('Перевитрата'))).toBe('Перевитрата');
    expect(figure(figures, 'Перевитрата')).toBe('100,00 ₴');
    expect(figure(figures, 'Перенесено')).toBe('400,00 ₴');
    expect(figures.getByText('Жовтень 2026 р.')).toBeTruthy();
    expect(figures.getByRole('button', { name: 'Попередній місяць' })).toBeTruthy();
    expect(screen.getByText('З перенесенням')).toBeTruthy();
    expect(screen.getByText('Щомісяця з 1 вер. 2026 р.')).toBeTruthy();
  });
});
