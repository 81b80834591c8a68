import { IDLE_BASE_CURRENCY_CHANGE, type ValidationIssue } from '@kopiyka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount, makeGroup } from '../../test/accounts.ts';
import { failure, resetApp, sampleBaseCurrency, sampleCurrencies, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';

const usd = { id: 12, currencyId: 2, currency: sampleCurrencies[1], isBase: false, liveRateUpdate: true };

function validationError(details: ValidationIssue[]) {
  return new Response(
    JSON.stringify({ status: 'error', response: { code: 'VALIDATION_ERROR', statusText: 'Invalid request', details } }),
    { status: 422 },
  );
}

function server(answer: (body: Record<string, unknown>) => Response) {
  return signedInServer({
    'GET /user/currencies': () => success([usd, sampleBaseCurrency]),
    'GET /account-groups': () =>
      success([makeGroup({ id: 4, name: 'Family' }), makeGroup({ id: 5, name: 'Kids', parentGroupId: 4 })]),
    'POST /accounts': ({ body }) => answer(body as Record<string, unknown>),
    'GET /user/currencies/rates': () =>
      success([
        {
          baseCode: 'USD',
          quoteCode: 'UAH',
          rate: null,
          date: '2026-11-20',
          custom: false,
          source: 'none',
          rateDate: null,
          effectiveFrom: null,
        },
      ]),
    'PUT /user/currency/rates': ({ body }) => success((body as { pairs: unknown[] }).pairs),
    'GET /user/currencies/base/change': () => success(IDLE_BASE_CURRENCY_CHANGE),
    'GET /accounts/41': () => success(makeAccount({ id: 41, name: 'Visa Gold' })),
  });
}

async function openForm() {
  const app = renderApp('/create-account');
  await screen.findByRole('button', { name: 'Create account' });
  // The currency select is ready once the user's currencies are in.
  await waitFor(() => expect((screen.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(false));
  return app;
}

describe('create account form', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('checks the fields as they are left and before sending anything', async () => {
    const { calls } = server(() => success(makeAccount({ id: 41, name: 'x' }), { status: 201 }));
    await openForm();

    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.tab();
    expect(await screen.findByText('Name is required')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Opening balance'), '12abc');
    await userEvent.tab();
    expect(await screen.findByText('Enter an amount, e.g. 1,250.50')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(calls('POST', '/accounts')).toEqual([]);
  });

  it('offers the base currency first, and the credit limit for every category', async () => {
    server(() => success(makeAccount({ id: 41, name: 'x' }), { status: 201 }));
    await openForm();
    const options = within(screen.getByLabelText('Currency')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'UAH · Hryvnia (base)',
      'USD · US Dollar',
      'Another currency…',
    ]);
    expect(screen.getByLabelText('Credit limit (optional)')).toBeTruthy();
    expect(screen.getByText(/usually left empty/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Overdraft' }));
    expect(screen.getByLabelText('Credit limit (optional)')).toBeTruthy();
    expect(screen.getByText('What the bank lets you borrow; it is not counted as your money.')).toBeTruthy();
  });

  it('sends a credit limit for an account of a category that does not usually lend', async () => {
    const { calls } = server(() => success(makeAccount({ id: 41, name: 'Wallet' }), { status: 201 }));
    await openForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Wallet');
    await userEvent.type(screen.getByLabelText('Credit limit (optional)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls('POST', '/accounts')).toHaveLength(1));
    expect(calls('POST', '/accounts')[0]?.body).toMatchObject({ accountCategory: 'general', creditLimit: 10_000 });
  });

  it('sends amounts in minor units, then opens the new account', async () => {
    const { calls } = server(() => success(makeAccount({ id: 41, name: 'Visa Gold' }), { status: 201 }));
    const { location } = await openForm();

    await userEvent.type(screen.getByLabelText('Name'), 'Visa Gold');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD · US Dollar');
    await userEvent.click(screen.getByRole('radio', { name: 'Credit card' }));
    await userEvent.type(screen.getByLabelText('Opening balance'), '-1 250,50');
    await userEvent.type(screen.getByLabelText('Credit limit (optional)'), '5000');
    await userEvent.selectOptions(screen.getByLabelText('Group (optional)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(location()).toBe('/account/41'));
    expect(calls('POST', '/accounts').map((call) => call.body)).toEqual([
      {
        name: 'Visa Gold',
        currencyId: 2,
        accountCategory: 'credit-card',
        initialBalance: -125_050,
        creditLimit: 500_000,
        isEnabled: true,
        accountGroupId: 5,
      },
    ]);
    expect(toastMessages()).toContain('Account “Visa Gold” created.');
  });

  it('adds an account in a currency the user does not have yet, chosen from the full list', async () => {
    const { calls } = server(() => success(makeAccount({ id: 41, name: 'Euro' }), { status: 201 }));
    await openForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Euro');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'Another currency…');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search currencies' }), 'euro');
    await userEvent.click(screen.getByRole('option', { name: /EUR/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls('POST', '/accounts')).toHaveLength(1));
    expect(calls('POST', '/accounts')[0]?.body).toMatchObject({ currencyId: 3 });
  });

  it('puts the server’s field errors on their fields', async () => {
    server(() =>
      validationError([
        {
          path: 'currencyId',
          message: 'There is no exchange rate for USD yet: set a custom rate first.',
          code: 'rate.missing',
          params: { from: 'USD', to: 'UAH', date: '2026-11-20' },
        },
        { path: 'name', message: 'An account with this name exists', code: 'input.invalid', params: {} },
      ]),
    );
    const { location } = await openForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Wallet');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD · US Dollar');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('There is no exchange rate for USD yet: set a custom rate first.')).toBeTruthy();
    expect(screen.getByText('An account with this name exists')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(location()).toBe('/create-account');
  });

  it('offers to set a missing rate right there, keeping what was typed for sending again', async () => {
    let refused = true;
    const { calls } = server(() =>
      refused
        ? validationError([
            {
              path: 'currencyId',
              message: 'No exchange rate for USD → UAH on 2026-11-20.',
              code: 'rate.missing',
              params: { from: 'USD', to: 'UAH', date: '2026-11-20' },
            },
          ])
        : success(makeAccount({ id: 41, name: 'Dollars' }), { status: 201 }),
    );
    const { location } = await openForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Dollars');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD · US Dollar');
    await userEvent.type(screen.getByLabelText('Opening balance'), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('No exchange rate for USD → UAH on 2026-11-20.');

    await userEvent.click(screen.getByRole('button', { name: 'Set the USD rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'USD exchange rate' });
    // No provider quotes it: the live rate is not on offer.
    expect(within(dialog).getByRole('switch', { name: 'Use live rate' }).getAttribute('aria-checked')).toBe('false');
    await userEvent.type(within(dialog).getByLabelText('1 USD ='), '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT', '/user/currency/rates')).toEqual([
      expect.objectContaining({ body: { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }] } }),
    ]);
    // Saving the rate sends only the rate, not the form the dialog was opened from.
    expect(calls('POST', '/accounts')).toHaveLength(1);
    expect(screen.queryByText('No exchange rate for USD → UAH on 2026-11-20.')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Dollars');
    expect((screen.getByLabelText('Opening balance') as HTMLInputElement).value).toBe('250');

    refused = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/account/41'));
    expect(calls('POST', '/accounts').at(-1)?.body).toMatchObject({
      name: 'Dollars',
      currencyId: 2,
      initialBalance: 25_000,
    });
  });

  it('gives the balance as of the start of an earlier day when one is chosen, never a day to come', async () => {
    const { calls } = server(() => success(makeAccount({ id: 41, name: 'Cash' }), { status: 201 }));
    await openForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Cash');
    await userEvent.type(screen.getByLabelText('Opening balance'), '100');
    const day = screen.getByLabelText('Balance on') as HTMLInputElement;
    expect(day.value).toBe(day.max);
    expect(screen.getByText('What the account holds today; negative for a debt.')).toBeTruthy();

    fireEvent.change(day, { target: { value: '9999-12-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The balance can’t be on a day still to come')).toBeTruthy();
    expect(calls('POST', '/accounts')).toEqual([]);

    fireEvent.change(day, { target: { value: '2020-03-01' } });
    expect(
      await screen.findByText(
        'What it held at the start of 1 Mar 2020; negative for a debt. Transactions you record from that day on change it.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls('POST', '/accounts')).toHaveLength(1));
    expect(calls('POST', '/accounts')[0]?.body).toMatchObject({
      initialBalance: 10_000,
      openingAt: new Date(2020, 2, 1).toISOString(),
    });
  });

  it('speaks Ukrainian: its fields, its hints with the day, and its own checks', async () => {
    await setLocale('uk');
    const { calls } = server(() => success(makeAccount({ id: 41, name: 'Готівка' }), { status: 201 }));
    renderApp('/create-account');
    await screen.findByRole('button', { name: 'Створити рахунок' });
    expect(screen.getByRole('radio', { name: 'Кредитна картка' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Назва'));
    await userEvent.tab();
    expect(await screen.findByText('Введіть назву')).toBeTruthy();
    const day = screen.getByLabelText('Залишок на') as HTMLInputElement;
    fireEvent.change(day, { target: { value: '9999-12-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Створити рахунок' }));
    expect(await screen.findByText('Залишок не може бути на день, що ще не настав')).toBeTruthy();
    fireEvent.change(day, { target: { value: '2020-03-01' } });
    expect(await screen.findByText(/^Скільки було на початок 1 бер\. 2020/)).toBeTruthy();
    expect(calls('POST', '/accounts')).toEqual([]);
  });

  it('shows any other refusal under the form', async () => {
    server(() => failure(409, 'CONFLICT', 'You have too many accounts.'));
    await openForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Wallet');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have too many accounts.');
  });
});
