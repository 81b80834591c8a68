import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { failure, success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeBalance, makeBinanceAccount } from '../../test/binance.ts';

const noContent = () => new Response(null, { status: 204 });
const notConnected = () => success(null);
const binanceDown = () => failure(502, 'BAD_GATEWAY', 'Binance did not answer');

async function openCryptoPage(handlers: Handlers) {
  const server = signedInServer(handlers);
  renderApp('/crypto');
  return server;
}

/** The holdings table's rows, each as its cells' texts. */
function holdingRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

async function fillKeys(apiKey: string, secretKey: string) {
  if (apiKey) await userEvent.type(screen.getByLabelText('API key'), apiKey);
  if (secretKey) await userEvent.type(screen.getByLabelText('Secret key'), secretKey);
  await userEvent.click(screen.getByRole('button', { name: 'Connect Binance' }));
}

describe('crypto page, not connected', () => {
  freshAppEachTest(new Date('2026-11-22T10:00:00Z'));

  it('says where to make a read-only key, and still offers a crypto account kept by hand', async () => {
    await openCryptoPage({ 'GET /crypto/binance/account': notConnected });
    expect(await screen.findByRole('heading', { name: 'Connect Binance' })).toBeTruthy();
    expect(screen.getByText(/Leave only “Enable Reading” switched on/)).toBeTruthy();
    expect(screen.getByText(/A read-only key can only look at balances/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /API Management/ }).getAttribute('href')).toBe(
      'https://www.binance.com/en/my/settings/api-management',
    );
    // The secret is hidden as it is typed, and can be shown.
    expect(screen.getByLabelText('Secret key').getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show secret key' }));
    expect(screen.getByLabelText('Secret key').getAttribute('type')).toBe('text');
    expect(screen.getByRole('link', { name: 'Add a crypto account' }).getAttribute('href')).toBe('/create-account');
  });

  it('says each missing key where it is missing, in the words of codes 10101–10103', async () => {
    const answers = [
      failure(422, 10101, 'Both crypto exchange API keys are missing'),
      failure(422, 10102, 'The crypto exchange public (API) key is missing'),
      failure(422, 10103, 'The crypto exchange secret key is missing'),
    ];
    const { calls } = await openCryptoPage({
      'GET /crypto/binance/account': notConnected,
      'PUT /crypto/binance/keys': () => answers.shift()!,
    });
    await screen.findByRole('heading', { name: 'Connect Binance' });

    await fillKeys('', '');
    expect((await screen.findByRole('alert')).textContent).toBe('Both crypto exchange API keys are missing');

    await fillKeys('', 'secret');
    expect(await screen.findByText('The crypto exchange public (API) key is missing')).toBeTruthy();
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(screen.getByLabelText('Secret key'));
    await fillKeys('key', '');
    expect(await screen.findByText('The crypto exchange secret key is missing')).toBeTruthy();
    expect(screen.getByLabelText('Secret key').getAttribute('aria-invalid')).toBe('true');

    expect(calls('PUT', '/crypto/binance/keys').map((call) => call.body)).toEqual([
      { apiKey: '', secretKey: '' },
      { apiKey: '', secretKey: 'secret' },
      { apiKey: 'key', secretKey: '' },
    ]);
  });

  it('shows a key Binance refuses under its field, and a Binance that does not answer in plain words', async () => {
    const answers = [
      failure(422, 'VALIDATION_ERROR', 'Binance refused the keys', {
        details: [
          {
            path: 'secretKey',
            message: 'Binance does not accept this secret key. Copy it again.',
            code: 'binance.secretKeyRefused',
            params: {},
          },
        ],
      }),
      binanceDown(),
    ];
    await openCryptoPage({
      'GET /crypto/binance/account': notConnected,
      'PUT /crypto/binance/keys': () => answers.shift()!,
    });
    await screen.findByRole('heading', { name: 'Connect Binance' });
    await fillKeys('vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A', 'wrong');
    expect(await screen.findByText('Binance does not accept this secret key. Copy it again.')).toBeTruthy();
    expect(screen.getByLabelText('Secret key').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Connect Binance' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Binance can’t be reached right now. Try again in a few minutes.',
    );
  });

  it('connects with the keys pasted, then shows the holdings read with them', async () => {
    let connected = false;
    const { calls } = await openCryptoPage({
      'GET /crypto/binance/account': () => success(connected ? makeBinanceAccount() : null),
      'PUT /crypto/binance/keys': () => {
        connected = true;
        return success({ apiKeyMasked: 'vmPU…2ftq', canTrade: false, canWithdraw: false });
      },
    });
    await screen.findByRole('heading', { name: 'Connect Binance' });
    await fillKeys('  vmPU2ftq  ', 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j');

    expect(await screen.findByRole('heading', { name: 'Holdings' })).toBeTruthy();
    expect(calls('PUT', '/crypto/binance/keys').map((call) => call.body)).toEqual([
      { apiKey: 'vmPU2ftq', secretKey: 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j' },
    ]);
    expect(toastMessages()).toEqual(['Binance connected']);
    expect(screen.queryByRole('heading', { name: 'Connect Binance' })).toBeNull();
  });
});

describe('crypto page, connected', () => {
  freshAppEachTest(new Date('2026-11-22T10:00:00Z'));

  it('shows the totals, how fresh they are, and every holding with its exact amount, price, value and share', async () => {
    await openCryptoPage({ 'GET /crypto/binance/account': () => success(makeBinanceAccount()) });
    expect(await screen.findByText('API key vmPU…2ftq')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText('US$35,238.87')).toBeTruthy();
    expect(screen.getByText('In UAH')).toBeTruthy();
    expect(screen.getByText('UAH 1,444,794.50')).toBeTruthy();
    expect(screen.getByText('Updated 5 minutes ago')).toBeTruthy();
    expect(holdingRows()).toEqual([
      ['BTC', '0.5', 'US$60,000.00 per coin', 'US$30,000.00', '85%'],
      ['ETH', '1.33456789incl. 1.23456789 in Earn', 'US$3,000.50 per coin', 'US$4,004.37', '11%'],
      ['USDT', '1,234.5', 'US$1.00 per coin', 'US$1,234.50', '4%'],
      ['NOPRICE', '7', 'No price', 'No price', '—'],
    ]);
    expect(await screen.findByRole('img', { name: 'Holdings by value' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Holdings and their shares' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BTC85%US$30,000.00', 'ETH11%US$4,004.37', 'USDT4%US$1,234.50']);
    // A read-only key that Binance answered for: nothing to warn about.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('prices a coin worth less than a cent to its significant digits, and amounts to 8 decimals without float noise', async () => {
    const account = makeBinanceAccount({
      balances: [
        makeBalance({
          asset: 'SHIB',
          free: '12345678.12345678',
          total: '12345678.12345678',
          price: '0.00001234',
          value: 15_234,
        }),
        makeBalance({ asset: 'DOT', free: '0.1', earn: '0.2', total: '0.30000000', price: '0.5', value: 15 }),
      ],
      totalValue: 15_249,
    });
    await openCryptoPage({ 'GET /crypto/binance/account': () => success(account) });
    await screen.findByRole('table');
    expect(holdingRows()).toEqual([
      ['SHIB', '12,345,678.12345678', 'US$0.00001234 per coin', 'US$152.34', '100%'],
      ['DOT', '0.3incl. 0.2 in Earn', 'US$0.50 per coin', 'US$0.15', '0%'],
    ]);
  });

  it('marks last known figures while Binance is down, and warns of a key that can trade or withdraw', async () => {
    await openCryptoPage({
      'GET /crypto/binance/account': () =>
        success(
          makeBinanceAccount({ stale: true, updatedAt: '2026-11-22T07:00:00.000Z', canTrade: true, canWithdraw: true }),
        ),
    });
    expect(await screen.findByText('Last known figures')).toBeTruthy();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Binance can’t be reached right now. These are the last figures known, read 3 hours ago. They are brought up to date once Binance answers again.',
      'This key can trade and withdraw. Kopiyka only needs to read. To be safe, create a read-only key on Binance and choose Replace keys here.',
    ]);
    expect(screen.getByText('Updated 3 hours ago')).toBeTruthy();
  });

  it('says when Binance refuses the keys, and takes new ones in their place', async () => {
    let refused = true;
    const { calls } = await openCryptoPage({
      'GET /crypto/binance/account': () =>
        success(
          refused
            ? makeBinanceAccount({ stale: true, keysRefused: true, updatedAt: '2026-11-21T10:00:00.000Z' })
            : makeBinanceAccount({ apiKeyMasked: 'NeW1…k3y2', updatedAt: '2026-11-22T10:00:00.000Z' }),
        ),
      'PUT /crypto/binance/keys': () => {
        refused = false;
        return success({ apiKeyMasked: 'NeW1…k3y2', canTrade: false, canWithdraw: false });
      },
    });
    expect(await screen.findByText('Keys refused')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Binance no longer accepts these keys. The key may have been deleted on Binance or limited to other IP addresses. These are the last figures known, read yesterday',
    );
    // The figures read before stay in view.
    expect(screen.getByText('US$35,238.87')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Connect new keys' }));
    expect(screen.getByRole('heading', { name: 'Replace the keys' })).toBeTruthy();
    expect(screen.getByText(/take the place of vmPU…2ftq once Binance accepts them/)).toBeTruthy();
    // While the form is open, it is the one way to new keys.
    expect(screen.queryByRole('button', { name: 'Replace keys' })).toBeNull();
    await userEvent.type(screen.getByLabelText('API key'), 'NeW1'.padEnd(60, 'a') + 'k3y2');
    await userEvent.type(screen.getByLabelText('Secret key'), 's'.repeat(64));
    await userEvent.click(screen.getByRole('button', { name: 'Check and replace' }));

    expect(await screen.findByText('API key NeW1…k3y2')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Replace the keys' })).toBeNull();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls('PUT', '/crypto/binance/keys')).toHaveLength(1);
    expect(toastMessages()).toEqual(['Binance keys replaced']);
  });

  it('keeps the keys when replacing is cancelled', async () => {
    const { calls } = await openCryptoPage({ 'GET /crypto/binance/account': () => success(makeBinanceAccount()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Replace keys' }));
    await userEvent.type(screen.getByLabelText('API key'), 'x'.repeat(64));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Replace the keys' })).toBeNull();
    expect(screen.getByText('API key vmPU…2ftq')).toBeTruthy();
    expect(calls('PUT', '/crypto/binance/keys')).toEqual([]);
  });

  it('reads Binance again on Refresh', async () => {
    const answers = [
      makeBinanceAccount(),
      makeBinanceAccount({ totalValue: 4_000_000, updatedAt: '2026-11-22T10:00:00Z' }),
    ];
    const { calls } = await openCryptoPage({ 'GET /crypto/binance/account': () => success(answers.shift()) });
    await screen.findByText('Updated 5 minutes ago');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Updated just now')).toBeTruthy();
    expect(screen.getByText('US$40,000.00')).toBeTruthy();
    expect(calls('GET', '/crypto/binance/account')).toHaveLength(2);
  });

  it('disconnects only once confirmed, then offers to connect again', async () => {
    let connected = true;
    const { calls } = await openCryptoPage({
      'GET /crypto/binance/account': () => success(connected ? makeBinanceAccount() : null),
      'DELETE /crypto/binance/keys': () => {
        connected = false;
        return noContent();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Binance?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE', '/crypto/binance/keys')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const again = await screen.findByRole('alertdialog', { name: 'Disconnect Binance?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('heading', { name: 'Connect Binance' })).toBeTruthy();
    expect(calls('DELETE', '/crypto/binance/keys')).toHaveLength(1);
    expect(toastMessages()).toEqual(['Binance disconnected']);
  });

  it('says so when the key holds no coins', async () => {
    await openCryptoPage({
      'GET /crypto/binance/account': () =>
        success(makeBinanceAccount({ balances: [], totalValue: 0, totalRefValue: 0 })),
    });
    expect(await screen.findByText('No coins on this account')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Allocation' })).toBeNull();
  });

  it('says Binance cannot be reached when nothing is known, and loads on Try again', async () => {
    let down = true;
    await openCryptoPage({
      'GET /crypto/binance/account': () => (down ? binanceDown() : success(makeBinanceAccount())),
    });
    expect(await screen.findByText('Could not load your Binance holdings')).toBeTruthy();
    expect(screen.getByText('Binance can’t be reached right now. Try again in a few minutes.')).toBeTruthy();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Holdings' })).toBeTruthy();
  });
});

describe('crypto page in Ukrainian', () => {
  freshAppEachTest(new Date('2026-11-22T10:00:00Z'));

  it('speaks Ukrainian and writes amounts the Ukrainian way', async () => {
    await setLocale('uk');
    await openCryptoPage({
      'GET /crypto/binance/account': () => success(makeBinanceAccount({ canTrade: true })),
    });
    expect(await screen.findByRole('heading', { name: 'Активи' })).toBeTruthy();
    expect(screen.getByText('Загальна вартість')).toBeTruthy();
    expect(screen.getByText('Оновлено 5 хвилин тому')).toBeTruthy();
    expect(screen.getByText('Цей ключ може торгувати.')).toBeTruthy();
    await waitFor(() => expect(holdingRows()[1]?.[1]).toBe('1,33456789з них 1,23456789 в Earn'));
    expect(holdingRows()[3]?.slice(2)).toEqual(['Без ціни', 'Без ціни', '—']);
  });
});
