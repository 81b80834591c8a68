import {
  type BaseCurrencyChange,
  IDLE_BASE_CURRENCY_CHANGE,
  type Rate,
  type RateProviderStatus,
  type RateSource,
  type UserCurrency,
} from '@kopiyka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { useNotificationsStore } from '../../stores/notifications.ts';
import {
  cachedBaseCurrency,
  type FakeRequest,
  failure,
  fakeServer,
  resetApp,
  sampleCategories,
  sampleCurrencies,
  sampleUser,
  success,
} from '../../test/api.ts';
import { cleanUpApp, renderApp, storeToken } from '../../test/app.tsx';

const [UAH, USD, EUR, GBP, PLN] = sampleCurrencies as [
  (typeof sampleCurrencies)[number],
  (typeof sampleCurrencies)[number],
  (typeof sampleCurrencies)[number],
  (typeof sampleCurrencies)[number],
  (typeof sampleCurrencies)[number],
];

function userCurrency(currency: typeof UAH, extra: Partial<UserCurrency> = {}): UserCurrency {
  return { id: 100 + currency.id, currencyId: currency.id, currency, isBase: false, liveRateUpdate: true, ...extra };
}

function rate(code: string, value: number | null, source: RateSource, extra: Partial<Rate> = {}): Rate {
  return {
    baseCode: code,
    quoteCode: 'UAH',
    rate: value,
    date: '2026-11-20',
    custom: source === 'custom',
    source,
    rateDate: source === 'live' || source === 'approximate' ? '2026-11-20' : null,
    effectiveFrom: null,
    ...extra,
  };
}

const idle = IDLE_BASE_CURRENCY_CHANGE;

/** A change of the base to USD that stopped for want of a rate. */
const failedBaseChange: BaseCurrencyChange = {
  state: 'failed',
  kind: 'base',
  fromCode: 'UAH',
  toCode: 'USD',
  done: 3,
  total: 450,
  error: 'no rate for USD on 2024-02-01.',
};

type ServerState = {
  userCurrencies: UserCurrency[];
  rates: Rate[];
  change: BaseCurrencyChange;
  base: UserCurrency;
  providers: RateProviderStatus[];
};

function provider(name: string, state: RateProviderStatus['state'], extra: Partial<RateProviderStatus> = {}) {
  return {
    source: name.toLowerCase(),
    name,
    state,
    lastSuccessAt: null,
    lastFailureAt: null,
    reason: null,
    ...extra,
  } satisfies RateProviderStatus;
}
type Handlers = Record<string, (request: FakeRequest) => Response | Promise<Response>>;

/** A signed-in user with UAH as base and USD beside it, unless the test says otherwise. */
function currenciesServer(state: Partial<ServerState> = {}, handlers: Handlers = {}) {
  const server: ServerState = {
    base: userCurrency(UAH, { id: 11, isBase: true }),
    userCurrencies: [userCurrency(UAH, { id: 11, isBase: true }), userCurrency(USD)],
    rates: [rate('USD', 41.7625, 'live')],
    change: idle,
    providers: [provider('NBU', 'ok', { lastSuccessAt: new Date(Date.now() - 5 * 60_000).toISOString() })],
    ...state,
  };
  const fetchMock = fakeServer({
    'GET /user': () => success(sampleUser),
    'GET /user/currencies/base': () => success(server.base),
    'GET /categories': () => success(sampleCategories),
    'GET /models/currencies': () => success(sampleCurrencies),
    'GET /user/currencies': () => success(server.userCurrencies),
    'GET /user/currencies/rates': () => success(server.rates),
    'GET /user/currencies/base/change': () => success(server.change),
    'GET /user/currencies/rates/providers': () => success(server.providers),
    ...handlers,
  });
  const matching = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), init }))
      .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === `/api/v1${path}`);
  /** The bodies sent to `method path`, in order. */
  const calls = (method: string, path: string) =>
    matching(method, path).map(({ init }) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
  const urls = (method: string, path: string) => matching(method, path).map(({ url }) => url);
  return { server, calls, urls };
}

