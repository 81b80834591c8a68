import type { Transaction, ValidationIssue } from '@kopiyka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { makeAccount } from '../../test/accounts.ts';
import { type FakeRequest, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeRule } from '../../test/rules.ts';
import { makeTransaction } from '../../test/transactions.ts';

const card = makeAccount({ id: 1, name: 'Card', currentBalance: 500_000 });
const cash = makeAccount({ id: 2, name: 'Cash', accountCategory: 'cash', currentBalance: 30_000 });
const savings = makeAccount({ id: 3, name: 'Savings', currencyId: 2, currencyCode: 'USD', currentBalance: 100_000 });
const monoCard = makeAccount({ id: 4, name: 'Monobank Black', type: 'monobank', currentBalance: 200_000 });

const LOCAL_TIME = '2026-03-18T14:30';

function validationError(details: ValidationIssue[]): Response {
  return new Response(
    JSON.stringify({ status: 'error', response: { code: 'VALIDATION_ERROR', statusText: 'Invalid input', details } }),
    { status: 422, headers: { 'Content-Type': 'application/json' } },
  );
}

/** A server with three accounts and `transactions` listed; POST answers the new transaction. */
function server(transactions: Transaction[] = [], handlers: Handlers = {}) {
  return signedInServer({
    'GET /accounts': () => success([card, cash, savings]),
    'GET /transactions': () => success(transactions),
    'GET /user/currencies/rates': () =>
      success([
        {
          baseCode: 'USD',
          quoteCode: 'UAH',
          rate: 41.5,
          date: '2026-03-18',
          custom: false,
          source: 'live',
          rateDate: '2026-03-18',
          effectiveFrom: null,
        },
      ]),
    'POST /transactions': ({ body }: FakeRequest) =>
      success([makeTransaction({ id: 99, ...(body as Partial<Transaction>) })], { status: 201 }),
    ...handlers,
  });
}

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add transaction' }));
  const dialog = await screen.findByRole('dialog', { name: 'New transaction' });
  return within(dialog);
}

async function openRow(name: RegExp) {
  const list = await screen.findByRole('list', { name: 'Transactions' });
  await userEvent.click(within(list).getByRole('button', { name }));
  return within(await screen.findByRole('dialog'));
}

type Dialog = Awaited<ReturnType<typeof openAddDialog>>;

async function chooseCategory(dialog: Dialog, name: string) {
  await userEvent.click(dialog.getByLabelText('Category'));
  const categories = await screen.findByRole('listbox', { name: 'Categories' });
  await userEvent.click(within(categories).getByRole('option', { name }));
}

function setTime(dialog: Dialog, value = LOCAL_TIME) {
  fireEvent.change(dialog.getByLabelText('Date and time'), { target: { value } });
}

const posted = (calls: ReturnType<typeof server>['calls']) => calls('POST', '/transactions').map((call) => call.body);

