import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, signIn, widget } from './helpers.ts';

/** The Binance emulator's read-only demo keys (packages/fakes/src/binance/data.ts); every test of a run may use them. */
const DEMO_KEYS = {
  apiKey: 'KopiykaDemoReadOnlyApiKey2026NotARealKeyOfflineEmulatorOnly0read',
  secretKey: 'KopiykaDemoReadOnlySecret2026NotARealSecretOfflineEmulatorOnly00',
};
/** Its demo keys that may trade: the page warns about them. */
const TRADING_KEYS = {
  apiKey: 'KopiykaDemoTradingApiKey2026NotARealKeyOfflineEmulatorOnly0trade',
  secretKey: 'KopiykaDemoTradingSecret2026NotARealSecretOfflineEmulatorOnly000',
};
/** The Binance emulator of the e2e server (scripts/e2e-server.mjs), with its test controls. */
const BINANCE_EMULATOR = `http://127.0.0.1:${
  process.env.BINANCE_EMULATOR_PORT ?? String(Number(process.env.MONOBANK_EMULATOR_PORT ?? '4311') + 1)
}`;

/** A new user with UAH as base currency, signed in on /crypto; its main region and username. */
async function openCryptoPage(page: Page, request: APIRequestContext) {
  const username = await createReadyUser(request, 'UAH');
  await page.goto('/crypto');
  await signIn(page, username);
  return { main: page.getByRole('main'), username };
}

/** The amounts a piece of the page shows, in minor units, in the order shown ("UAH 1,234.56" → 123456). */
const amountsIn = async (scope: Locator) =>
  ((await scope.textContent()) ?? '').match(/\d[\d,]*\.\d\d/g)?.map((amount) => Number(amount.replace(/[,.]/g, ''))) ??
  [];

