import type { Budget, BudgetStats } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

const budgets = [
  makeBudget({
    id: 1,
    name: 'Food',
    limitAmount: 500_000,
    startDate: localDayStart(2026, 11, 1),
    endDate: localDayEnd(2026, 11, 30),
    categoryIds: [1],
  }),
  makeBudget({ id: 2, name: 'Gadgets', limitAmount: 100_000 }),
  makeBudget({ id: 3, name: 'Everything', categoryIds: [2, 3] }),
  makeBudget({
    id: 4,
    name: 'Summer',
    startDate: localDayStart(2026, 6, 1),
    endDate: localDayEnd(2026, 8, 31),
    archived: true,
  }),
];
const stats: Record<number, BudgetStats> = {
  1: makeStats(125_000, 500_000),
  2: makeStats(130_000, 100_000),
  3: makeStats(42_000, null),
  4: makeStats(0, null),
};

function budgetsServer(list: Budget[] = budgets) {
  return signedInServer({
    'GET /budgets': () => success(list),
    ...Object.fromEntries(list.map((budget) => [`GET /budgets/${budget.id}/stats`, () => success(stats[budget.id])])),
    'POST /budgets': ({ body }) =>
      success({ ...makeBudget({ id: 9, name: '' }), ...(body as object) }, { status: 201 }),
  });
}

const card = async (name: string) =>
  within((await screen.findByRole('link', { name })).closest('section') as HTMLElement);

describe('budgets page', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('shows each budget with its dates, categories and how much of the limit is spent', async () => {
    budgetsServer();
    renderApp('/budgets');
    const food = await card('Food');
    expect(food.getByText('1 Nov 2026 – 30 Nov 2026')).toBeTruthy();
    expect(food.getByText('Active')).toBeTruthy();
    expect(within(food.getByRole('list', { name: 'Categories' })).getByText('Food & Drinks')).toBeTruthy();
    const bar = await food.findByRole('progressbar', { name: 'Food: spent of the limit' });
    expect(bar.getAttribute('aria-valuenow')).toBe('125000');
    expect(bar.getAttribute('aria-valuemax')).toBe('500000');
    expect((bar.firstElementChild as HTMLElement).className).not.toContain('bg-destructive');
    expect(text(bar.parentElement)).toContain('UAH 1,250.00 of UAH 5,000.00');
    expect(food.getByText('25%')).toBeTruthy();
    expect(food.getByRole('link', { name: 'Food' }).getAttribute('href')).toBe('/budgets/1');
  });

  it('turns the bar red and says by how much once the limit is passed', async () => {
    budgetsServer();
    renderApp('/budgets');
    const gadgets = await card('Gadgets');
    const bar = await gadgets.findByRole('progressbar');
    expect((bar.firstElementChild as HTMLElement).className).toContain('bg-destructive');
    expect(gadgets.getByText('Over limit')).toBeTruthy();
    expect(text(gadgets.getByText(/Over by/))).toBe('Over by UAH 300.00');
  });

  it('shows only the spending of a budget without a limit', async () => {
    budgetsServer();
    renderApp('/budgets');
    const everything = await card('Everything');
    expect(text(await everything.findByText(/spent/))).toBe('spent · no limit');
    expect(everything.getByText('UAH 420.00')).toBeTruthy();
    expect(everything.queryByRole('progressbar')).toBeNull();
  });

  it('shows a monthly budget with this month’s figures: what is left, and what the month before carried over', async () => {
    const groceries = makeMonthlyBudget({ id: 7, name: 'Groceries', categoryIds: [2] });
    const cafes = makeBudget({ id: 8, name: 'Cafés', limitAmount: 50_000, period: 'month' });
    const { calls } = signedInServer({
      'GET /budgets': () => success([groceries, cafes]),
      'GET /budgets/7/stats': () => success(makeMonthStats('2026-11', 60_000, 100_000, 40_000)),
      'GET /budgets/8/stats': () => success(makeMonthStats('2026-11', 65_000, 50_000)),
    });
    renderApp('/budgets');

    const monthly = await card('Groceries');
    expect(monthly.getByText('Every month from 1 Oct 2026')).toBeTruthy();
    expect(monthly.getByText('Carries over')).toBeTruthy();
    const bar = await monthly.findByRole('progressbar', { name: 'Groceries: spent of the limit' });
    // This month allows its limit and what October left: 1,400.00.
    expect(bar.getAttribute('aria-valuenow')).toBe('60000');
    expect(bar.getAttribute('aria-valuemax')).toBe('140000');
    expect(bar.getAttribute('aria-valuetext')).toBe('43% spent of the limit with what was carried over');
    expect(monthly.getByText('November 2026')).toBeTruthy();
    expect(text(bar.parentElement)).toContain('UAH 600.00 of UAH 1,400.00');
    expect(text(monthly.getByText(/^Left:/))).toBe('Left: UAH 800.00 · Carried over: +UAH 400.00');

    // Made in November with no start, without rollover: its first month is this one, and over the limit.
    const over = await card('Cafés');
    expect(over.getByText('Every month from 1 Nov 2026')).toBeTruthy();
    expect(await over.findByText('Over limit')).toBeTruthy();
    expect(text(over.getByText(/Over by/))).toBe('Over by UAH 150.00');
    expect(over.queryByText(/^Left:/)).toBeNull();
    expect(over.queryByText('Carries over')).toBeNull();

    // Both asked for this month, as the user's time zone has it.
    expect(calls('GET', '/budgets/7/stats').map(({ url }) => url.searchParams.get('month'))).toEqual(['2026-11']);
    expect(calls('GET', '/budgets/8/stats').map(({ url }) => url.searchParams.get('month'))).toEqual(['2026-11']);
  });

  it('keeps archived budgets in a section of their own', async () => {
    budgetsServer();
    renderApp('/budgets');
    await card('Food');
    const archived = screen.getByText('Archived (1)').closest('details') as HTMLElement;
    expect(within(archived).getByRole('link', { name: 'Summer', hidden: true })).toBeTruthy();
    expect(archived.hasAttribute('open')).toBe(false);
  });

  it('invites the first budget when there is none', async () => {
    budgetsServer([]);
    renderApp('/budgets');
    expect(await screen.findByText('No budgets yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first budget' }));
    expect(await screen.findByRole('dialog', { name: 'New budget' })).toBeTruthy();
  });

  it('offers to try again when the budgets cannot be loaded, saying the server failed', async () => {
    let up = false;
    signedInServer({ 'GET /budgets': () => (up ? success([]) : failure(403, 'FORBIDDEN', 'No')) });
    renderApp('/budgets');
    expect(await screen.findByText('Budgets could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server could not answer just now. Try again in a moment.')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No budgets yet')).toBeTruthy();
  });
});

