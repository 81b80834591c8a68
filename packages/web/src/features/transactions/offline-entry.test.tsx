import type { CreateTransactionBody, Transaction } from '@kopiyka/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { useConnectionStore } from '../../stores/connection.ts';
import { claimOutbox, keepInOutbox, refuseInOutbox, useOutboxStore } from '../../stores/outbox.ts';
import { makeAccount } from '../../test/accounts.ts';
import { type FakeRequest, resetApp, sampleUser, success } from '../../test/api.ts';
import { cleanUpApp, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeTransaction } from '../../test/transactions.ts';

/*
 * Issue 39: a transaction entered without a connection is kept on this device, shown as waiting,
 * and sent once there is one, under the Idempotency-Key it was kept with; one the server refuses
 * can be fixed in the form or dropped.
 */

const card = makeAccount({ id: 1, name: 'Card', currentBalance: 500_000 });

/** The server: a card, no transactions; POST answers the new transaction. `posts` lists what was sent. */
function server(handlers: Handlers = {}) {
  const posts: { key: string | null; body: CreateTransactionBody }[] = [];
  const { calls } = signedInServer({
    'GET /accounts': () => success([card]),
    'GET /transactions': () => success([]),
    'POST /transactions': (request: FakeRequest) => {
      posts.push({ key: request.headers.get('Idempotency-Key'), body: request.body as CreateTransactionBody });
      return success([makeTransaction({ id: 99, ...(request.body as Partial<Transaction>) })], { status: 201 });
    },
    ...handlers,
  });
  return { posts, calls };
}

async function fillExpense(amount: string, note: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add transaction' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New transaction' }));
  await userEvent.type(dialog.getByLabelText('Amount'), amount);
  await userEvent.click(dialog.getByLabelText('Category'));
  await userEvent.type(screen.getByRole('combobox', { name: 'Search categories' }), 'Groceries');
  await userEvent.click(
    within(screen.getByRole('listbox', { name: 'Categories' })).getByRole('option', { name: 'Groceries' }),
  );
  await userEvent.type(dialog.getByLabelText('Note'), note);
  return dialog;
}

const waitingCard = async () => within(await screen.findByRole('region', { name: /Waiting to be sent/ }));
const entries = () => useOutboxStore.getState().entries;

beforeEach(resetApp);
afterEach(cleanUpApp);