async function openPage() {
  storeToken();
  renderApp('/settings/currencies');
  return screen.findByRole('list', { name: 'Your currencies' });
}

/** The list item of one currency. */
async function row(code: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Your currencies' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((element) => element.textContent?.startsWith(code));
  if (!item) throw new Error(`No row for ${code}`);
  return item;
}

const messages = () => useNotificationsStore.getState().notifications.map((notification) => notification.message);

async function openRateDialog(code: string) {
  await userEvent.click(within(await row(code)).getByRole('button', { name: `Edit ${code} rate` }));
  return screen.findByRole('dialog', { name: `${code} exchange rate` });
}

describe('currencies settings', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('shows each rate both ways, with where it comes from', async () => {
    currenciesServer({
      userCurrencies: [
        userCurrency(EUR),
        userCurrency(GBP, { liveRateUpdate: false }),
        userCurrency(PLN),
        userCurrency(UAH, { id: 11, isBase: true }),
        userCurrency(USD),
      ],
      rates: [
        rate('USD', 41.7625, 'live'),
        rate('EUR', 45.1, 'approximate', { rateDate: '2026-11-14' }),
        rate('GBP', 52, 'custom', { effectiveFrom: '2026-11-01' }),
        rate('PLN', null, 'none'),
      ],
    });
    await openPage();

    const usd = within(await row('USD'));
    expect(await usd.findByText('1 USD = 41.7625 UAH')).toBeTruthy();
    expect(usd.getByText('1 UAH = 0.023945 USD')).toBeTruthy();
    expect(usd.getByText('Live')).toBeTruthy();
    expect(usd.getByText('rate of 20 Nov 2026')).toBeTruthy();

    const eur = within(await row('EUR'));
    expect(eur.getByText('Approximate')).toBeTruthy();
    expect(eur.getByText('rate of 14 Nov 2026')).toBeTruthy();

    const gbp = within(await row('GBP'));
    expect(gbp.getByText('1 GBP = 52 UAH')).toBeTruthy();
    expect(gbp.getByText('Custom')).toBeTruthy();
    expect(gbp.getByText('from 1 Nov 2026')).toBeTruthy();

    expect(within(await row('PLN')).getByText('No rate — set a custom rate')).toBeTruthy();

    const uah = within(await row('UAH'));
    expect(uah.getByText('Base')).toBeTruthy();
    expect(uah.queryByRole('button', { name: 'Edit UAH rate' })).toBeNull();
  });

  it('asks for the rates of another day', async () => {
    const { urls } = currenciesServer();
    await openPage();
    await within(await row('USD')).findByText('1 USD = 41.7625 UAH');
    expect(urls('GET', '/user/currencies/rates').at(-1)?.search).toBe('');
    fireEvent.change(screen.getByLabelText('Rates on'), { target: { value: '2026-01-15' } });
    await waitFor(() => expect(urls('GET', '/user/currencies/rates').at(-1)?.search).toBe('?date=2026-01-15'));
    await userEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    expect((screen.getByLabelText('Rates on') as HTMLInputElement).value).toBe('');
  });

  it('links the two rate fields: typing in one rewrites the other', async () => {
    currenciesServer();
    await openPage();
    const dialog = await openRateDialog('USD');
    const forward = within(dialog).getByLabelText('1 USD =') as HTMLInputElement;
    const reverse = within(dialog).getByLabelText('1 UAH =') as HTMLInputElement;
    expect(forward.value).toBe('41.7625');
    expect(reverse.value).toBe('0.023945');
    // Live is on: the fields show the live rate and cannot be edited.
    expect(forward.closest('fieldset')?.disabled).toBe(true);

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use live rate' }));
    await userEvent.clear(forward);
    await userEvent.type(forward, '40');
    expect(reverse.value).toBe('0.025');

    await userEvent.clear(reverse);
    await userEvent.type(reverse, '0,02');
    expect(forward.value).toBe('50');

    await userEvent.clear(reverse);
    expect(forward.value).toBe('');
  });

  it('saves a custom rate typed either way as 1 currency = x base, from the chosen date', async () => {
    const { calls } = currenciesServer(
      {},
      { 'PUT /user/currency/rates': ({ body }) => success((body as { pairs: Rate[] }).pairs) },
    );
    await openPage();

    let dialog = await openRateDialog('USD');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use live rate' }));
    const reverse = within(dialog).getByLabelText('1 UAH =');
    await userEvent.clear(reverse);
    await userEvent.type(reverse, '0.025');
    fireEvent.change(within(dialog).getByLabelText('Applies from'), { target: { value: '2026-12-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT', '/user/currency/rates')).toEqual([
      { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2026-12-01' }] },
    ]);
    expect(messages()).toContain('Custom rate saved: 1 USD = 40 UAH.');

    dialog = await openRateDialog('USD');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use live rate' }));
    const forward = within(dialog).getByLabelText('1 USD =');
    await userEvent.clear(forward);
    await userEvent.type(forward, '41,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', '/user/currency/rates')).toHaveLength(2));
    expect(calls('PUT', '/user/currency/rates')[1]).toEqual({
      pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 41.5 }],
    });
  });

  it('checks the rate with the shared rules before sending it', async () => {
    const { calls } = currenciesServer();
    await openPage();
    const dialog = await openRateDialog('USD');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use live rate' }));
    const forward = within(dialog).getByLabelText('1 USD =');
    await userEvent.clear(forward);
    await userEvent.type(forward, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Rate must be greater than 0')).toBeTruthy();
    expect(forward.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(forward);
    await userEvent.type(forward, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a rate, e.g. 41.7625')).toBeTruthy();
    expect(calls('PUT', '/user/currency/rates')).toEqual([]);
  });

  it('shows the server’s validation message on the field', async () => {
    currenciesServer(
      {},
      {
        'PUT /user/currency/rates': () =>
          new Response(
            JSON.stringify({
              status: 'error',
              response: {
                code: 'VALIDATION_ERROR',
                statusText: 'Invalid body',
                details: [
                  { path: 'pairs.0.rate', message: 'Rate is out of range', code: 'rate.tooLarge', params: { max: 1 } },
                ],
              },
            }),
            { status: 422 },
          ),
      },
    );
    await openPage();
    const dialog = await openRateDialog('USD');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use live rate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Rate is out of range')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('turning the live rate back on deletes the custom rate', async () => {
    const { calls } = currenciesServer(
      {
        userCurrencies: [userCurrency(UAH, { id: 11, isBase: true }), userCurrency(USD, { liveRateUpdate: false })],
        rates: [rate('USD', 40, 'custom')],
      },
      { 'DELETE /user/currency/rates': () => new Response(null, { status: 204 }) },
    );
    await openPage();
    const dialog = await openRateDialog('USD');
    const live = within(dialog).getByRole('switch', { name: 'Use live rate' });
    expect(live.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(live);
    expect(within(dialog).getByText(/Saving removes your custom rate/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls('DELETE', '/user/currency/rates')).toEqual([{ pairs: [{ baseCode: 'USD', quoteCode: 'UAH' }] }]),
    );
    expect(calls('PUT', '/user/currency/rates')).toEqual([]);
    await waitFor(() => expect(messages()).toContain('USD follows the live rate again.'));
    // The list is asked for again after the change.
    expect(calls('GET', '/user/currencies').length).toBeGreaterThan(1);
  });

  it('keeps the server’s refusal to remove a currency in the dialog', async () => {
    const refusal = 'USD is used by an account. Delete the account first.';
    const { calls } = currenciesServer({}, { 'DELETE /user/currency': () => failure(409, 'CONFLICT', refusal) });
    await openPage();
    await userEvent.click(within(await row('USD')).getByRole('button', { name: 'Remove USD' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove USD?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove USD' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(calls('DELETE', '/user/currency')).toEqual([{ currencyId: USD.id }]);
    expect(within(dialog).queryByRole('button', { name: 'Remove USD' })).toBeNull();
    expect(messages()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not offer to remove the base currency, and says why', async () => {
    currenciesServer();
    await openPage();
    const base = await row('UAH');
    expect(within(base).queryByRole('button', { name: 'Remove UAH' })).toBeNull();
    expect(within(base).getByText('The base currency can’t be removed; choose another base first.')).toBeTruthy();
  });

  it('removes a currency once confirmed', async () => {
    const { server, calls } = currenciesServer(
      {},
      {
        'DELETE /user/currency': () => {
          server.userCurrencies = server.userCurrencies.filter((item) => item.currencyId !== USD.id);
          return new Response(null, { status: 204 });
        },
      },
    );
    await openPage();
    await userEvent.click(within(await row('USD')).getByRole('button', { name: 'Remove USD' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove USD' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE', '/user/currency')).toEqual([{ currencyId: USD.id }]);
    expect(messages()).toContain('USD removed from your currencies.');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your currencies' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('offers only currencies not added yet, and adds the chosen one', async () => {
    const { server, calls } = currenciesServer(
      {},
      {
        'POST /user/currencies': ({ body }) => {
          const [{ currencyId }] = (body as { currencies: [{ currencyId: number }] }).currencies;
          const added = sampleCurrencies.find((currency) => currency.id === currencyId)!;
          server.userCurrencies = [...server.userCurrencies, userCurrency(added)];
          server.rates = [...server.rates, rate(added.code, null, 'none')];
          return success(server.userCurrencies);
        },
      },
    );
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a currency' });
    const codes = (await within(dialog).findAllByRole('option')).map((option) => option.textContent?.slice(0, 3));
    expect(codes).toEqual(['EUR', 'GBP', 'PLN', 'CHF', 'JPY']);

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Search currencies' }), 'euro');
    await userEvent.click(within(dialog).getByRole('option', { name: /EUR/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add EUR' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', '/user/currencies')).toEqual([{ currencies: [{ currencyId: EUR.id }] }]);
    expect(messages()).toContain('EUR added to your currencies.');
    expect(await within(await row('EUR')).findByText('No rate — set a custom rate')).toBeTruthy();
  });

  it('changes the base currency after confirmation and follows the recalculation', async () => {
    const { server, calls } = currenciesServer(
      {},
      {
        'POST /user/currencies/base': () => {
          server.change = {
            state: 'running',
            kind: 'base',
            fromCode: 'UAH',
            toCode: 'USD',
            done: 120,
            total: 450,
            error: null,
          };
          return success(server.base);
        },
      },
    );
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Change base currency'), String(USD.id));
    await userEvent.click(screen.getByRole('button', { name: 'Change…' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Change the base currency to USD?' });
    expect(dialog.textContent).toContain(
      "All amounts in your base currency — balances, totals, budgets and statistics — will be recalculated at each transaction's date rate. This runs in the background; until it finishes you keep seeing figures in UAH.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change to USD' }));

    expect(await screen.findByText('Recalculating UAH → USD… 120 of 450')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Recalculating UAH → USD… 120 of 450' });
    expect(progress.getAttribute('aria-valuenow')).toBe('120');
    expect(progress.getAttribute('aria-valuemax')).toBe('450');
    expect(calls('POST', '/user/currencies/base')).toEqual([{ currencyId: USD.id }]);
    expect((screen.getByLabelText('Change base currency') as HTMLSelectElement).disabled).toBe(true);

    // The server finishes: the base switches and every figure is asked for again.
    server.change = { ...server.change, state: 'idle', done: 450 };
    server.base = { ...userCurrency(USD), isBase: true };
    server.userCurrencies = [userCurrency(UAH), { ...userCurrency(USD), isBase: true }];
    await waitFor(() => expect(cachedBaseCurrency()?.currency.code).toBe('USD'), { timeout: 3000 });
    expect(messages()).toContain('USD is now your base currency.');
    await waitFor(async () => expect(within(await row('USD')).getByText('Base')).toBeTruthy());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('puts a failed recalculation aside when dismissed, so it stays gone', async () => {
    const { server, calls } = currenciesServer(
      { change: failedBaseChange },
      {
        'DELETE /user/currencies/base/change': () => {
          server.change = idle;
          return new Response(null, { status: 204 });
        },
      },
    );
    await openPage();
    const banner = await screen.findByText(/Changing the base currency to USD failed/);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(banner.isConnected).toBe(false));
    expect(calls('DELETE', '/user/currencies/base/change')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('says plainly when the rate providers cannot be reached, and that the user’s own rates still work', async () => {
    currenciesServer({
      providers: [
        provider('NBU', 'unreachable', {
          reason: 'unreachable (ECONNREFUSED)',
          lastSuccessAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
        }),
        provider('Frankfurter', 'ok', { lastSuccessAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
      ],
    });
    await openPage();
    const status = await screen.findByRole('region', { name: 'Exchange-rate providers' });
    expect(
      within(status).getByText(
        'Exchange rates can’t be fetched right now: National Bank of Ukraine does not answer. Your own rates still work; other currencies use the latest rates fetched.',
      ),
    ).toBeTruthy();
    expect(
      within(status).getByText(
        'National Bank of Ukraine: can’t be reached (unreachable (ECONNREFUSED)); rates last fetched 2 hours ago.',
      ),
    ).toBeTruthy();
    expect(within(status).getByText('Frankfurter: working, rates last fetched 5 minutes ago.')).toBeTruthy();
  });

  it('says in Ukrainian which providers do not answer, named in it where it knows them (the server’s name otherwise), the verb agreeing with their number', async () => {
    await setLocale('uk');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    currenciesServer({
      providers: [
        provider('NBU', 'unreachable', { lastSuccessAt: twoHoursAgo }),
        provider('Frankfurter', 'unreachable', { lastSuccessAt: twoHoursAgo }),
      ],
    });
    storeToken();
    renderApp('/settings/currencies');
    const status = await screen.findByRole('region', { name: 'Постачальники курсів' });
    expect(
      within(status).getByText(
        'Зараз не вдається отримати курси валют: Національний банк України і Frankfurter не відповідають. Ваші власні курси працюють; інші валюти використовують останні отримані курси.',
      ),
    ).toBeTruthy();
    expect(
      within(status).getByText('Національний банк України: недоступний; курси востаннє отримано 2 години тому.'),
    ).toBeTruthy();
  });

  it('says nothing is wrong while the providers answer', async () => {
    currenciesServer({ providers: [provider('NBU', 'ok'), provider('Frankfurter', 'unknown')] });
    await openPage();
    const status = await screen.findByRole('region', { name: 'Exchange-rate providers' });
    expect(within(status).queryByText(/can’t be fetched/)).toBeNull();
    expect(within(status).getByText('National Bank of Ukraine: working, no rates fetched yet.')).toBeTruthy();
    expect(
      within(status).getByText('Frankfurter: not asked yet; rates are fetched when a currency needs them.'),
    ).toBeTruthy();
  });

  it('keeps the live-rate switch off and disabled for a currency no provider quotes', async () => {
    currenciesServer({
      userCurrencies: [userCurrency(UAH, { id: 11, isBase: true }), userCurrency(GBP)],
      rates: [rate('GBP', null, 'none')],
    });
    await openPage();
    const dialog = await openRateDialog('GBP');
    const live = within(dialog).getByRole('switch', { name: 'Use live rate' });
    expect(live.getAttribute('aria-checked')).toBe('false');
    expect((live as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(dialog).getByText(
        'No live rate is available for GBP: the rate providers don’t quote it. Set your own below.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('1 GBP =') as HTMLInputElement).disabled).toBe(false);
  });

  it('sets a rate between two currencies that are not the base', async () => {
    const { calls } = currenciesServer(
      {
        userCurrencies: [userCurrency(UAH, { id: 11, isBase: true }), userCurrency(USD), userCurrency(EUR)],
        rates: [rate('USD', 40, 'live'), rate('EUR', 44, 'custom')],
      },
      { 'PUT /user/currency/rates': ({ body }) => success((body as { pairs: Rate[] }).pairs) },
    );
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Set a rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange rate' });
    await userEvent.selectOptions(within(dialog).getByLabelText('One unit of'), 'EUR');
    await userEvent.selectOptions(within(dialog).getByLabelText('Is worth, in'), 'USD');
    // Two currencies other than the base have no live rate of their own to follow.
    expect(within(dialog).queryByRole('switch')).toBeNull();
    // It starts from what their rates in the base make of it: 44 / 40.
    expect((within(dialog).getByLabelText('1 EUR =') as HTMLInputElement).value).toBe('1.1');
    const forward = within(dialog).getByLabelText('1 EUR =');
    await userEvent.clear(forward);
    await userEvent.type(forward, '1.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls('PUT', '/user/currency/rates')).toEqual([
        { pairs: [{ baseCode: 'EUR', quoteCode: 'USD', rate: 1.2 }] },
      ]),
    );
    expect(messages()).toContain('Custom rate saved: 1 EUR = 1.2 USD.');
  });

  it('choosing on one side of the pair the currency of the other swaps them', async () => {
    currenciesServer();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Set a rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange rate' });
    const side = (label: string) => within(dialog).getByLabelText(label) as HTMLSelectElement;
    expect([side('One unit of').value, side('Is worth, in').value]).toEqual(['USD', 'UAH']);
    await userEvent.selectOptions(side('One unit of'), 'UAH');
    expect([side('One unit of').value, side('Is worth, in').value]).toEqual(['UAH', 'USD']);
    // The rate form is the new pair's, and the select just used keeps the focus.
    expect(within(dialog).getByLabelText('1 UAH =')).toBeTruthy();
    expect(document.activeElement).toBe(side('One unit of'));
  });

  it('says when a recalculation failed', async () => {
    currenciesServer({ change: failedBaseChange });
    await openPage();
    expect(
      await screen.findByText(
        'Changing the base currency to USD failed: no rate for USD on 2024-02-01. Your figures are still in UAH; you can try again.',
      ),
    ).toBeTruthy();
  });
  it('follows the recomputation of the figures a saved custom rate moves', async () => {
    const { server } = currenciesServer(
      {},
      {
        'PUT /user/currency/rates': ({ body }) => {
          server.change = {
            state: 'running',
            kind: 'revaluation',
            fromCode: 'UAH',
            toCode: 'UAH',
            done: 1,
            total: 3,
            error: null,
          };
          return success((body as { pairs: Rate[] }).pairs);
        },
      },
    );
    await openPage();
    const dialog = await openRateDialog('USD');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use live rate' }));
    const forward = within(dialog).getByLabelText('1 USD =');
    await userEvent.clear(forward);
    await userEvent.type(forward, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const label = 'Recomputing figures after a rate change… 1 of 3';
    expect(await screen.findByText(label)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: label }).getAttribute('aria-valuenow')).toBe('1');
    expect(
      screen.getByText('Figures keep their previous values until this finishes. You can leave this page meanwhile.'),
    ).toBeTruthy();
    // The base cannot change meanwhile (the server would refuse).
    expect((screen.getByLabelText('Change base currency') as HTMLSelectElement).disabled).toBe(true);

    server.change = idle;
    await waitFor(() => expect(messages()).toContain('Figures recomputed at the new rate.'), { timeout: 3000 });
    expect(messages()).not.toContain('UAH is now your base currency.');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('says when a recomputation after a rate change failed', async () => {
    currenciesServer({
      change: {
        state: 'failed',
        kind: 'revaluation',
        fromCode: 'UAH',
        toCode: 'UAH',
        done: 0,
        total: 3,
        error: 'No exchange rate for XAU → UAH on 2024-03-04. Set a custom rate and try again.',
      },
    });
    await openPage();
    expect(
      await screen.findByText(
        'Recomputing figures after a rate change failed: No exchange rate for XAU → UAH on 2024-03-04. Set a custom rate and try again. The figures it would move keep their previous values until it succeeds.',
      ),
    ).toBeTruthy();
  });
});
