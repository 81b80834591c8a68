import type { Recurring } from '@kopiyka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../test/accounts.ts';
import { type FakeRequest, failure, success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeRecurring } from '../../test/recurring.ts';
import { makeTransaction } from '../../test/transactions.ts';

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

const card = makeAccount({ id: 1, name: 'Card', currentBalance: 500_000 });
const cash = makeAccount({ id: 2, name: 'Cash', accountCategory: 'cash', currentBalance: 30_000 });
const savings = makeAccount({ id: 3, name: 'Savings', currencyId: 2, currencyCode: 'USD', currentBalance: 100_000 });
const rent = makeRecurring({ id: 1, name: 'Rent' });

function server(schedules: Recurring[] = [], handlers: Handlers = {}) {
  return signedInServer({
    'GET /accounts': () => success([card, cash, savings]),
    'GET /recurring': () => success(schedules),
    'GET /recurring/suggestions': () => success([]),
    'POST /recurring': ({ body }: FakeRequest) =>
      success(makeRecurring({ id: 9, name: (body as { name: string }).name }), { status: 201 }),
    ...handlers,
  });
}

async function openNewDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add your first regular payment' }));
  return within(await screen.findByRole('dialog', { name: 'New regular payment' }));
}

type Dialog = Awaited<ReturnType<typeof openNewDialog>>;

async function chooseCategory(dialog: Dialog, name: string) {
  await userEvent.click(dialog.getByLabelText('Category'));
  const categories = await screen.findByRole('listbox', { name: 'Categories' });
  await userEvent.click(within(categories).getByRole('option', { name }));
}

/** The message a field shows under it: what its `aria-describedby` names first. */
const messageOf = (field: HTMLElement) =>
  text(document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? ''));

/** An instalment plan's parts as the dialog lists them before saving. */
const partsListed = (dialog: Dialog) =>
  within(dialog.getByRole('list', { name: 'Parts' }))
    .getAllByRole('listitem')
    .map(text);

const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const posted = (calls: ReturnType<typeof server>['calls']) => calls('POST', '/recurring').map((call) => call.body);

