import type { Recurring, RecurringSuggestion, UpcomingOccurrence } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../test/accounts.ts';
import { failure, success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeOccurrence, makeRecurring, makeSuggestion } from '../../test/recurring.ts';
import { makeTransaction } from '../../test/transactions.ts';

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

const card = makeAccount({ id: 1, name: 'Card', currentBalance: 500_000 });
const monoBlack = makeAccount({ id: 4, name: 'Monobank Black', type: 'monobank', currentBalance: 200_000 });

const rent = makeRecurring({ id: 1, name: 'Rent' });
const salary = makeRecurring({
  id: 2,
  name: 'Salary',
  template: { ...rent.template, amount: 4_000_000, transactionType: 'income', categoryId: 3 },
  schedule: { frequency: 'week', interval: 2, startDate: '2026-11-06', endDate: null, count: null },
  nextDate: '2026-12-04',
});
const laptop = makeRecurring({
  id: 3,
  name: 'Laptop',
  kind: 'instalments',
  template: { ...rent.template, amount: 33_333 },
  schedule: { frequency: 'month', interval: 1, startDate: '2026-10-15', endDate: null, count: 3 },
  nextDate: '2026-12-15',
  recordedCount: 2,
  total: 100_000,
});
const internet = makeRecurring({ id: 4, name: 'Internet', mode: 'confirm', nextDate: '2026-11-20' });
const gym = makeRecurring({ id: 5, name: 'Gym', archived: true });

const dueInternet = makeOccurrence({
  recurringId: 4,
  name: 'Internet',
  date: '2026-11-20',
  state: 'due',
  amount: 25_000,
});

function recurringServer({
  schedules = [rent, salary, laptop, internet, gym],
  items = [dueInternet],
  suggestions = [],
  handlers = {},
}: {
  schedules?: Recurring[];
  items?: UpcomingOccurrence[];
  suggestions?: RecurringSuggestion[];
  handlers?: Handlers;
} = {}) {
  return signedInServer({
    'GET /accounts': () => success([card, monoBlack]),
    'GET /recurring': () => success(schedules),
    'GET /recurring/upcoming': () => success({ items, forecast: [] }),
    'GET /recurring/suggestions': () => success(suggestions),
    ...handlers,
  });
}

const row = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Regular payments' });
  return within(within(list).getByText(name).closest('li') as HTMLElement);
};