test('crypto: demo keys connected, holdings valued and shared out, crypto left out of the total, disconnected', async ({
  page,
  request,
}) => {
  const { main, username } = await openCryptoPage(page, request);
  await (await apiAs(request, username)).createAccount('Card', 'UAH', 1_000_000);
  await expect(main.getByRole('heading', { name: 'Connect Binance' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Add a crypto account' })).toBeVisible();

  // A secret that does not belong to the key is refused on its field, and nothing is stored.
  await main.getByLabel('API key', { exact: true }).fill(DEMO_KEYS.apiKey);
  await main.getByLabel('Secret key', { exact: true }).fill(DEMO_KEYS.secretKey.replace('Secret', 'Secrets'));
  await main.getByRole('button', { name: 'Connect Binance' }).click();
  await expect(main.getByText(/Binance did not accept this secret key/)).toBeVisible();

  await main.getByLabel('Secret key', { exact: true }).fill(DEMO_KEYS.secretKey);
  // The month of daily snapshots is asked only while the minute's /sapi weight allows it.
  await request.post(`${BINANCE_EMULATOR}/_control/reset-weights`, { data: {} });
  await main.getByRole('button', { name: 'Connect Binance' }).click();
  await expect(main.getByText('API key Kopi…read')).toBeVisible();
  await expect(main.getByText('Connected', { exact: true })).toBeVisible();
  await expect(main.getByText('In UAH')).toBeVisible();
  await expect(main.getByText('Updated just now')).toBeVisible();

  // Spot and Earn counted once (no LD* tokens), LDO the real coin kept, ARDR priced through BTC.
  const assets = main.getByRole('table').getByRole('rowheader');
  await expect(assets).toHaveCount(8);
  for (const asset of ['BTC', 'ETH', 'BNB', 'SOL', 'USDT', 'USDC', 'ARDR', 'LDO']) {
    await expect(assets.filter({ hasText: new RegExp(`^${asset}$`) })).toHaveCount(1);
  }
  await expect(main.getByRole('row', { name: /^ETH/ })).toContainText('in Earn');
  await expect(main.getByRole('row', { name: /^ARDR/ })).not.toContainText('No price');
  await expect(main.getByRole('img', { name: 'Holdings by value' })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Holdings and their shares' }).getByRole('listitem')).toHaveCount(6);
  await expect(main.getByRole('alert')).toHaveCount(0);

  await main.getByRole('button', { name: 'Refresh' }).click();
  await expect(main.getByRole('button', { name: 'Refresh' })).toBeEnabled();

  // Connecting is no growth: the month before comes from Binance's daily snapshots, so the total
  // moved since last month by prices only, not by the holdings' whole value.
  await page.goto('/dashboard');
  const total = widget(page, 'Total balance');
  await expect(total).toContainText('in crypto');
  const [now = 0, change = 0] = await amountsIn(total);
  expect(Math.abs(change)).toBeLessThan(now / 5);
  // The Accounts page counts the same total, crypto included.
  await page.goto('/accounts');
  const accountsTotal = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Total own money' }) });
  await expect(accountsTotal).toContainText('in crypto');
  expect((await amountsIn(accountsTotal))[0]).toBe(now);

  // The switch in Settings → User.
  await page.goto('/settings/user');
  const inTotal = page.getByRole('switch', { name: 'Count crypto in the total balance' });
  await expect(inTotal).toBeChecked();
  await inTotal.click();
  await expect(inTotal).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Count crypto in the total balance' })).not.toBeChecked();

  await page.goto('/crypto');
  await main.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Binance?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(main.getByRole('heading', { name: 'Connect Binance' })).toBeVisible();
});

test('crypto: a key that can trade is warned about; with Binance down the last figures are shown as such', async ({
  page,
  request,
}) => {
  const { main } = await openCryptoPage(page, request);
  await main.getByLabel('API key', { exact: true }).fill(TRADING_KEYS.apiKey);
  await main.getByLabel('Secret key', { exact: true }).fill(TRADING_KEYS.secretKey);
  await main.getByRole('button', { name: 'Connect Binance' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'This key can trade.' })).toContainText(
    'create a read-only key',
  );

  const setMode = (mode: string) =>
    request.post(`${BINANCE_EMULATOR}/_control/mode`, { data: { mode } }).then((response) => expect(response).toBeOK());
  await setMode('down');
  try {
    await main.getByRole('button', { name: 'Refresh' }).click();
    await expect(main.getByText('Last known figures')).toBeVisible();
    await expect(main.getByRole('alert').filter({ hasText: 'Binance can’t be reached right now.' })).toBeVisible();
    await expect(main.getByRole('table').getByRole('rowheader', { name: 'BTC' })).toBeVisible();
  } finally {
    await setMode('normal');
  }
  await main.getByRole('button', { name: 'Refresh' }).click();
  await expect(main.getByText('Connected', { exact: true })).toBeVisible();
});

test('crypto: keys Binance refuses later are said so, the figures stay, and new keys take their place', async ({
  page,
  request,
}) => {
  const control = (name: string, data: unknown) =>
    request.post(`${BINANCE_EMULATOR}/_control/${name}`, { data }).then((response) => expect(response).toBeOK());
  // A key pair of this run's own, so revoking it leaves the demo keys to the other tests.
  const own = `${Date.now()}`.padEnd(64, 'K');
  const keys = { apiKey: `A${own}`.slice(0, 64), secretKey: `S${own}`.slice(0, 64) };
  await control('account', { ...keys, balances: [{ asset: 'BTC', free: '0.25' }] });

  const { main } = await openCryptoPage(page, request);
  await main.getByLabel('API key', { exact: true }).fill(keys.apiKey);
  await main.getByLabel('Secret key', { exact: true }).fill(keys.secretKey);
  await main.getByRole('button', { name: 'Connect Binance' }).click();
  await expect(main.getByText('Connected', { exact: true })).toBeVisible();

  await control('revoke', { apiKey: keys.apiKey });
  await main.getByRole('button', { name: 'Refresh' }).click();
  await expect(main.getByText('Keys refused')).toBeVisible();
  await expect(main.getByRole('alert')).toContainText('Binance no longer accepts these keys.');
  await expect(main.getByRole('table').getByRole('rowheader', { name: 'BTC' })).toBeVisible();

  await main.getByRole('button', { name: 'Connect new keys' }).click();
  await expect(main.getByRole('heading', { name: 'Replace the keys' })).toBeVisible();
  await main.getByLabel('API key', { exact: true }).fill(DEMO_KEYS.apiKey);
  await main.getByLabel('Secret key', { exact: true }).fill(DEMO_KEYS.secretKey);
  await main.getByRole('button', { name: 'Check and replace' }).click();
  await expect(main.getByText('API key Kopi…read')).toBeVisible();
  await expect(main.getByText('Connected', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Replace the keys' })).toHaveCount(0);
  await expect(main.getByRole('table').getByRole('rowheader')).toHaveCount(8);
});