describe('new regular payment', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('starts today, every month, and shows the first days it falls on', async () => {
    server();
    renderApp('/recurring');
    const dialog = await openNewDialog();
    expect((dialog.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-11-22');
    expect((dialog.getByLabelText('Every') as HTMLInputElement).value).toBe('1');
    expect((dialog.getByLabelText('Period') as HTMLSelectElement).value).toBe('month');
    expect((dialog.getByLabelText('Account') as HTMLSelectElement).value).toBe('1');
    expect(dialog.getByText('Comes on 22 Nov 2026, 22 Dec 2026, 22 Jan 2027, and so on')).toBeTruthy();
    expect(dialog.getByRole('radio', { name: 'Never' }).getAttribute('aria-checked')).toBe('true');
  });

  it('sends a schedule every two weeks that ends after five times and asks first', async () => {
    const { calls } = server();
    renderApp('/recurring');
    const dialog = await openNewDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Swimming');
    await userEvent.type(dialog.getByLabelText('Amount'), '300');
    await chooseCategory(dialog, 'Groceries');
    const every = dialog.getByLabelText('Every');
    await userEvent.clear(every);
    await userEvent.type(every, '2');
    await userEvent.selectOptions(dialog.getByLabelText('Period'), 'week');
    expect(dialog.getByRole('option', { name: 'weeks' })).toBeTruthy();
    setDate(dialog.getByLabelText('Starts'), '2026-11-25');
    expect(dialog.getByText('Comes on 25 Nov 2026, 9 Dec 2026, 23 Dec 2026, and so on')).toBeTruthy();
    await userEvent.click(dialog.getByRole('radio', { name: 'After' }));
    await userEvent.type(dialog.getByLabelText('Number of times'), '5');
    await userEvent.click(dialog.getByRole('switch', { name: 'Ask me to confirm each one' }));
    await userEvent.type(dialog.getByLabelText('Note'), 'Pool');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls)).toEqual([
      {
        name: 'Swimming',
        mode: 'confirm',
        kind: 'schedule',
        template: {
          amount: 30_000,
          transactionType: 'expense',
          accountId: 1,
          categoryId: 2,
          note: 'Pool',
          tagIds: [],
          destinationAccountId: null,
          destinationAmount: null,
        },
        schedule: { frequency: 'week', interval: 2, startDate: '2026-11-25', endDate: null, count: 5 },
      },
    ]);
    expect(toastMessages()).toContain('Regular payment “Swimming” created.');
  });

  it('shows an instalment plan’s parts before saving, the remainder in the last, and sends its total and count', async () => {
    const { calls } = server();
    renderApp('/recurring');
    const dialog = await openNewDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Instalments' }));
    expect(dialog.getByRole('radio', { name: 'Transfer' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(dialog.getByLabelText('Name'), 'Laptop');
    await userEvent.type(dialog.getByLabelText('Total'), '1000,01');
    await chooseCategory(dialog, 'Groceries');
    expect((dialog.getByLabelText('Number of parts') as HTMLInputElement).value).toBe('3');
    setDate(dialog.getByLabelText('First payment'), '2026-12-01');
    expect(partsListed(dialog)).toEqual([
      '1 of 3 · 1 Dec 2026UAH 333.33',
      '2 of 3 · 1 Jan 2027UAH 333.33',
      '3 of 3 · 1 Feb 2027UAH 333.35',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toEqual({
      name: 'Laptop',
      mode: 'auto',
      kind: 'instalments',
      total: 100_001,
      count: 3,
      template: {
        transactionType: 'expense',
        accountId: 1,
        categoryId: 2,
        note: '',
        tagIds: [],
        destinationAccountId: null,
        destinationAmount: null,
      },
      schedule: { startDate: '2026-12-01' },
    });
  });

  it('sends a transfer across currencies with the amount that arrives, and no category', async () => {
    const { calls } = server();
    renderApp('/recurring');
    const dialog = await openNewDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Transfer' }));
    expect(dialog.queryByLabelText('Category')).toBeNull();
    await userEvent.type(dialog.getByLabelText('Name'), 'Savings');
    await userEvent.selectOptions(dialog.getByLabelText('To'), '3');
    await userEvent.type(dialog.getByLabelText('Amount sent'), '2075');
    await userEvent.type(dialog.getByLabelText('Amount received'), '50');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      template: {
        amount: 207_500,
        transactionType: 'expense',
        accountId: 1,
        categoryId: null,
        destinationAccountId: 3,
        destinationAmount: 5_000,
      },
    });
  });

  it('says what is missing or wrong before sending anything, in the contract’s words', async () => {
    const { calls } = server();
    renderApp('/recurring');
    const dialog = await openNewDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'On a date' }));
    setDate(dialog.getByLabelText('Last day'), '2026-11-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('The end must not be before the start')).toBeTruthy();
    expect(messageOf(dialog.getByLabelText('Last day'))).toBe('The end must not be before the start');
    expect(messageOf(dialog.getByLabelText('Name'))).toBe('Name is required');
    expect(messageOf(dialog.getByLabelText('Amount'))).toBe('Enter an amount');
    expect(messageOf(dialog.getByLabelText('Category'))).toBe('Choose a category');
    expect(posted(calls)).toEqual([]);
  });

  it('puts the server’s refusal on the field it names', async () => {
    server([], {
      'POST /recurring': () =>
        failure(422, 'VALIDATION_ERROR', 'Invalid input', {
          details: [
            {
              path: 'schedule.interval',
              message: 'Every 1 to 999 days, weeks, months or years',
              code: 'recurring.interval',
              params: { max: 999 },
            },
          ],
        }),
    });
    renderApp('/recurring');
    const dialog = await openNewDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Rent');
    await userEvent.type(dialog.getByLabelText('Amount'), '250');
    await chooseCategory(dialog, 'Groceries');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    const every = dialog.getByLabelText('Every');
    await waitFor(() => expect(every.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(every)).toBe('Every 1 to 999 days, weeks, months or years');
  });
});

describe('editing a regular payment', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  async function openRent(handlers: Handlers = {}) {
    const found = server([rent], handlers);
    renderApp('/recurring');
    const list = within(await screen.findByRole('list', { name: 'Regular payments' }));
    await userEvent.click(list.getByRole('button', { name: /^Rent/ }));
    return { ...found, dialog: within(await screen.findByRole('dialog', { name: 'Edit regular payment' })) };
  }

  it('sends only what changed: a new name leaves the rhythm, and what is due under it, alone', async () => {
    const { calls, dialog } = await openRent({
      'PUT /recurring/1': ({ body }) => success({ ...rent, ...(body as object) }),
    });
    const name = dialog.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Flat rent');
    await userEvent.click(dialog.getByRole('switch', { name: 'Paused' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT', '/recurring/1').map((call) => call.body)).toEqual([{ name: 'Flat rent', archived: true }]);
    expect(toastMessages()).toContain('Regular payment saved.');
  });

  it('sends the rhythm whole when it changes', async () => {
    const { calls, dialog } = await openRent({
      'PUT /recurring/1': ({ body }) => success({ ...rent, ...(body as object) }),
    });
    await userEvent.selectOptions(dialog.getByLabelText('Period'), 'year');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', '/recurring/1')).toHaveLength(1));
    expect(calls('PUT', '/recurring/1')[0]?.body).toEqual({
      schedule: { frequency: 'year', interval: 1, startDate: '2026-10-05', endDate: null, count: null },
    });
  });

  it('closes without a call when nothing changed', async () => {
    const { calls, dialog } = await openRent();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT', '/recurring/1')).toEqual([]);
  });

  it('deletes it once asked, keeping what it recorded', async () => {
    const { calls, dialog } = await openRent({ 'DELETE /recurring/1': () => new Response(null, { status: 204 }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Delete “Rent”?' }));
    expect(question.getByText('Nothing more is recorded for it. The transactions it recorded stay.')).toBeTruthy();
    await userEvent.click(question.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE', '/recurring/1')).toHaveLength(1));
    expect(toastMessages()).toContain('“Rent” deleted.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('make this regular', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('opens a new schedule filled in from the transaction, a month after it, following the rhythm chosen', async () => {
    const netflix = makeTransaction({
      id: 7,
      note: 'Netflix',
      amount: 19_900,
      categoryId: 2,
      time: new Date(2026, 10, 10, 10).toISOString(),
    });
    const { calls } = server([], { 'GET /transactions': () => success([netflix]) });
    renderApp('/transactions');
    const list = within(await screen.findByRole('list', { name: 'Transactions' }));
    await userEvent.click(list.getByRole('button', { name: /^Groceries/ }));
    const transaction = within(await screen.findByRole('dialog', { name: 'Edit expense' }));
    await userEvent.click(transaction.getByRole('button', { name: 'Make this regular' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New regular payment' }));
    expect(screen.queryByRole('dialog', { name: 'Edit expense' })).toBeNull();
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Netflix');
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('199.00');
    expect((dialog.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-12-10');
    // Weekly, a week after it is past: the first of its weeks from today on.
    await userEvent.selectOptions(dialog.getByLabelText('Period'), 'week');
    expect((dialog.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-11-24');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      name: 'Netflix',
      template: { amount: 19_900, accountId: 1, categoryId: 2, note: 'Netflix', paymentType: 'debitCard' },
      schedule: { frequency: 'week', interval: 1, startDate: '2026-11-24' },
    });
  });
});

describe('make these instalments', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  const mono = makeAccount({ id: 5, name: 'Monobank Black', type: 'monobank', currentBalance: 900_000 });
  /** Monobank rows of 31 October: a laptop bought in parts at Rozetka, and a coffee. */
  const laptop = makeTransaction({
    id: 7,
    note: 'Покупка частинами: Rozetka',
    amount: 1_249_900,
    categoryId: 2,
    accountId: mono.id,
    accountType: 'monobank',
    externalId: 'pQ9rT3vW7yZ=',
    time: new Date(2026, 9, 31, 14).toISOString(),
  });
  const coffee = makeTransaction({
    id: 8,
    note: 'Aroma Kava',
    amount: 8_500,
    categoryId: 2,
    accountId: mono.id,
    accountType: 'monobank',
    externalId: 'u7Xk2mQpZ1s=',
    time: new Date(2026, 9, 31, 9).toISOString(),
  });

  async function openRow(note: string, plans: Recurring[] = []) {
    const found = server(plans, {
      'GET /accounts': () => success([card, cash, savings, mono]),
      'GET /transactions': () => success([laptop, coffee]),
    });
    renderApp('/transactions');
    const list = within(await screen.findByRole('list', { name: 'Transactions' }));
    await userEvent.click(list.getByRole('button', { name: new RegExp(note) }));
    return { ...found, transaction: within(await screen.findByRole('dialog', { name: 'Edit expense' })) };
  }

  it('are offered for a purchase in parts, and an ordinary bank row is made regular instead', async () => {
    const { transaction } = await openRow('Aroma Kava');
    expect(transaction.getByRole('button', { name: 'Make this regular' })).toBeTruthy();
    expect(transaction.queryByRole('button', { name: 'Make these instalments' })).toBeNull();
    await userEvent.click(transaction.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const list = within(screen.getByRole('list', { name: 'Transactions' }));
    await userEvent.click(list.getByRole('button', { name: /Rozetka/ }));
    const purchase = within(await screen.findByRole('dialog', { name: 'Edit expense' }));
    expect(
      purchase.getByText(
        'Bought in parts? Make it an instalment plan: you see each monthly part coming and how many are paid.',
      ),
    ).toBeTruthy();
    expect(purchase.getByRole('button', { name: 'Make these instalments' })).toBeTruthy();
    expect(purchase.queryByRole('button', { name: 'Make this regular' })).toBeNull();
  });

  it('open an instalment plan of the price in three parts from a month after, named after the shop, asking first', async () => {
    const { calls, transaction } = await openRow('Rozetka');
    await userEvent.click(transaction.getByRole('button', { name: 'Make these instalments' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New regular payment' }));
    expect(dialog.getByRole('radio', { name: 'Instalments' }).getAttribute('aria-checked')).toBe('true');
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Rozetka');
    expect((dialog.getByLabelText('Total') as HTMLInputElement).value).toBe('12499.00');
    expect((dialog.getByLabelText('Number of parts') as HTMLInputElement).value).toBe('3');
    // A month after 31 October is the last day of November; the parts go on from there.
    expect((dialog.getByLabelText('First payment') as HTMLInputElement).value).toBe('2026-11-30');
    expect((dialog.getByLabelText('Account') as HTMLSelectElement).value).toBe(String(card.id));
    expect(dialog.getByText(/^Monobank Black takes only what the bank sends/)).toBeTruthy();
    expect(dialog.getByRole('switch', { name: 'Ask me to confirm each one' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(partsListed(dialog)).toEqual([
      '1 of 3 · 30 Nov 2026UAH 4,166.33',
      '2 of 3 · 30 Dec 2026UAH 4,166.33',
      '3 of 3 · 30 Jan 2027UAH 4,166.34',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      name: 'Rozetka',
      mode: 'confirm',
      kind: 'instalments',
      total: 1_249_900,
      count: 3,
      template: { transactionType: 'expense', accountId: card.id, categoryId: 2, note: 'Покупка частинами: Rozetka' },
      schedule: { startDate: '2026-11-30' },
    });
  });

  it('are not offered again once a plan was made from the purchase', async () => {
    const plan = makeRecurring({
      id: 4,
      name: 'Ноутбук',
      kind: 'instalments',
      total: 1_249_900,
      schedule: { frequency: 'month', interval: 1, startDate: '2026-11-30', endDate: null, count: 3 },
    });
    const { transaction } = await openRow('Rozetka', [plan]);
    expect(await transaction.findByRole('button', { name: 'Make this regular' })).toBeTruthy();
    expect(transaction.queryByRole('button', { name: 'Make these instalments' })).toBeNull();
  });
});
