import type { Transaction, TransactionRefund } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { type FakeRequest, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, signedInServer } from '../../test/app.tsx';
import { makeTransaction } from '../../test/transactions.ts';

const card = makeAccount({ id: 1, name: 'Card', currentBalance: 500_000 });
const shoes = makeTransaction({ id: 5, amount: 100_00, note: 'Shoes', refundedRefAmount: 40_00 });
const dinner = makeTransaction({ id: 6, amount: 30_00, note: 'Dinner', refundedRefAmount: 30_00 });
const back = makeTransaction({ id: 7, amount: 40_00, transactionType: 'income', categoryId: 3, refundOfId: 5 });
const link: TransactionRefund = {
  id: back.id,
  originalTxId: shoes.id,
  refundTxId: back.id,
  originalTransaction: shoes,
  refundTransaction: back,
};

/** Text as read aloud: money formats with no-break spaces. */
const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

/** A server listing `listed`; an expense query (the picker's) answers the expenses. */
function server(listed: Transaction[]) {
  return signedInServer({
    'GET /accounts': () => success([card]),
    'GET /transactions': ({ url }: FakeRequest) =>
      success(url.searchParams.get('transactionType') === 'expense' ? [shoes, dinner] : listed),
    'GET /transactions/7/refunds': () => success([link]),
    'GET /transactions/5/refunds': () => success([link]),
    'POST /transactions': ({ body }: FakeRequest) =>
      success([makeTransaction({ id: 99, ...(body as Partial<Transaction>) })], { status: 201 }),
  });
}

describe('refunds', () => {
  beforeEach(resetApp);
  afterEach(() => {
    cleanUpApp();
    setLocale('en');
  });

  it('shows the link both ways in the list: what a refund gives back, and how much of an expense came back', async () => {
    server([back, shoes, dinner]);
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const row = (name: RegExp) => within(list).getByRole('button', { name });
    await waitFor(() => expect(text(row(/Refund of/))).toContain('Refund of Shoes · 18 Mar 2026'));
    expect(text(row(/Shoes · Card/))).toContain('Partly refunded: UAH 40.00');
    expect(text(row(/Dinner/))).toContain('Refunded in full');
  });

  it('records an income as the refund of an expense picked by a search, showing what is left of each', async () => {
    const { calls } = server([shoes]);
    renderApp('/transactions');
    await userEvent.click(await screen.findByRole('button', { name: 'Add transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New transaction' }));
    expect(dialog.queryByLabelText('This is a refund of…')).toBeNull();
    await userEvent.click(dialog.getByRole('radio', { name: 'Income' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '60');
    await userEvent.click(dialog.getByLabelText('Category'));
    await userEvent.click(
      within(await screen.findByRole('listbox', { name: 'Categories' })).getByRole('option', { name: 'Other' }),
    );

    await userEvent.click(dialog.getByLabelText('This is a refund of…'));
    const expenses = await screen.findByRole('listbox', { name: 'Expenses' });
    await waitFor(() =>
      expect(text(within(expenses).getByRole('option', { name: /Shoes/ }))).toContain('UAH 60.00 left to refund'),
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Search expenses' }), 'shoes');
    await waitFor(() =>
      expect(calls('GET', '/transactions').some((call) => call.url.searchParams.get('search') === 'shoes')).toBe(true),
    );
    const asked = calls('GET', '/transactions').at(-1)?.url.searchParams;
    expect(asked?.get('transactionType')).toBe('expense');
    expect(asked?.get('excludeTransfer')).toBe('true');
    await userEvent.click(within(expenses).getByRole('option', { name: /Shoes/ }));
    expect(text(dialog.getByLabelText('This is a refund of…'))).toContain('Shoes');

    await userEvent.click(dialog.getByRole('button', { name: 'Add income' }));
    await waitFor(() =>
      expect(calls('POST', '/transactions').map((call) => call.body)).toEqual([
        expect.objectContaining({ transactionType: 'income', amount: 60_00, refundOfId: 5 }),
      ]),
    );
  });

  it('looks an expense up by its amount, and speaks Ukrainian', async () => {
    setLocale('uk');
    const { calls } = server([back]);
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Операції' });
    await userEvent.click(await within(list).findByRole('button', { name: /Повернення за Shoes/ }));
    const dialog = within(await screen.findByRole('dialog'));
    // An edited refund names its expense from its link before anything is searched.
    await waitFor(() => expect(text(dialog.getByLabelText('Це повернення за…'))).toContain('Shoes'));
    expect(text(dialog.getByLabelText('Це повернення за…'))).toContain('ще можна повернути 100,00');
    await userEvent.click(dialog.getByLabelText('Це повернення за…'));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Пошук: витрати' }), '100');
    await waitFor(() => {
      const asked = calls('GET', '/transactions').at(-1)?.url.searchParams;
      expect([asked?.get('amountGte'), asked?.get('amountLte'), asked?.get('search')]).toEqual([
        '10000',
        '10000',
        null,
      ]);
    });
  });
});