describe('regular payments page', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('lists each schedule with its amount, rhythm, account and next date, and an instalment plan’s progress', async () => {
    recurringServer();
    renderApp('/recurring');
    const rentRow = await row('Rent');
    expect(text(rentRow.getByText(/UAH/))).toBe('−UAH 250.00');
    expect(rentRow.getByText('Every month · Card')).toBeTruthy();
    expect(rentRow.getByText('Next on 5 Dec 2026')).toBeTruthy();
    expect(rentRow.queryByRole('progressbar')).toBeNull();

    const salaryRow = await row('Salary');
    expect(text(salaryRow.getByText(/UAH/))).toBe('+UAH 40,000.00');
    expect(salaryRow.getByText('Every 2 weeks · Card')).toBeTruthy();

    const laptopRow = await row('Laptop');
    expect(laptopRow.getByText('3 monthly parts · Card')).toBeTruthy();
    expect(laptopRow.getByText('2 of 3')).toBeTruthy();
    const bar = laptopRow.getByRole('progressbar', { name: 'Laptop: recorded so far' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(text(laptopRow.getByText(/in all/))).toBe('UAH 1,000.00 in all');

    // Asking first, with a day passed that waits for the person.
    const internetRow = await row('Internet');
    expect(internetRow.getByText('Asks first')).toBeTruthy();
    expect(internetRow.getByText('Waiting since 20 Nov 2026')).toBeTruthy();
    // Paused ones are folded away under their own heading.
    const paused = screen.getByText('Paused (1)').closest('details') as HTMLElement;
    expect(within(paused).getByRole('list', { name: 'Paused regular payments', hidden: true })).toBeTruthy();
    expect(paused.hasAttribute('open')).toBe(false);
  });

  it('opens a schedule for editing from its row', async () => {
    recurringServer();
    renderApp('/recurring');
    await userEvent.click((await row('Rent')).getByRole('button'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit regular payment' }));
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Rent');
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('250.00');
  });

  it('confirms a due payment with the amount and note changed first, then it is no longer due', async () => {
    let items = [dueInternet];
    const { calls } = recurringServer({
      handlers: {
        'GET /recurring/upcoming': () => success({ items, forecast: [] }),
        'POST /recurring/4/occurrences/2026-11-20/confirm': () => {
          items = [];
          return success([makeTransaction({ id: 50, amount: 27_500, note: 'With the router' })], { status: 201 });
        },
      },
    });
    renderApp('/recurring');
    const due = within(await screen.findByRole('list', { name: 'To confirm' }));
    expect(due.getByText('Internet')).toBeTruthy();
    expect(due.getByText('Due')).toBeTruthy();
    await userEvent.click(due.getByRole('button', { name: 'Confirm Internet of 20 Nov 2026' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm “Internet”' }));
    const amount = dialog.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.value).toBe('250.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '275');
    await userEvent.type(dialog.getByLabelText('Note'), 'With the router');
    await userEvent.click(dialog.getByRole('button', { name: 'Record it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', '/recurring/4/occurrences/2026-11-20/confirm').map((call) => call.body)).toEqual([
      { amount: 27_500, note: 'With the router' },
    ]);
    expect(toastMessages().map((message) => message.replaceAll('\u00a0', ' '))).toContain(
      '“Internet” recorded: UAH 275.00.',
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'To confirm' })).toBeNull());
  });

  it('records a due payment as planned when nothing is changed', async () => {
    const { calls } = recurringServer({
      handlers: {
        'POST /recurring/4/occurrences/2026-11-20/confirm': () =>
          success([makeTransaction({ id: 50, amount: 25_000 })], { status: 201 }),
      },
    });
    renderApp('/recurring');
    const due = within(await screen.findByRole('list', { name: 'To confirm' }));
    await userEvent.click(due.getByRole('button', { name: /^Confirm Internet/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm “Internet”' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Record it' }));
    await waitFor(() => expect(calls('POST', '/recurring/4/occurrences/2026-11-20/confirm')).toHaveLength(1));
    expect(calls('POST', '/recurring/4/occurrences/2026-11-20/confirm')[0]?.body).toEqual({});
  });

  it('says why a confirmation was refused, in the dialog', async () => {
    recurringServer({
      handlers: {
        'POST /recurring/4/occurrences/2026-11-20/confirm': () =>
          failure(409, 'CONFLICT', 'The occurrence of 2026-11-20 is recorded or skipped already', {
            details: [
              {
                path: 'date',
                message: 'The occurrence of 2026-11-20 is recorded or skipped already',
                code: 'recurring.decided',
                params: { date: '2026-11-20' },
              },
            ],
          }),
      },
    });
    renderApp('/recurring');
    const due = within(await screen.findByRole('list', { name: 'To confirm' }));
    await userEvent.click(due.getByRole('button', { name: /^Confirm Internet/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm “Internet”' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Record it' }));
    expect(await dialog.findByText('The occurrence of 2026-11-20 is recorded or skipped already')).toBeTruthy();
  });

  it('skips a due payment once asked', async () => {
    const { calls } = recurringServer({
      handlers: { 'POST /recurring/4/occurrences/2026-11-20/skip': () => new Response(null, { status: 204 }) },
    });
    renderApp('/recurring');
    const due = within(await screen.findByRole('list', { name: 'To confirm' }));
    await userEvent.click(due.getByRole('button', { name: 'Skip Internet of 20 Nov 2026' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Skip “Internet” of 20 Nov 2026?' }));
    expect(calls('POST', '/recurring/4/occurrences/2026-11-20/skip')).toEqual([]);
    await userEvent.click(question.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(calls('POST', '/recurring/4/occurrences/2026-11-20/skip')).toHaveLength(1));
    expect(toastMessages()).toContain('“Internet” of 20 Nov 2026 skipped.');
  });

  it('makes a schedule of a suggestion found on a bank account: on a manual account, asking first, from its next date', async () => {
    const netflix = makeSuggestion({ name: 'Netflix', accountId: 4, amount: 19_900, nextDate: '2026-12-10' });
    const { calls } = recurringServer({
      suggestions: [netflix],
      handlers: {
        'POST /recurring': ({ body }) =>
          success(makeRecurring({ id: 9, name: 'Netflix', ...(body as object) }), { status: 201 }),
      },
    });
    renderApp('/recurring');
    const found = within(await screen.findByRole('list', { name: 'Found in your history' }));
    expect(text(found.getByText(/Every month/))).toBe('Every month · Monobank Black · 3 times in a row');
    expect(found.getByText('Last on 10 Nov 2026, next about 10 Dec 2026')).toBeTruthy();
    await userEvent.click(found.getByRole('button', { name: 'Make it a schedule: Netflix' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New regular payment' }));
    expect(dialog.getByText(/^Monobank Black takes only what the bank sends/)).toBeTruthy();
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Netflix');
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('199.00');
    expect((dialog.getByLabelText('Account') as HTMLSelectElement).value).toBe('1');
    expect((dialog.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-12-10');
    expect(dialog.getByRole('switch', { name: 'Ask me to confirm each one' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', '/recurring')).toHaveLength(1));
    expect(calls('POST', '/recurring')[0]?.body).toEqual({
      name: 'Netflix',
      mode: 'confirm',
      kind: 'schedule',
      template: {
        amount: 19_900,
        transactionType: 'expense',
        accountId: 1,
        categoryId: 2,
        note: '',
        tagIds: [],
        destinationAccountId: null,
        destinationAmount: null,
      },
      schedule: { frequency: 'month', interval: 1, startDate: '2026-12-10', endDate: null, count: null },
    });
    expect(toastMessages()).toContain('Regular payment “Netflix” created.');
  });

  it('dismisses a suggestion for good', async () => {
    const netflix = makeSuggestion({ name: 'Netflix' });
    let suggestions = [netflix];
    const { calls } = recurringServer({
      handlers: {
        'GET /recurring/suggestions': () => success(suggestions),
        'POST /recurring/suggestions/dismiss': () => {
          suggestions = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp('/recurring');
    const found = within(await screen.findByRole('list', { name: 'Found in your history' }));
    await userEvent.click(found.getByRole('button', { name: 'Dismiss: Netflix' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Found in your history' })).toBeNull());
    expect(calls('POST', '/recurring/suggestions/dismiss').map((call) => call.body)).toEqual([
      { name: 'Netflix', accountId: 1 },
    ]);
    expect(toastMessages()).toContain('“Netflix” will not be suggested again.');
  });

  it('invites the first regular payment when there is none', async () => {
    recurringServer({ schedules: [], items: [] });
    renderApp('/recurring');
    expect(await screen.findByText('No regular payments yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add your first regular payment' }));
    expect(await screen.findByRole('dialog', { name: 'New regular payment' })).toBeTruthy();
  });

  it('offers to try again when the schedules cannot be loaded', async () => {
    let up = false;
    recurringServer({
      handlers: { 'GET /recurring': () => (up ? success([]) : failure(403, 'FORBIDDEN', 'No')) },
    });
    renderApp('/recurring');
    expect(await screen.findByText('Regular payments could not be loaded')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No regular payments yet')).toBeTruthy();
  });

  it('shows a skeleton while the schedules load', async () => {
    recurringServer({ handlers: { 'GET /recurring': () => new Promise<Response>(() => undefined) } });
    renderApp('/recurring');
    expect(await screen.findByRole('status', { name: 'Loading regular payments' })).toBeTruthy();
  });

  it('speaks Ukrainian: rhythms and counts in their plural forms, the page named in the navigation', async () => {
    recurringServer({ handlers: { 'GET /user/settings': () => success({ locale: 'uk' }) } });
    renderApp('/recurring');
    const list = within(await screen.findByRole('list', { name: 'Регулярні платежі' }));
    expect(list.getAllByText('Щомісяця · Card')).toHaveLength(2);
    expect(list.getByText('Кожні 2 тижні · Card')).toBeTruthy();
    expect(list.getByText('3 щомісячні платежі · Card')).toBeTruthy();
    expect(list.getByText('2 з 3')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Регулярні платежі' })).toBeTruthy();
    const nav = within(screen.getAllByRole('navigation', { name: 'Головне' })[0]!);
    expect(nav.getByRole('link', { name: 'Регулярні' }).getAttribute('aria-current')).toBe('page');
  });
});
