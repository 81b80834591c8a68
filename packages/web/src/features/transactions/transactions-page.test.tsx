import type { Transaction } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { resetApp, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, signedInServer } from '../../test/app.tsx';
import { catchDownloads, fileAnswer } from '../../test/downloads.ts';
import { makeTransaction } from '../../test/transactions.ts';

const accounts = [
  makeAccount({ id: 1, name: 'Card', currentBalance: 500_000 }),
  makeAccount({ id: 3, name: 'Savings', currencyId: 2, currencyCode: 'USD' }),
];

const at = (day: number, hours: number) => new Date(2026, 2, day, hours).toISOString();

const sample = [
  makeTransaction({ id: 6, time: at(18, 20), amount: 25_050, note: 'Silpo', categoryId: 2 }),
  makeTransaction({
    id: 5,
    time: at(18, 9),
    accountId: 3,
    currencyCode: 'USD',
    transactionType: 'income',
    amount: 10_000,
    refAmount: 415_000,
    transferNature: 'transfer_between_user_accounts',
    transferId: 2,
    destinationAccountId: 1,
    destinationAmount: 415_000,
    categoryId: null,
  }),
  makeTransaction({
    id: 4,
    time: at(18, 9),
    amount: 415_000,
    transferNature: 'transfer_between_user_accounts',
    transferId: 2,
    destinationAccountId: 3,
    destinationAmount: 10_000,
    categoryId: null,
  }),
  makeTransaction({ id: 3, time: at(17, 12), amount: 1_000_000, transactionType: 'income', categoryId: 3 }),
];

function server(transactions: Transaction[] = sample) {
  return signedInServer({
    'GET /accounts': () => success(accounts),
    'GET /transactions': () => success(transactions),
  });
}

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

const lastQuery = (calls: ReturnType<typeof server>['calls']) =>
  Object.fromEntries(calls('GET', '/transactions').at(-1)?.url.searchParams ?? []);