describe('new budget dialog', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));
  // Days are picked in the user's time zone and sent as the instants they start and end.
  beforeAll(() => {
    vi.stubEnv('TZ', 'Europe/Kyiv');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  async function openDialog() {
    const server = budgetsServer();
    renderApp('/budgets');
    await userEvent.click(await screen.findByRole('button', { name: 'New budget' }));
    return { ...server, dialog: within(await screen.findByRole('dialog', { name: 'New budget' })) };
  }

  it('sends the limit in minor units, the local start and end of the days, and the categories', async () => {
    const { calls, dialog } = await openDialog();
    expect((dialog.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-11-01');
    expect((dialog.getByLabelText('Ends') as HTMLInputElement).value).toBe('2026-11-30');
    await userEvent.type(dialog.getByLabelText('Name'), 'Groceries');
    await userEvent.type(dialog.getByLabelText('Limit'), '2 500,50');
    await userEvent.click(dialog.getByRole('button', { name: 'Next month' }));
    await userEvent.click(dialog.getByLabelText('Categories'));
    const options = within(await screen.findByRole('listbox', { name: 'Categories' }));
    await userEvent.click(options.getByRole('option', { name: 'Groceries' }));
    await userEvent.click(options.getByRole('option', { name: 'Other' }));
    await userEvent.keyboard('{Escape}');
    expect(
      within(dialog.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map(text),
    ).toEqual(['Groceries', 'Other']);
    await userEvent.click(dialog.getByRole('button', { name: 'Create budget' }));

    await waitFor(() => expect(toastMessages()).toContain('Budget “Groceries” created.'));
    expect(calls('POST', '/budgets').map((call) => call.body)).toEqual([
      {
        name: 'Groceries',
        limitAmount: 250_050,
        startDate: '2026-11-30T22:00:00.000Z',
        endDate: '2026-12-31T21:59:59.999Z',
        categoryIds: [2, 3],
        autoInclude: true,
        archived: false,
        period: 'once',
        rollover: false,
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'New budget' })).toBeNull();
  });

  it('makes a monthly budget that carries over, from an earlier first month and with no end', async () => {
    const { calls, dialog } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Cafés');
    await userEvent.type(dialog.getByLabelText('Limit'), '1500');
    const rollover = 'Carry over what is left (or overspent) into the next month';
    expect(dialog.queryByRole('switch', { name: rollover })).toBeNull();

    await userEvent.click(dialog.getByRole('switch', { name: 'Repeats every month' }));
    // Its months have no end: the dates give way to its first month, the one they started in.
    expect(dialog.queryByLabelText('Ends')).toBeNull();
    const firstMonth = within(dialog.getByRole('group', { name: 'First month' }));
    expect(firstMonth.getByText('November 2026')).toBeTruthy();
    await userEvent.click(firstMonth.getByRole('button', { name: 'Previous month' }));
    expect(firstMonth.getByText('October 2026')).toBeTruthy();
    await userEvent.click(dialog.getByRole('switch', { name: rollover }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create budget' }));

    await waitFor(() => expect(calls('POST', '/budgets')).toHaveLength(1));
    expect(calls('POST', '/budgets')[0]?.body).toEqual({
      name: 'Cafés',
      limitAmount: 150_000,
      // 1 October starts at midnight in Kyiv, still on summer time.
      startDate: '2026-09-30T21:00:00.000Z',
      endDate: null,
      categoryIds: [],
      autoInclude: true,
      archived: false,
      period: 'month',
      rollover: true,
    });
  });

  it('goes back to the dates of the first month when the budget stops repeating', async () => {
    const { calls, dialog } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Trip');
    await userEvent.click(dialog.getByRole('switch', { name: 'Repeats every month' }));
    await userEvent.click(
      within(dialog.getByRole('group', { name: 'First month' })).getByRole('button', { name: 'Next month' }),
    );
    await userEvent.click(
      dialog.getByRole('switch', { name: 'Carry over what is left (or overspent) into the next month' }),
    );
    await userEvent.click(dialog.getByRole('switch', { name: 'Repeats every month' }));
    expect((dialog.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-12-01');
    expect((dialog.getByLabelText('Ends') as HTMLInputElement).value).toBe('2026-12-31');
    await userEvent.click(dialog.getByRole('button', { name: 'Create budget' }));
    await waitFor(() => expect(calls('POST', '/budgets')).toHaveLength(1));
    expect(calls('POST', '/budgets')[0]?.body).toMatchObject({ period: 'once', rollover: false });
  });

  it('sends no limit and no dates when asked for none', async () => {
    const { calls, dialog } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Anything');
    await userEvent.click(dialog.getByRole('button', { name: 'No dates' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create budget' }));
    await waitFor(() => expect(calls('POST', '/budgets')).toHaveLength(1));
    expect(calls('POST', '/budgets')[0]?.body).toMatchObject({ limitAmount: null, startDate: null, endDate: null });
  });

  it('says what is wrong in place, in the shared contract’s words, and sends nothing', async () => {
    const { calls, dialog } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Limit'), '0');
    await userEvent.clear(dialog.getByLabelText('Ends'));
    await userEvent.type(dialog.getByLabelText('Ends'), '2026-10-31');
    await userEvent.click(dialog.getByRole('button', { name: 'Create budget' }));
    expect(await dialog.findByText('Name is required')).toBeTruthy();
    expect(dialog.getByText('Limit must be greater than 0')).toBeTruthy();
    expect(dialog.getByText('The start date must not be after the end date')).toBeTruthy();
    expect(calls('POST', '/budgets')).toEqual([]);
  });
});