describe('a transaction entered without a connection', () => {
  it('is kept on this device, shown as waiting, and sent once the connection is back, with the key it was kept with', async () => {
    const { posts } = server();
    renderApp('/transactions');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    act(() => useConnectionStore.setState({ online: false }));

    const dialog = await fillExpense('250.50', 'Silpo');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    expect(toastMessages()).toContain(
      'No connection: saved on this device. It will be sent once the connection is back.',
    );
    const waiting = await waitingCard();
    expect(waiting.getByText('Groceries')).toBeTruthy();
    expect(waiting.getByRole('listitem').textContent).toMatch(/^GroceriesSilpo · Card · /);
    expect(waiting.getByText('−UAH 250.50')).toBeTruthy();
    expect(waiting.getByText('Waiting')).toBeTruthy();
    const [entry] = entries();
    expect(entry).toMatchObject({ body: { amount: 25_050, note: 'Silpo', accountId: 1 }, tries: 0, refusal: null });

    act(() => useConnectionStore.setState({ online: true }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ key: entry!.key, body: expect.objectContaining({ amount: 25_050, note: 'Silpo' }) });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Waiting to be sent/ })).toBeNull());
    expect(toastMessages()).toContain('The transaction kept on this device was sent.');
  });

  it('when the server cannot be reached, is kept to send later under the key its try was sent with', async () => {
    const reachable = false;
    const keys: (string | null)[] = [];
    server({
      'POST /transactions': (request: FakeRequest) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (!reachable) return Promise.reject(new TypeError('Failed to fetch')) as never;
        return success([makeTransaction({ id: 99 })], { status: 201 });
      },
    });
    renderApp('/transactions');
    const dialog = await fillExpense('80', 'Taxi home');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    expect(await dialog.findByText('Can’t reach the server. Check your connection and try again.')).toBeTruthy();
    // "Try again" sends the same body with the same key: the server makes it once whichever arrives.
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);

    await userEvent.click(await dialog.findByRole('button', { name: 'Keep it here and send later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(entries()).toMatchObject([{ key: keys[0], body: { amount: 8000, note: 'Taxi home' } }]);
    expect(await waitingCard()).toBeTruthy();
  });

  it('a refused one shows why, opens in the form with the server’s word, and goes once fixed', async () => {
    const { posts } = server();
    claimOutbox(sampleUser.id);
    keepInOutbox(
      sampleUser.id,
      { amount: 4200, transactionType: 'expense', accountId: 1, categoryId: 2, note: 'Lunch' },
      'old-key',
    );
    refuseInOutbox('old-key', {
      code: 'VALIDATION_ERROR',
      statusText: 'Must be greater than 0',
      status: 422,
      details: [{ path: 'amount', message: 'Must be greater than 0', code: 'value.positive', params: {} }],
    });
    renderApp('/transactions');

    const waiting = await waitingCard();
    expect(waiting.getByText('Not accepted')).toBeTruthy();
    expect(waiting.getByText('The server did not accept it: Must be greater than 0')).toBeTruthy();
    // Refused, it is not sent by itself.
    expect(posts).toEqual([]);

    await userEvent.click(waiting.getByRole('button', { name: 'Fix' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transaction waiting to be sent' }));
    expect(dialog.getByText(/The server did not accept it: Must be greater than 0/)).toBeTruthy();
    const amount = dialog.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.value).toBe('42.00');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect((dialog.getByLabelText('Note') as HTMLInputElement).value).toBe('Lunch');

    await userEvent.clear(amount);
    await userEvent.type(amount, '45');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ amount: 4500, note: 'Lunch' });
    // Fixed, it is another request: a key of its own.
    expect(posts[0]?.key).not.toBe('old-key');
    await waitFor(() => expect(entries()).toEqual([]));
  });

  it('one whose account went meanwhile says so, and opens with the account to choose again', async () => {
    const { posts } = server();
    claimOutbox(sampleUser.id);
    keepInOutbox(sampleUser.id, { amount: 4200, transactionType: 'expense', accountId: 9, categoryId: 2 }, 'k');
    refuseInOutbox('k', {
      code: 'NOT_FOUND',
      statusText: 'Account not found',
      status: 404,
      details: [
        { path: 'accountId', message: 'Account not found', code: 'record.notFound', params: { what: 'Account' } },
      ],
    });
    renderApp('/transactions');
    const waiting = await waitingCard();
    expect(
      waiting.getByText(
        'The server did not accept it: something it names (its account, category or budget) is no longer there.',
      ),
    ).toBeTruthy();
    await userEvent.click(waiting.getByRole('button', { name: 'Fix' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transaction waiting to be sent' }));
    const account = dialog.getByLabelText('Account') as HTMLSelectElement;
    expect(account.value).toBe('');
    await userEvent.selectOptions(account, '1');
    await userEvent.click(dialog.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ amount: 4200, accountId: 1, categoryId: 2 });
    await waitFor(() => expect(entries()).toEqual([]));
  });

  it('can be dropped, and the drop taken back', async () => {
    server();
    claimOutbox(sampleUser.id);
    keepInOutbox(sampleUser.id, { amount: 4200, transactionType: 'expense', accountId: 1, categoryId: 2 }, 'k');
    refuseInOutbox('k', { code: 'NOT_FOUND', statusText: 'Account not found', status: 404, details: [] });
    renderApp('/transactions');
    const waiting = await waitingCard();
    await userEvent.click(waiting.getByRole('button', { name: 'Drop Groceries' }));
    expect(entries()).toEqual([]);
    expect(toastMessages()).toContain('The transaction kept on this device was dropped.');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(entries()).toMatchObject([{ key: 'k' }]);
  });

  it('signing out while some wait asks first, as it deletes them', async () => {
    server();
    renderApp('/dashboard');
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    act(() => useConnectionStore.setState({ online: false }));
    act(() => {
      keepInOutbox(sampleUser.id, { amount: 4200, transactionType: 'expense', accountId: 1, categoryId: 2 }, 'k');
    });
    await userEvent.click(signOut);
    const question = within(await screen.findByRole('alertdialog', { name: 'Sign out before these are sent?' }));
    expect(
      question.getByText(/A transaction entered without a connection is still only on this device\./),
    ).toBeTruthy();
    await userEvent.click(question.getByRole('button', { name: 'Stay signed in' }));
    expect(entries()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out and delete' }));
    await waitFor(() => expect(entries()).toEqual([]));
  });

  it('speaks Ukrainian', async () => {
    await setLocale('uk');
    server();
    renderApp('/transactions');
    expect(await screen.findByText('Операцій ще немає')).toBeTruthy();
    act(() => useConnectionStore.setState({ online: false }));
    act(() => {
      keepInOutbox(sampleUser.id, { amount: 4200, transactionType: 'expense', accountId: 1, categoryId: 2 }, 'k');
    });
    const waiting = within(await screen.findByRole('region', { name: /Чекають на надсилання/ }));
    expect(waiting.getByText('Чекає')).toBeTruthy();
    expect(waiting.getByRole('button', { name: 'Відкинути Groceries' })).toBeTruthy();
    expect(await screen.findByText('Немає з’єднання — показуємо те, що завантажилося востаннє')).toBeTruthy();
    expect(screen.getByText('Нові операції тим часом чекатимуть на цьому пристрої.')).toBeTruthy();
  });
});