describe('transactions page', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('lists transactions by day, with each day’s net in the base currency', async () => {
    server();
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const headings = within(list)
      .getAllByRole('heading')
      .map((heading) => text(heading.parentElement));
    // The transfer's legs cancel out; the expense is all that moved the 18th.
    expect(headings).toEqual(['Wed 18 Mar 2026Day total−UAH 250.50', 'Tue 17 Mar 2026Day total+UAH 10,000.00']);
    expect(screen.getByText('4 transactions')).toBeTruthy();

    const rows = within(list).getAllByRole('button');
    expect(rows.map(text)).toEqual([
      expect.stringMatching(/^GroceriesSilpo · Card · .*−UAH 250\.50$/),
      expect.stringMatching(/^Transfer ← CardSavings · .*\+US\$100\.00\+UAH 4,150\.00$/),
      expect.stringMatching(/^Transfer → SavingsCard · .*−UAH 4,150\.00$/),
      expect.stringMatching(/^OtherCard · .*\+UAH 10,000\.00$/),
    ]);
  });

  it('speaks Ukrainian: the count in its plural form, transfers, filters and the category picker', async () => {
    await setLocale('uk');
    server();
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Операції' });
    expect(screen.getByText('4 операції')).toBeTruthy();
    expect(within(list).getAllByText('Підсумок дня')).toHaveLength(2);
    expect(within(list).getAllByRole('button').map(text)).toEqual([
      expect.stringMatching(/^GroceriesSilpo · Card · .*−250,50 ₴$/),
      expect.stringMatching(/^Переказ ← CardSavings · /),
      expect.stringMatching(/^Переказ → SavingsCard · /),
      expect.stringMatching(/^OtherCard · .*\+10 000,00 ₴$/),
    ]);
    const [filters] = screen.getAllByRole('radiogroup', { name: 'Тип' });
    expect(within(filters as HTMLElement).getByRole('radio', { name: 'Доходи' })).toBeTruthy();
    expect(screen.getAllByRole('option', { name: 'Увесь час' }).length).toBeGreaterThan(0);
    const [categories] = screen.getAllByRole('button', { name: 'Категорії' });
    expect(text(categories)).toBe('Усі категорії');
    await userEvent.click(categories as HTMLElement);
    expect(await screen.findByPlaceholderText('Пошук категорій')).toBeTruthy();
  });

  it('asks the server for what the URL says: ISO dates, minor units, comma lists, nothing empty', async () => {
    const { calls } = server();
    renderApp(
      '/transactions?period=custom&from=2026-03-01&to=2026-03-31&type=expense&min=10,50&max=&accounts=1,3&categories=1&q=silpo&transfers=exclude',
    );
    await screen.findByRole('list', { name: 'Transactions' });
    expect(lastQuery(calls)).toEqual({
      startDate: new Date(2026, 2, 1).toISOString(),
      endDate: new Date(new Date(2026, 3, 1).getTime() - 1).toISOString(),
      transactionType: 'expense',
      amountGte: '1050',
      accountIds: '1,3',
      categoryIds: '1',
      search: 'silpo',
      excludeTransfer: 'true',
      limit: '50',
    });
    expect((screen.getByRole('searchbox', { name: 'Search transactions' }) as HTMLInputElement).value).toBe('silpo');
  });

  it('keeps filters in the URL, so back and forward step through them', async () => {
    const { calls } = server();
    const { router, location } = renderApp('/transactions');
    await screen.findByRole('list', { name: 'Transactions' });
    const [filters] = screen.getAllByRole('radiogroup', { name: 'Type' });

    await userEvent.click(within(filters as HTMLElement).getByRole('radio', { name: 'Income' }));
    await waitFor(() => expect(location()).toBe('/transactions?type=income'));
    await waitFor(() => expect(lastQuery(calls).transactionType).toBe('income'));

    await userEvent.selectOptions(screen.getAllByLabelText('Dates')[0] as HTMLElement, 'last-month');
    await waitFor(() => expect(location()).toBe('/transactions?period=last-month&type=income'));

    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/transactions?type=income'));
    // The form follows the URL on the next render.
    await waitFor(() => expect((screen.getAllByLabelText('Dates')[0] as HTMLSelectElement).value).toBe('all'));
    await router.navigate(-1);
    await waitFor(() => expect(lastQuery(calls).transactionType).toBeUndefined());
  });

  it('searches once typing pauses, in minor units for amounts', async () => {
    const { calls } = server();
    const { location } = renderApp('/transactions');
    await screen.findByRole('list', { name: 'Transactions' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'rent');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Minimum amount' })[0] as HTMLElement, '99.99');

    await waitFor(() => expect(location()).toBe('/transactions?min=99.99&q=rent'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'rent', amountGte: '9999' }));
    // Asked once typing paused, not for every letter.
    const searched = calls('GET', '/transactions').flatMap((call) => call.url.searchParams.get('search') ?? []);
    expect(new Set(searched)).toEqual(new Set(['rent']));
  });

  it('says when nothing matches the filters, and clears them', async () => {
    server([]);
    const { location } = renderApp('/transactions?type=income&q=rent');
    expect(await screen.findByText('No transactions match these filters')).toBeTruthy();
    const [clear] = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear as HTMLElement);
    await waitFor(() => expect(location()).toBe('/transactions'));
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search transactions' }) as HTMLInputElement).value).toBe('');
  });

  it('opens a transaction for editing from its row', async () => {
    server();
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    await userEvent.click(within(list).getByRole('button', { name: /^Groceries/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('250.50');
    expect((within(dialog).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Silpo');
  });

  it('marks what came from the bank', async () => {
    server([
      makeTransaction({ id: 8, time: at(18, 21), note: 'Сільпо', externalId: 'mono-8', accountType: 'monobank' }),
      makeTransaction({ id: 7, time: at(18, 20), note: 'Market' }),
    ]);
    renderApp('/transactions');
    const list = within(await screen.findByRole('list', { name: 'Transactions' }));
    expect(within(list.getByRole('button', { name: /Сільпо/ })).getByTitle('Imported from Monobank')).toBeTruthy();
    expect(within(list.getByRole('button', { name: /Market/ })).queryByTitle('Imported from Monobank')).toBeNull();
  });

  it('exports exactly the filters shown as a CSV file, and leads to the import of the one account filtered on', async () => {
    const saved = catchDownloads();
    const { calls } = signedInServer({
      'GET /accounts': () => success(accounts),
      'GET /transactions': () => success(sample),
      'GET /transactions/export': () => fileAnswer('Time,Account\n', 'text/csv', 'kopiyka-transactions-2026-03-18.csv'),
    });
    renderApp('/transactions?period=custom&from=2026-03-01&to=2026-03-31&type=expense&min=10&accounts=1&q=silpo');
    await screen.findByRole('list', { name: 'Transactions' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['kopiyka-transactions-2026-03-18.csv']));
    expect(await saved[0]?.blob.text()).toBe('Time,Account\n');
    const { limit, cursor, ...listQuery } = lastQuery(calls);
    expect(Object.fromEntries(calls('GET', '/transactions/export')[0]?.url.searchParams ?? [])).toEqual({
      format: 'csv',
      ...listQuery,
    });
    expect(listQuery).toMatchObject({ accountIds: '1', transactionType: 'expense', search: 'silpo' });
    expect(screen.getByRole('link', { name: 'Import' }).getAttribute('href')).toBe('/import?accountId=1');
  });
});

describe('tags and bulk changes on the transactions page', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  const tags = [
    { id: 1, name: 'Trip', color: '#3498db' },
    { id: 2, name: 'Work', color: '#e74c3c' },
  ];
  const rows = [
    makeTransaction({ id: 9, time: at(18, 20), note: 'Taxi', tagIds: [1] }),
    makeTransaction({ id: 8, time: at(18, 19), note: 'Hotel', tagIds: [1, 2] }),
    makeTransaction({ id: 7, time: at(18, 18), note: 'Lunch' }),
    makeTransaction({ id: 6, time: at(18, 17), note: 'Museum' }),
  ];
  function bulkServer(answer = { updated: 3, deleted: 0, skipped: [] as Array<{ id: number; reason: string }> }) {
    return signedInServer({
      'GET /accounts': () => success(accounts),
      'GET /transactions': () => success(rows),
      'GET /tags': () => success(tags),
      'POST /transactions/bulk': () => success(answer),
    });
  }

  it('shows the tags a row carries and filters by a tag', async () => {
    const { calls } = bulkServer();
    const { location } = renderApp('/transactions');
    const list = within(await screen.findByRole('list', { name: 'Transactions' }));
    expect(text(list.getByRole('button', { name: /Hotel/ }))).toContain('TripWork');
    const [tagFilter] = screen.getAllByRole('button', { name: 'Tags' });
    await userEvent.click(tagFilter as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Work' }));
    await waitFor(() => expect(location()).toBe('/transactions?tags=2'));
    await waitFor(() => expect(lastQuery(calls).tagIds).toBe('2'));
  });

  it('selects rows one by one and in a range with Shift, and recategorises them at once', async () => {
    const { calls } = bulkServer({
      updated: 2,
      deleted: 0,
      skipped: [
        { id: 6, reason: 'transfer' },
        { id: 7, reason: 'split' },
      ],
    });
    renderApp('/transactions');
    await screen.findByRole('list', { name: 'Transactions' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Groceries, Taxi' }));
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Choose Groceries, Lunch' }));
    await user.keyboard('{/Shift}');
    // Space on a focused row's box ticks it too.
    screen.getByRole('checkbox', { name: 'Choose Groceries, Museum' }).focus();
    await user.keyboard(' ');
    const bar = within(screen.getByRole('region', { name: 'Selected transactions' }));
    expect(bar.getByText('4 selected')).toBeTruthy();
    await userEvent.click(bar.getByRole('button', { name: 'Category' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Apply to 4 transactions' }));
    expect(await dialog.findByText('Choose a category.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: /Groceries/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Apply to 4 transactions' }));
    expect(
      await screen.findByText(
        '2 transactions changed. 1 transfer kept its category. 1 split transaction kept its parts’ categories.',
      ),
    ).toBeTruthy();
    expect(calls('POST', '/transactions/bulk').map((call) => call.body)).toEqual([
      { ids: [9, 8, 7, 6], set: { categoryId: 2 } },
    ]);
  });

  it('selects every matching transaction across pages and deletes them after asking', async () => {
    const { calls } = bulkServer({ updated: 0, deleted: 4, skipped: [] });
    renderApp('/transactions?tags=1');
    await screen.findByRole('list', { name: 'Transactions' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Groceries, Taxi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all matching' }));
    const bar = within(screen.getByRole('region', { name: 'Selected transactions' }));
    expect(await bar.findByText('4 selected')).toBeTruthy();
    // The ids were asked for with the page's filters, as many as a server page holds.
    expect(lastQuery(calls)).toMatchObject({ tagIds: '1', limit: '200' });
    await userEvent.click(bar.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete 4 transactions?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('4 transactions deleted.')).toBeTruthy();
    expect(calls('POST', '/transactions/bulk').map((call) => call.body)).toEqual([{ ids: [9, 8, 7, 6], delete: true }]);
  });
});