describe('adding a transaction', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('records an expense, then closes and refreshes lists and balances', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByLabelText('Amount'), '1 250,5');
    await chooseCategory(dialog, 'Groceries');
    setTime(dialog);
    await userEvent.type(dialog.getByLabelText('Note'), 'Silpo');
    expect(dialog.getByText('5/1000')).toBeTruthy();
    const accountReads = calls('GET', '/accounts').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls)).toEqual([
      {
        amount: 125_050,
        transactionType: 'expense',
        accountId: 1,
        categoryId: 2,
        paymentType: 'debitCard',
        time: new Date(LOCAL_TIME).toISOString(),
        note: 'Silpo',
        transferNature: 'not_transfer',
      },
    ]);
    expect(toastMessages()).toContain('Expense of UAH\u00a01,250.50 added.');
    await waitFor(() => expect(calls('GET', '/accounts').length).toBeGreaterThan(accountReads));
    expect(calls('GET', '/transactions').length).toBeGreaterThan(1);
  });

  it('assigns it to a budget chosen in the form, leaving archived budgets out', async () => {
    const budget = (id: number, name: string, archived = false) => ({
      id,
      name,
      limitAmount: null,
      startDate: null,
      endDate: null,
      categoryIds: [],
      autoInclude: true,
      archived,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const { calls } = server([], { 'GET /budgets': () => success([budget(5, 'Holiday'), budget(6, 'Old', true)]) });
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByLabelText('Amount'), '20');
    await chooseCategory(dialog, 'Groceries');
    const select = await dialog.findByLabelText('Budget');
    expect(within(select).queryByRole('option', { name: 'Old' })).toBeNull();
    await userEvent.selectOptions(select, 'Holiday');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({ amount: 2_000, budgetId: 5 });
  });

  it('puts the tags toggled in the form on it', async () => {
    const tags = [
      { id: 1, name: 'Trip', color: '#3498db' },
      { id: 2, name: 'Work', color: '#e74c3c' },
    ];
    const { calls } = server([], { 'GET /tags': () => success(tags) });
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByLabelText('Amount'), '20');
    await chooseCategory(dialog, 'Groceries');
    const group = within(await dialog.findByRole('group', { name: 'Tags' }));
    await userEvent.click(group.getByRole('button', { name: 'Work' }));
    await userEvent.click(group.getByRole('button', { name: 'Trip' }));
    await userEvent.click(group.getByRole('button', { name: 'Work' }));
    expect(group.getByRole('button', { name: 'Trip' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({ amount: 2_000, tagIds: [1] });
  });

  it('offers to make tags when the user has none', async () => {
    server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    expect((await dialog.findByRole('link', { name: 'Make tags in Settings' })).getAttribute('href')).toBe(
      '/settings/tags',
    );
  });

  it('checks the form before sending anything', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    expect(await dialog.findByText('Enter an amount')).toBeTruthy();
    expect(dialog.getByText('Choose a category', { selector: 'p' })).toBeTruthy();
    expect(posted(calls)).toEqual([]);
  });

  it('splits a purchase between categories, saying what is left to assign and saving only once it is nothing', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByLabelText('Amount'), '300');
    await chooseCategory(dialog, 'Groceries');
    setTime(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Split' }));
    // The first part takes the category and the whole amount.
    expect(dialog.getByRole('status').textContent).toBe('All assigned');
    const first = dialog.getByLabelText('Amount of part 1');
    await userEvent.clear(first);
    await userEvent.type(first, '200');
    expect(dialog.getByRole('status').textContent).toBe('Left to assign: UAH 100.00');
    await userEvent.click(dialog.getByLabelText('Category of part 2'));
    await userEvent.click(
      within(await screen.findByRole('listbox', { name: 'Categories' })).getByRole('option', { name: 'Food & Drinks' }),
    );
    await userEvent.type(dialog.getByLabelText('Note of part 2'), 'soap');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    expect(await dialog.findByText('Enter an amount for each part')).toBeTruthy();
    const second = dialog.getByLabelText('Amount of part 2');
    await userEvent.type(second, '50');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    expect((await dialog.findByText(/^Assign the rest too/)).textContent).toBe(
      `Assign the rest too: ${formatMoney(5_000, 'UAH')} left`,
    );
    expect(posted(calls)).toEqual([]);

    await userEvent.clear(second);
    await userEvent.type(second, '100');
    expect(dialog.getByRole('status').textContent).toBe('All assigned');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls)).toEqual([
      {
        amount: 30_000,
        transactionType: 'expense',
        accountId: 1,
        paymentType: 'debitCard',
        time: new Date(LOCAL_TIME).toISOString(),
        note: '',
        transferNature: 'not_transfer',
        splits: [
          { categoryId: 2, amount: 20_000, note: '' },
          { categoryId: 1, amount: 10_000, note: 'soap' },
        ],
      },
    ]);
  });

  it('joins the parts again when they are removed down to one', async () => {
    server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Split' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove part 1' }));
    expect(dialog.queryByLabelText('Amount of part 1')).toBeNull();
    // The part left had no category: the one chosen before stays.
    expect(dialog.getByLabelText('Category').textContent).toContain('Groceries');
  });

  it('shows a split transaction in the list by its largest part and how many more', async () => {
    const split = makeTransaction({
      id: 7,
      categoryId: 2,
      splits: [
        { id: 1, categoryId: 2, amount: 7_000, refAmount: 7_000, note: '' },
        { id: 2, categoryId: 1, amount: 3_000, refAmount: 3_000, note: '' },
      ],
    });
    server([split]);
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getByText('Groceries and 1 more category')).toBeTruthy();
  });

  it('checks the form in Ukrainian', async () => {
    await setLocale('uk');
    const { calls } = server();
    renderApp('/transactions');
    const [add] = await screen.findAllByRole('button', { name: 'Додати операцію' });
    await userEvent.click(add as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Нова операція' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Додати витрату' }));
    expect(await dialog.findByText('Введіть суму')).toBeTruthy();
    expect(dialog.getByText('Виберіть категорію', { selector: 'p' })).toBeTruthy();
    expect(posted(calls)).toEqual([]);
  });

  it('says in Ukrainian why an amount cannot be read', async () => {
    await setLocale('uk');
    server();
    renderApp('/transactions');
    const [add] = await screen.findAllByRole('button', { name: 'Додати операцію' });
    await userEvent.click(add as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Нова операція' }));
    const amount = dialog.getByLabelText('Сума');
    // Pasted rather than typed key by key: what is read is the same, and it is quicker.
    await userEvent.click(amount);
    await userEvent.paste('1.500');
    // The texts' no-break spaces read as plain ones here: the queries normalise white space.
    expect(dialog.getByText('Це 1 500 чи 1,5? Напишіть 1500 або 1,50')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.paste('багато');
    expect(dialog.getByText('Введіть суму, наприклад 1 250,50')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.paste('100000000000000000');
    expect(dialog.getByText('Забагато: щонайбільше 10 000 000 000 000,00')).toBeTruthy();
  });

  it('speaks Ukrainian separators and refuses a minus as soon as it is typed', async () => {
    await setLocale('uk');
    const { calls } = server();
    renderApp('/transactions');
    const [add] = await screen.findAllByRole('button', { name: 'Додати операцію' });
    await userEvent.click(add as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Нова операція' }));
    const amount = dialog.getByLabelText('Сума');
    expect(amount.getAttribute('placeholder')).toBe('0,00');
    await userEvent.type(amount, '−');
    expect(dialog.getByText('Введіть суму без мінуса: тут вона не може бути від’ємною')).toBeTruthy();
    await userEvent.type(amount, '250');
    expect(dialog.getByText('Введіть суму без мінуса: тут вона не може бути від’ємною')).toBeTruthy();
    expect(dialog.queryByText(/^= /)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Додати витрату' }));
    expect(posted(calls)).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '250,5');
    expect(dialog.getByText('= 250,50 ₴')).toBeTruthy();
  });

  it('says in place that the server cannot be reached, keeps what was typed and sends it again', async () => {
    let reachable = false;
    const { calls } = server([], {
      'POST /transactions': ({ body }: FakeRequest) =>
        reachable
          ? success([makeTransaction({ id: 99, ...(body as Partial<Transaction>) })], { status: 201 })
          : (Promise.reject(new TypeError('Failed to fetch')) as never),
    });
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByLabelText('Amount'), '250.50');
    await chooseCategory(dialog, 'Groceries');
    await userEvent.type(dialog.getByLabelText('Note'), 'Silpo');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));

    expect(await dialog.findByText('Can’t reach the server. Check your connection and try again.')).toBeTruthy();
    expect(toastMessages()).toEqual([]);
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('250.50');
    expect((dialog.getByLabelText('Note') as HTMLInputElement).value).toBe('Silpo');

    reachable = true;
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls)).toHaveLength(2);
    expect(posted(calls)[1]).toMatchObject({ amount: 25_050, note: 'Silpo' });
    expect(toastMessages()).toContain('Expense of UAH\u00a0250.50 added.');
  });

  it('says under the amount how it is read, and asks about a mark before three digits', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    const amount = dialog.getByLabelText('Amount');
    await userEvent.type(amount, '1 500');
    expect(dialog.getByText('= UAH 1,500.00')).toBeTruthy();
    expect(amount.getAttribute('aria-describedby')).toBeTruthy();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1.500');
    expect(dialog.getByText('Is this 1,500 or 1.5? Write 1500 or 1.50')).toBeTruthy();
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    // Once refused, the field's error says it, once.
    expect(await dialog.findAllByText('Is this 1,500 or 1.5? Write 1500 or 1.50')).toHaveLength(1);
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(amount);
    await userEvent.type(amount, '1,500.00');
    expect(dialog.getByText('= UAH 1,500.00')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({ amount: 150_000 });
  });

  it('says a too large amount is too large, with the largest, and sends nothing', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.type(dialog.getByLabelText('Amount'), '99999999999999999');
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    expect(await dialog.findByText('Too large: at most 10,000,000,000,000.00')).toBeTruthy();
    expect(posted(calls)).toEqual([]);
  });

  it('preselects how a cash account pays', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.selectOptions(dialog.getByLabelText('Account'), '2');
    expect((dialog.getByLabelText('Payment type') as HTMLSelectElement).value).toBe('cash');
    await userEvent.click(dialog.getByRole('radio', { name: 'Income' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '300');
    await chooseCategory(dialog, 'Other');
    await userEvent.click(dialog.getByRole('button', { name: 'Add income' }));
    await waitFor(() =>
      expect(posted(calls)).toEqual([
        expect.objectContaining({
          transactionType: 'income',
          accountId: 2,
          paymentType: 'cash',
          amount: 30_000,
          categoryId: 3,
        }),
      ]),
    );
  });

  it('moves money between two accounts of one currency: one amount for both', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '2000');
    await userEvent.selectOptions(dialog.getByLabelText('To'), '2');
    expect(dialog.queryByLabelText('Amount received')).toBeNull();
    expect((dialog.getByLabelText('Category') as HTMLButtonElement).disabled).toBe(true);
    setTime(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Add transfer' }));

    await waitFor(() =>
      expect(posted(calls)).toEqual([
        {
          amount: 200_000,
          transactionType: 'expense',
          accountId: 1,
          destinationAccountId: 2,
          transferNature: 'transfer_between_user_accounts',
          paymentType: 'debitCard',
          time: new Date(LOCAL_TIME).toISOString(),
          note: '',
        },
      ]),
    );
    expect(toastMessages()).toContain('Transfer of UAH\u00a02,000.00 recorded.');
  });

  it('across currencies, works out what arrives at the day’s rate and lets the user change it', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    setTime(dialog);
    await userEvent.selectOptions(dialog.getByLabelText('To'), '3');
    await userEvent.type(dialog.getByLabelText('Amount sent'), '4150');

    const received = dialog.getByLabelText('Amount received') as HTMLInputElement;
    await waitFor(() => expect(received.value).toBe('100.00'));
    expect(dialog.getByText(/^At 1 USD = 41\.5 UAH, the rate of 18 Mar 2026/)).toBeTruthy();
    expect(calls('GET', '/user/currencies/rates').at(-1)?.url.searchParams.get('date')).toBe(
      new Date(LOCAL_TIME).toISOString().slice(0, 10),
    );

    await userEvent.clear(received);
    await userEvent.type(received, '99.5');
    // Typed over, it stays as typed when the amount sent changes.
    await userEvent.type(dialog.getByLabelText('Amount sent'), '0');
    expect(received.value).toBe('99.5');
    await userEvent.click(dialog.getByRole('button', { name: 'Add transfer' }));

    await waitFor(() =>
      expect(posted(calls)).toEqual([
        expect.objectContaining({
          amount: 4_150_000,
          accountId: 1,
          destinationAccountId: 3,
          destinationAmount: 9950,
          transferNature: 'transfer_between_user_accounts',
        }),
      ]),
    );
  });

  it('says where a move from a bank card is made, as bank accounts are not listed', async () => {
    server([], { 'GET /accounts': () => success([card, cash, monoCard]) });
    renderApp('/transactions');
    const dialog = await openAddDialog();
    const hint = /^Money moved from or to a bank card comes from the bank: open that transaction/;
    expect(dialog.queryByText(hint)).toBeNull();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    expect(dialog.getByText(hint)).toBeTruthy();
    const from = dialog.getByLabelText('From') as HTMLSelectElement;
    expect([...from.options].map((option) => option.value)).not.toContain(String(monoCard.id));
  });

  it('sends money out of the wallet with no destination', async () => {
    const { calls } = server();
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    await userEvent.selectOptions(dialog.getByLabelText('From'), '2');
    await userEvent.selectOptions(dialog.getByLabelText('To'), 'out');
    await userEvent.type(dialog.getByLabelText('Amount'), '150');
    await userEvent.click(dialog.getByRole('button', { name: 'Add transfer' }));

    await waitFor(() =>
      expect(posted(calls)).toEqual([
        expect.objectContaining({
          amount: 15_000,
          transactionType: 'expense',
          accountId: 2,
          paymentType: 'cash',
          transferNature: 'transfer_out_wallet',
        }),
      ]),
    );
    expect(posted(calls)[0]).not.toHaveProperty('destinationAccountId');
  });

  it('puts the server’s refusals on the fields, with a way to set a missing rate', async () => {
    server([], {
      'POST /transactions': () =>
        validationError([
          { path: 'amount', message: 'Amount is too large', code: 'amount.tooLargeInBase', params: { max: '1' } },
          {
            path: 'destinationAccountId',
            message: 'No exchange rate for UAH → USD on 2026-03-18. Set a custom rate in Settings → Currencies.',
            code: 'rate.missing',
            params: { from: 'UAH', to: 'USD', date: '2026-03-18' },
          },
        ]),
    });
    renderApp('/transactions');
    const dialog = await openAddDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    await userEvent.selectOptions(dialog.getByLabelText('To'), '3');
    await userEvent.type(dialog.getByLabelText('Amount sent'), '10');
    await userEvent.type(dialog.getByLabelText('Amount received'), '1');
    await userEvent.click(dialog.getByRole('button', { name: 'Add transfer' }));

    expect(await dialog.findByText('Amount is too large')).toBeTruthy();
    const to = dialog.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText(/^No exchange rate for UAH → USD/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Set a custom rate in Settings → Currencies' }).getAttribute('href')).toBe(
      '/settings/currencies',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('editing a transaction', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  const lunch = makeTransaction({ id: 40, amount: 25_050, note: 'Lunch', categoryId: 2 });
  const transferOut = makeTransaction({
    id: 50,
    time: '2026-03-17T09:00:00.000Z',
    amount: 200_000,
    categoryId: null,
    transferNature: 'transfer_between_user_accounts',
    transferId: 9,
    destinationAccountId: 2,
    destinationAmount: 200_000,
  });

  it('sends only what changed', async () => {
    const { calls } = server([lunch], {
      'PUT /transactions/40': () => success([{ ...lunch, note: 'Dinner' }]),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Groceries/);
    const note = dialog.getByLabelText('Note');
    await userEvent.clear(note);
    await userEvent.type(note, 'Dinner');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls('PUT', '/transactions/40').map((call) => call.body)).toEqual([{ note: 'Dinner' }]),
    );
    expect(toastMessages()).toContain('Transaction saved.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens with the amount in Ukrainian separators, and the amount left as it is is not sent', async () => {
    await setLocale('uk');
    const { calls } = server([lunch], {
      'PUT /transactions/40': () => success([{ ...lunch, note: 'Вечеря' }]),
    });
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Операції' });
    await userEvent.click(within(list).getByRole('button', { name: /^Groceries/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('Сума') as HTMLInputElement).value).toBe('250,50');
    const note = dialog.getByLabelText('Примітка');
    await userEvent.clear(note);
    await userEvent.type(note, 'Вечеря');
    await userEvent.click(dialog.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(calls('PUT', '/transactions/40').map((call) => call.body)).toEqual([{ note: 'Вечеря' }]),
    );
  });

  it('edits a transfer’s amount from either leg', async () => {
    const { calls } = server([transferOut], {
      'PUT /transactions/50': () => success([transferOut]),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Transfer → Cash/);
    expect((dialog.getByLabelText('From') as HTMLSelectElement).value).toBe('1');
    expect((dialog.getByLabelText('To') as HTMLSelectElement).value).toBe('2');
    const amount = dialog.getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2500');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls('PUT', '/transactions/50').map((call) => call.body)).toEqual([{ amount: 250_000 }]),
    );
  });

  it('asks before deleting, saying both legs of a transfer go', async () => {
    const { calls } = server([transferOut], {
      'DELETE /transactions/50': () => new Response(null, { status: 204 }),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Transfer → Cash/);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete this transfer?' }));
    expect(
      confirm.getByText(
        'Both legs of the transfer go, on Card and on Cash, and both balances change back. This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE', '/transactions/50')).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete both legs' }),
    );
    await waitFor(() => expect(calls('DELETE', '/transactions/50')).toHaveLength(1));
    expect(toastMessages()).toContain('Transfer deleted.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links an expense with an income on another account, the closest first', async () => {
    const far = makeTransaction({
      id: 61,
      accountId: 2,
      transactionType: 'income',
      amount: 25_050,
      time: '2026-03-01T09:30:00.000Z',
    });
    const close = makeTransaction({
      id: 62,
      accountId: 2,
      transactionType: 'income',
      amount: 25_050,
      note: 'From card',
    });
    const sameAccount = makeTransaction({ id: 63, accountId: 1, transactionType: 'income', amount: 25_050 });
    const { calls } = server([lunch], {
      'GET /transactions': ({ url }) =>
        success(url.searchParams.get('transactionType') === 'income' ? [far, sameAccount, close] : [lunch]),
      'PUT /transactions/link': () => success([[lunch, close]]),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Groceries/);
    await userEvent.click(dialog.getByRole('button', { name: 'Link with an existing transaction' }));

    const candidates = await screen.findAllByRole('radio', { name: /Cash/ });
    expect(candidates.map((radio) => (radio as HTMLInputElement).value)).toEqual(['62', '61']);
    const lookup = calls('GET', '/transactions').at(-1)?.url.searchParams;
    expect(lookup?.get('transactionType')).toBe('income');
    expect(lookup?.get('excludeTransfer')).toBe('true');
    await userEvent.click(candidates[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));

    await waitFor(() =>
      expect(calls('PUT', '/transactions/link').map((call) => call.body)).toEqual([{ ids: [[40, 62]] }]),
    );
    expect(toastMessages()).toContain('Linked into a transfer.');
  });

  it('unlinks a transfer', async () => {
    const { calls } = server([transferOut], { 'PUT /transactions/unlink': () => success([]) });
    renderApp('/transactions');
    const dialog = await openRow(/^Transfer → Cash/);
    await userEvent.click(dialog.getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(calls('PUT', '/transactions/unlink').map((call) => call.body)).toEqual([{ transferIds: [9] }]),
    );
    expect(toastMessages()).toContain('Transfer unlinked: both are ordinary transactions again.');
  });

  it('keeps a bank import’s amount, time, account and type, and offers no delete', async () => {
    const imported = makeTransaction({ id: 70, externalId: 'mono-1', accountType: 'monobank', amount: 9_900 });
    const { calls } = server([imported], { 'PUT /transactions/70': () => success([imported]) });
    renderApp('/transactions');
    const dialog = await openRow(/^Groceries/);
    expect(dialog.getByText(/^Imported from your bank/)).toBeTruthy();
    for (const [label, value] of [
      ['Amount', 'UAH\u00a099.00'],
      ['Account', 'Card'],
      ['Date and time', `18 Mar 2026, ${new Date(imported.time).toTimeString().slice(0, 5)}`],
    ]) {
      const field = dialog.getByLabelText(label as string) as HTMLInputElement;
      expect([field.value, field.readOnly]).toEqual([value, true]);
    }
    expect((dialog.getByRole('radio', { name: 'Income' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.queryByRole('button', { name: 'Delete' })).toBeNull();

    await chooseCategory(dialog, 'Other');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', '/transactions/70').map((call) => call.body)).toEqual([{ categoryId: 3 }]));
  });

  it('makes a bank expense a transfer to an own account in another currency, keeping the bank’s amount', async () => {
    const imported = makeTransaction({
      id: 71,
      externalId: 'mono-2',
      accountType: 'monobank',
      accountId: monoCard.id,
      amount: 41_500,
    });
    const { calls } = server([imported], {
      'GET /accounts': () => success([card, cash, savings, monoCard]),
      'PUT /transactions/71': () => success([imported]),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Groceries/);
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    const from = dialog.getByLabelText('From') as HTMLInputElement;
    expect([from.value, from.readOnly]).toEqual(['Monobank Black', true]);
    await userEvent.selectOptions(dialog.getByLabelText('To'), String(savings.id));
    const sent = dialog.getByLabelText('Amount sent') as HTMLInputElement;
    expect([sent.value, sent.readOnly]).toEqual(['UAH\u00a0415.00', true]);
    const received = dialog.getByLabelText('Amount received');
    await userEvent.clear(received);
    await userEvent.type(received, '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls('PUT', '/transactions/71').map((call) => call.body)).toEqual([
        {
          transferNature: 'transfer_between_user_accounts',
          destinationAccountId: savings.id,
          destinationAmount: 1_000,
        },
      ]),
    );
  });

  /** A bank import whose note is its merchant, in the fallback category. */
  const silpo = makeTransaction({
    id: 70,
    externalId: 'mono-1',
    accountType: 'monobank',
    note: 'Сільпо',
    categoryId: 3,
  });

  it('asks whether a bank import’s merchant always goes to its new category: yes makes the rule, then applies it to the past rows it matches', async () => {
    const { calls } = server([silpo], {
      'PUT /transactions/70': () => success([{ ...silpo, categoryId: 2 }]),
      'GET /rules': () => success([]),
      'POST /rules': ({ body }) => success(makeRule({ id: 5, ...(body as object) }), { status: 201 }),
      'POST /rules/5/apply': ({ body }) =>
        success(
          (body as { dryRun?: boolean }).dryRun
            ? { matched: 12, changed: 0, sample: [silpo] }
            : { matched: 12, changed: 11, sample: [silpo] },
        ),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Other/);
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByText('Always put “Сільпо” in Groceries?')).toBeTruthy();
    expect(notifications.getByText('Transaction saved.')).toBeTruthy();
    expect(calls('POST', '/rules')).toEqual([]);
    await userEvent.click(notifications.getByRole('button', { name: 'Yes, make it a rule' }));

    // The rule: the bank's description is the merchant, then the category chosen.
    await waitFor(() =>
      expect(calls('POST', '/rules').map((call) => call.body)).toEqual([
        {
          name: 'Сільпо',
          match: 'all',
          conditions: [{ field: 'description', op: 'equals', value: 'Сільпо' }],
          actions: [{ type: 'setCategory', categoryId: 2 }],
        },
      ]),
    );
    // A dry run says how many past rows it matches; nothing changes until asked.
    const apply = await notifications.findByRole('button', { name: 'Apply to the 12 past transactions it matches' });
    expect(notifications.getByText('“Сільпо” goes to Groceries from now on.')).toBeTruthy();
    expect(calls('POST', '/rules/5/apply').map((call) => call.body)).toEqual([{ dryRun: true }]);
    await userEvent.click(apply);
    await waitFor(() => expect(toastMessages()).toContain('Rule “Сільпо” applied: 11 transactions changed.'));
    expect(calls('POST', '/rules/5/apply').map((call) => call.body)).toEqual([{ dryRun: true }, {}]);
  });

  it('asks the same after a file’s row got another category, the file’s whole text the rule’s', async () => {
    const imported = makeTransaction({ id: 72, importId: 4, note: 'ATB — Market 12', categoryId: 3 });
    const { calls } = server([imported], {
      'PUT /transactions/72': () => success([{ ...imported, categoryId: 2 }]),
      'GET /rules': () => success([]),
      'POST /rules': ({ body }) => success(makeRule({ id: 6, ...(body as object) }), { status: 201 }),
      'POST /rules/6/apply': () => success({ matched: 1, changed: 0, sample: [imported] }),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Other/);
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByText('Always put “ATB — Market 12” in Groceries?')).toBeTruthy();
    await userEvent.click(notifications.getByRole('button', { name: 'Yes, make it a rule' }));
    await waitFor(() =>
      expect(calls('POST', '/rules').map((call) => call.body)).toEqual([
        {
          name: 'ATB — Market 12',
          match: 'all',
          conditions: [{ field: 'description', op: 'equals', value: 'ATB — Market 12' }],
          actions: [{ type: 'setCategory', categoryId: 2 }],
        },
      ]),
    );
  });

  it('moves a rule learned before for the merchant to the new category rather than making a second one', async () => {
    const learned = makeRule({ id: 8, actions: [{ type: 'setCategory', categoryId: 3 }] });
    const { calls } = server([silpo], {
      'PUT /transactions/70': () => success([{ ...silpo, categoryId: 2 }]),
      'GET /rules': () => success([learned]),
      'PUT /rules/8': ({ body }) => success({ ...learned, ...(body as object) }),
      'POST /rules/8/apply': () => success({ matched: 0, changed: 0, sample: [] }),
    });
    renderApp('/transactions');
    const dialog = await openRow(/^Other/);
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    await userEvent.click(await notifications.findByRole('button', { name: 'Yes, make it a rule' }));
    await waitFor(() => expect(toastMessages()).toContain('“Сільпо” goes to Groceries from now on.'));
    expect(calls('PUT', '/rules/8').map((call) => call.body)).toEqual([
      { enabled: true, actions: [{ type: 'setCategory', categoryId: 2 }] },
    ]);
    expect(calls('POST', '/rules')).toEqual([]);
    // Nothing in the past to apply it to: nothing offered.
    expect(notifications.queryByRole('button', { name: /^Apply/ })).toBeNull();
  });

  it('asks in Ukrainian, and counts what it changed in Ukrainian plural forms', async () => {
    await setLocale('uk');
    server([silpo], {
      'PUT /transactions/70': () => success([{ ...silpo, categoryId: 2 }]),
      'GET /rules': () => success([]),
    });
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Операції' });
    await userEvent.click(within(list).getByRole('button', { name: /^Other/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByLabelText('Категорія'));
    await userEvent.click(
      within(await screen.findByRole('listbox', { name: 'Категорії' })).getByRole('option', { name: 'Groceries' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Зберегти' }));
    const notifications = within(screen.getByRole('region', { name: 'Сповіщення' }));
    expect(await notifications.findByText('Завжди відносити «Сільпо» до «Groceries»?')).toBeTruthy();
    expect(notifications.getByRole('button', { name: 'Так, зробити правилом' })).toBeTruthy();

    const said = (changed: number) => t('rules.apply.done', { name: 'Сільпо', changed });
    expect(said(0)).toBe('Правило «Сільпо» застосовано: змінювати нічого не довелося.');
    expect(said(1)).toBe('Правило «Сільпо» застосовано: змінено 1 операцію.');
    expect(said(3)).toBe('Правило «Сільпо» застосовано: змінено 3 операції.');
    expect(said(12)).toBe('Правило «Сільпо» застосовано: змінено 12 операцій.');
    expect(said(21)).toBe('Правило «Сільпо» застосовано: змінено 21 операцію.');
  });

  it('offers nothing when only the note of a bank import changed, or for a manual transaction', async () => {
    const lunch = makeTransaction({ id: 40, note: 'Lunch', categoryId: 3, time: '2026-03-17T09:00:00.000Z' });
    server([silpo, lunch], {
      'PUT /transactions/70': () => success([{ ...silpo, note: 'Сільпо, for the party' }]),
      'PUT /transactions/40': () => success([{ ...lunch, categoryId: 2 }]),
    });
    renderApp('/transactions');
    let dialog = await openRow(/^Other.*Сільпо/);
    await userEvent.type(dialog.getByLabelText('Note'), ', for the party');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openRow(/^Other.*Lunch/);
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(notifications.getByText('Transaction saved.')).toBeTruthy();
    expect(notifications.queryByRole('button', { name: 'Yes, make it a rule' })).toBeNull();
    expect(notifications.queryByText(/^Always put/)).toBeNull();
  });
});
