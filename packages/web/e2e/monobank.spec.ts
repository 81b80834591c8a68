import { expect, test } from '@playwright/test';
import { createReadyUser, MONOBANK_DEMO_TOKEN, MONOBANK_EMULATOR, PASSWORD, signIn } from './helpers.ts';

test('Monobank: connected with a token, a month imported, its accounts and transactions shown; a purchase arrives live by the webhook', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Connect: the token is checked, then the cards the bank has are shown.
  await page.goto('/accounts');
  const connectButton = page.getByRole('main').getByRole('button', { name: 'Connect Monobank' }).first();
  await expect(connectButton).toBeVisible();
  // Without Monobank, loading the app asks for no pairing that is not there: nothing logged as an error.
  expect(consoleErrors).toEqual([]);
  await connectButton.click();
  const connect = page.getByRole('dialog', { name: 'Connect Monobank' });
  await connect.getByLabel('Personal token').fill('too-short');
  await connect.getByRole('button', { name: 'Connect' }).click();
  await expect(connect.getByText('This is too short for a Monobank token')).toBeVisible();
  await connect.getByLabel('Personal token').fill(MONOBANK_DEMO_TOKEN);
  await connect.getByRole('button', { name: 'Connect' }).click();

  const cardsDialog = page.getByRole('dialog', { name: 'Your Monobank cards' });
  const cards = cardsDialog.getByRole('list', { name: 'Cards found' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await expect(cards.getByText('Credit limit UAH 15,000.00')).toBeVisible();
  await expect(cards.getByText('US$2,750.24')).toBeVisible();
  // This app has a public address: connecting turned instant updates on, and says so.
  await expect(
    cardsDialog.getByText(/^Instant updates are on: Monobank sends each new card transaction/),
  ).toBeVisible();
  await cardsDialog.getByRole('button', { name: 'Choose what to import' }).click();

  // One month back, at this server's pace (no wait between requests), then its progress to the end.
  const period = page.getByRole('dialog', { name: 'Import your history' });
  await period.getByText('1 month', { exact: true }).click();
  await expect(period.getByText('Less than a minute')).toBeVisible();
  await period.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByRole('dialog', { name: 'Importing from Monobank' });
  await expect(progress.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
  await expect(progress.getByText(/^[\d,]+ transactions? imported\./)).toBeVisible();
  await progress.getByRole('button', { name: 'Done' }).click();
  await expect(progress).toBeHidden();

  // The bank accounts, marked as such, with the bank's balances.
  const main = page.getByRole('main');
  const jar = main.getByRole('link', { name: /^Jar/ });
  await expect(jar.getByText('Monobank')).toBeVisible();
  await expect(jar.getByText('UAH 40,000.00')).toBeVisible();
  await expect(main.getByRole('link', { name: /Monobank White USD/ }).getByText('US$2,750.24')).toBeVisible();
  await expect(
    main.getByRole('link', { name: /Monobank Black/ }).getByText('Credit limit UAH 15,000.00'),
  ).toBeVisible();
  await expect(main.getByRole('region', { name: 'Importing from Monobank' })).toBeHidden();

  // A bank card takes no file: its page offers no import and says why.
  await main.getByRole('link', { name: /Monobank Black/ }).click();
  await expect(page.getByText('Its transactions come from Monobank, so no file is imported into it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);

  // The imported transactions, marked as the bank's.
  await page.goto('/transactions');
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByTitle('Imported from Monobank').first()).toBeVisible();

  // The webhook is on from connecting: a purchase at the bank shows up at once, with a toast.
  await page.goto('/settings/bank');
  const webhook = page.getByRole('switch', { name: 'Webhook' });
  await expect(webhook).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('On: Monobank sends each new transaction here.')).toBeVisible();

  await page.goto('/transactions');
  await expect(list.getByTitle('Imported from Monobank').first()).toBeVisible();
  const merchant = `E2E Coffee ${Date.now()}`;
  const purchase = await request.post(`${MONOBANK_EMULATOR}/_control/purchase`, {
    data: { token: MONOBANK_DEMO_TOKEN, amount: -4250, description: merchant, mcc: 5814 },
  });
  expect(purchase.ok(), await purchase.text()).toBe(true);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('1 new bank transaction')).toBeVisible();
  await expect(list.getByRole('button', { name: new RegExp(merchant) })).toBeVisible();
  await expect(list.getByRole('button', { name: new RegExp(merchant) }).getByText('−UAH 42.50')).toBeVisible();

  // The purchase was money put aside: marked as a transfer to an own account, that account gets its side.
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const authorization = `Bearer ${(await login.json()).response.token}`;
  const currencies = (await (await request.get('/api/v1/models/currencies')).json()).response;
  const savings = await request.post('/api/v1/accounts', {
    headers: { authorization },
    data: { name: 'Savings', currencyId: currencies.find((c: { code: string }) => c.code === 'UAH').id },
  });
  expect(savings.status()).toBe(201);
  await page.reload();
  await list.getByRole('button', { name: new RegExp(merchant) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Transfer' }).click();
  await dialog.getByLabel('To').selectOption({ label: 'Savings · UAH 0.00' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('button', { name: /^Transfer → Savings/ }).getByText('−UAH 42.50')).toBeVisible();
  await expect(
    list.getByRole('button', { name: /^Transfer ← Monobank Black/ }).filter({ hasText: 'UAH 42.50' }),
  ).toBeVisible();
});
