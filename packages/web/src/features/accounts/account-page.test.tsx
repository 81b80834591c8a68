import type { Account } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { failure, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';

/** A server holding one account that PUT changes and DELETE removes. */
function accountServer(initial: Account) {
  let account: Account | null = initial;
  const found = () => (account ? success(account) : failure(404, 'NOT_FOUND', 'Account not found'));
  return signedInServer({
    'GET /accounts': () => success(account ? [account] : []),
    [`GET /accounts/${initial.id}`]: found,
    [`PUT /accounts/${initial.id}`]: ({ body }) => {
      const changes = body as Partial<Account>;
      if (account && changes.currentBalance !== undefined) {
        // The opening balance moves by the same difference.
        changes.openingBalance = account.openingBalance + changes.currentBalance - account.currentBalance;
      }
      if (account && changes.openingBalance !== undefined && changes.currentBalance === undefined) {
        changes.currentBalance = account.currentBalance + changes.openingBalance - account.openingBalance;
      }
      account = account && { ...account, ...changes };
      return found();
    },
    [`DELETE /accounts/${initial.id}`]: () => {
      account = null;
      return new Response(null, { status: 204 });
    },
    'GET /transactions': () => success([]),
    'GET /stats/balance-history': () => success([]),
  });
}

const wallet = makeAccount({ id: 7, name: 'Wallet', currentBalance: 150_000, initialBalance: 100_000 });

async function openAccount(account: Account = wallet) {
  const server = accountServer(account);
  const app = renderApp(`/account/${account.id}`);
  await screen.findByRole('button', { name: /^Account name: / });
  return { ...server, ...app };
}

describe('account page', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('renames in place: Enter saves', async () => {
    const { calls } = await openAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Account name: Wallet. Rename' }));
    const field = screen.getByRole('textbox', { name: 'Account name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Daily wallet{Enter}');

    expect(await screen.findByRole('button', { name: 'Account name: Daily wallet. Rename' })).toBeTruthy();
    expect(calls('PUT', '/accounts/7').map((call) => call.body)).toEqual([{ name: 'Daily wallet' }]);
    expect(toastMessages()).toContain('Renamed to “Daily wallet”.');
  });

  it('renames in place: Escape cancels, and an empty name is refused before sending', async () => {
    const { calls } = await openAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Account name: Wallet. Rename' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Account name' }), ' and more{Escape}');
    expect(screen.getByRole('button', { name: 'Account name: Wallet. Rename' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Account name: Wallet. Rename' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Account name' }));
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Name is required');
    expect(calls('PUT', '/accounts/7')).toEqual([]);
  });

  it('shows own money, the balance and the credit limit apart', async () => {
    await openAccount(makeAccount({ id: 7, name: 'Card', currentBalance: 120_000, creditLimit: 500_000 }));
    const header = screen.getByRole('button', { name: /^Account name/ }).closest('section') as HTMLElement;
    expect(within(header).getByText('−UAH 3,800.00')).toBeTruthy();
    expect(within(header).getByText('UAH 1,200.00')).toBeTruthy();
    expect(within(header).getByText('UAH 5,000.00')).toBeTruthy();
  });

  it('changes the current balance in minor units', async () => {
    const { calls } = await openAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Change current balance' }));
    const field = screen.getByRole('textbox', { name: 'Current balance' });
    await userEvent.clear(field);
    await userEvent.type(field, '1 750,25{Enter}');
    await waitFor(() =>
      expect(calls('PUT', '/accounts/7').map((call) => call.body)).toEqual([{ currentBalance: 175_025 }]),
    );
    expect(
      await screen.findByText('Changing it moves the opening balance by the difference; no transaction is recorded.'),
    ).toBeTruthy();
    expect(toastMessages()).toContain('Balance updated.');
  });

  it('shows the opening balance with its day, and changes it', async () => {
    const { calls } = await openAccount(
      makeAccount({ id: 7, name: 'Wallet', currentBalance: 150_000, initialBalance: 100_000 }),
    );
    // The opening moment of the sample account: 1 February 2025.
    const hint = screen.getByText(/^On 1 Feb 2025\. Transactions don’t change it;/);
    const setting = hint.closest('div')?.parentElement as HTMLElement;
    expect(within(setting).getByText('Opening balance')).toBeTruthy();
    expect(within(setting).getByText('UAH 1,000.00')).toBeTruthy();
    expect(screen.queryByText(/before its first transaction/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Change opening balance' }));
    const field = screen.getByRole('textbox', { name: 'Opening balance' });
    await userEvent.clear(field);
    await userEvent.type(field, '1200{Enter}');
    await waitFor(() =>
      expect(calls('PUT', '/accounts/7').map((call) => call.body)).toEqual([{ openingBalance: 120_000 }]),
    );
    expect(toastMessages()).toContain('Opening balance updated.');
    // The current balance moved by the same 200.
    expect((await screen.findAllByText('UAH 1,700.00')).length).toBeGreaterThan(0);
  });

  it('hides the account', async () => {
    const { calls } = await openAccount();
    await userEvent.click(screen.getByRole('switch', { name: 'Show this account' }));
    await waitFor(() => expect(calls('PUT', '/accounts/7').map((call) => call.body)).toEqual([{ isEnabled: false }]));
    expect(await screen.findByText('Hidden')).toBeTruthy();
  });

  it('deletes only once the account’s name is typed exactly', async () => {
    const { calls, location } = await openAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    const field = within(dialog).getByLabelText('Type Wallet to confirm');

    await userEvent.type(field, 'wallet');
    expect(confirm.disabled).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, 'Wallet');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);

    await waitFor(() => expect(location()).toBe('/accounts'));
    expect(calls('DELETE', '/accounts/7')).toHaveLength(1);
    expect(toastMessages()).toContain('Account “Wallet” deleted.');
    expect(await screen.findByText('Add your first account', { selector: 'p' })).toBeTruthy();
  });

  it('speaks Ukrainian: its figures, its category and the deletion, the name in bold', async () => {
    await setLocale('uk');
    const server = accountServer(wallet);
    const { location } = renderApp(`/account/${wallet.id}`);
    await screen.findByRole('button', { name: /^Назва рахунку: Wallet/ });
    expect(screen.getByText('Загальний · UAH')).toBeTruthy();
    expect(screen.getByText('Власні кошти')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Видалити рахунок' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Видалити «Wallet»?' });
    await userEvent.type(within(dialog).getByLabelText('Щоб підтвердити, введіть Wallet'), 'Wallet');
    expect(within(dialog).getByText('Wallet', { selector: 'span' }).className).toContain('font-semibold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Видалити рахунок' }));
    await waitFor(() => expect(location()).toBe('/accounts'));
    expect(server.calls('DELETE', '/accounts/7')).toHaveLength(1);
    expect(toastMessages()).toContain('Рахунок «Wallet» видалено.');
  });

  it('says when there is no such account, with a way back', async () => {
    signedInServer({ 'GET /accounts/404': () => failure(404, 'NOT_FOUND', 'Account not found') });
    renderApp('/account/404');
    expect(await screen.findByText('Account not found')).toBeTruthy();
    const back = screen.getAllByRole('link', { name: 'All accounts' });
    expect(back.every((link) => link.getAttribute('href') === '/accounts')).toBe(true);
  });

  it('keeps the balances of a bank account read-only', async () => {
    await openAccount(makeAccount({ id: 7, name: 'Mono', type: 'monobank', currentBalance: 10_000 }));
    expect(screen.queryByRole('button', { name: 'Change current balance' })).toBeNull();
    expect(screen.getAllByText('Comes from the bank')).toHaveLength(3);
  });

  it('offers a file import for an account of one’s own', async () => {
    await openAccount();
    expect(screen.getByRole('link', { name: 'Import CSV' }).getAttribute('href')).toBe('/import?accountId=7');
  });

  it('offers no file import for a bank account, and says why', async () => {
    await openAccount(makeAccount({ id: 7, name: 'Mono', type: 'monobank' }));
    expect(screen.queryByRole('link', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByText('Its transactions come from Monobank, so no file is imported into it.')).toBeTruthy();
  });

  it("lists this account's transactions only, inviting a first one when there are none", async () => {
    const { calls } = await openAccount();
    expect(screen.getByRole('heading', { name: 'Transactions' })).toBeTruthy();
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    const asked = calls('GET', '/transactions');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((call) => call.url.searchParams.get('accountIds') === '7')).toBe(true);
  });
});
