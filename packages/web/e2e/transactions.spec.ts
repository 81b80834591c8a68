import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { chooseCategory, createReadyUser, PASSWORD, signIn } from './helpers.ts';

// Without the service worker: the journey checks what a page whose code cannot be fetched says,
// which happens where browsers run no worker (an instance on plain http). With the worker the code
// comes from its cache and the page opens (offline.spec.ts).
test.use({ serviceWorkers: 'block' });

/** Two accounts made through the API, to keep the test on transactions: UAH 10,000.00 on a card, and dollars. */
async function createAccounts(request: APIRequestContext, username: string): Promise<void> {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { token } = (await login.json()).response as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const currencies = (await (await request.get('/api/v1/models/currencies')).json()).response as Array<{
    id: number;
    code: string;
  }>;
  const currencyId = (code: string) => currencies.find((currency) => currency.code === code)?.id;
  for (const data of [
    { name: 'Card', currencyId: currencyId('UAH'), initialBalance: 1_000_000 },
    { name: 'Dollars', currencyId: currencyId('USD'), accountCategory: 'saving' },
  ]) {
    expect((await request.post('/api/v1/accounts', { data, headers })).status()).toBe(201);
  }
}

/** Picks the option whose text starts with `name` (options carry the balance after the name). */
async function chooseAccount(select: Locator, name: string): Promise<void> {
  const labels = await select.locator('option').allTextContents();
  await select.selectOption({ label: labels.find((label) => label.startsWith(name)) ?? name });
}

async function openAddDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  return page.getByRole('dialog', { name: 'New transaction' });
}

test('transactions: record, see balances move, filter, edit a transfer and delete it', async ({ page, request }) => {
  const username = await createReadyUser(request, 'UAH');
  await createAccounts(request, username);
  await page.goto('/transactions');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText('No transactions yet')).toBeVisible();
  const list = page.getByRole('list', { name: 'Transactions' });
  const row = (name: string | RegExp) => list.getByRole('button', { name });

  // An expense on the card, which the dialog starts on, first saved while the server is away:
  // the dialog says so, keeps what was typed, and sends it again once the server answers.
  let dialog = await openAddDialog(page);
  await dialog.getByLabel('Amount').fill('250.50');
  await chooseCategory(page, dialog, 'Groceries');
  await dialog.getByLabel('Note').fill('Silpo');
  await page.route('**/api/v1/transactions', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/Can’t reach the server\. Check your connection and try again\./);
  await expect(dialog.getByLabel('Amount')).toHaveValue('250.50');
  await expect(dialog.getByLabel('Note')).toHaveValue('Silpo');
  await page.unroute('**/api/v1/transactions');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Expense of UAH 250.50 added.')).toBeVisible();
  await expect(row(/^Groceries.*Silpo/)).toBeVisible();

  // A page whose code cannot be fetched says the server is away, and opens once it answers.
  await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation').first().getByRole('link', { name: 'Budgets' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Can’t reach the server.');
  await page.unroute('**/assets/**');
  // Once the server answers, the app is loaded anew: the next page waits for that load, or the
  // reload would cut its navigation short.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
  await page.goto('/transactions');

  // An income.
  dialog = await openAddDialog(page);
  await dialog.getByRole('radio', { name: 'Income' }).click();
  await dialog.getByLabel('Amount').fill('1000');
  // For an income, the income's own categories come first and Enter takes the best match, not a parent.
  const categoryField = dialog.getByLabel('Category');
  const categorySearch = page.getByRole('combobox', { name: 'Search categories' });
  for (const [query, chosen] of [
    ['gift', 'Income › Gifts'],
    ['caf', 'Food & Drinks › Bars, cafés'],
  ] as const) {
    await categoryField.click();
    await categorySearch.fill(query);
    await categorySearch.press('Enter');
    await expect(categoryField).toContainText(chosen);
  }
  await chooseCategory(page, dialog, 'Wage, invoices');
  await dialog.getByRole('button', { name: 'Add income' }).click();
  await expect(page.getByText('Income of UAH 1,000.00 added.')).toBeVisible();

  // UAH to dollars: what arrives comes from today's live rate of the emulator, and is kept as shown.
  dialog = await openAddDialog(page);
  await dialog.getByRole('radio', { name: 'Transfer' }).click();
  await chooseAccount(dialog.getByLabel('To', { exact: true }), 'Dollars');
  await dialog.getByLabel('Amount sent').fill('4150');
  const received = dialog.getByLabel('Amount received');
  await expect(received).toHaveValue(/^\d+\.\d{2}$/);
  await expect(dialog.getByText(/^At 1 USD = [\d.,]+ UAH/)).toBeVisible();
  const dollars = await received.inputValue();
  await dialog.getByRole('button', { name: 'Add transfer' }).click();
  await expect(page.getByText('Transfer of UAH 4,150.00 recorded.')).toBeVisible();
  await expect(row(/^Transfer → Dollars/)).toBeVisible();
  await expect(row(/^Transfer ← Card/)).toContainText(`+US$${dollars}`);

  // Money that leaves the wallet.
  dialog = await openAddDialog(page);
  await dialog.getByRole('radio', { name: 'Transfer' }).click();
  await dialog.getByLabel('To', { exact: true }).selectOption({ label: 'Out of wallet' });
  await dialog.getByLabel('Amount').fill('100');
  await dialog.getByRole('button', { name: 'Add transfer' }).click();
  await expect(page.getByText('Transfer of UAH 100.00 recorded.')).toBeVisible();
  await expect(row(/^Out of wallet/)).toBeVisible();
  await expect(page.getByText('5 transactions')).toBeVisible();

  // The balances moved: 10,000 − 250.50 + 1,000 − 4,150 − 100 on the card.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Card/ })).toContainText('UAH 6,499.50');
  await expect(main.getByRole('link', { name: /^Dollars/ })).toContainText(`US$${dollars}`);

  // Filters: by amount (in each account's currency), then by date.
  await page.goto('/transactions');
  await page.getByLabel('Minimum amount').fill('500');
  await page.getByLabel('Maximum amount').fill('2000');
  await expect(page).toHaveURL(/min=500&max=2000/);
  await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();
  await expect(row(/^Wage, invoices/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByText('5 transactions')).toBeVisible();
  await page.getByLabel('Dates').selectOption('last-month');
  await expect(page.getByText('No transactions match these filters')).toBeVisible();
  await page.getByLabel('Dates').selectOption('this-month');
  await expect(page.getByText('5 transactions')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('No transactions match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();

  // The transfer's amount changes; what arrives follows at the transfer's own rate.
  await row(/^Transfer → Dollars/).click();
  dialog = page.getByRole('dialog', { name: 'Edit transfer' });
  await expect(dialog.getByLabel('Amount received')).toHaveValue(dollars);
  await dialog.getByLabel('Amount sent').fill('8300');
  await expect(dialog.getByLabel('Amount received')).not.toHaveValue(dollars);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction saved.')).toBeVisible();
  await expect(row(/^Transfer → Dollars/)).toContainText('−UAH 8,300.00');

  // Deleting it takes both legs away.
  await row(/^Transfer ← Card/).click();
  dialog = page.getByRole('dialog', { name: 'Edit transfer' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this transfer?' });
  await expect(confirm).toContainText('Both legs of the transfer go');
  await confirm.getByRole('button', { name: 'Delete both legs' }).click();
  await expect(page.getByText('Transfer deleted.')).toBeVisible();
  await expect(page.getByText('3 transactions')).toBeVisible();
  await expect(row(/^Transfer/)).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(main.getByRole('link', { name: /^Card/ })).toContainText('UAH 10,649.50');
  await expect(main.getByRole('link', { name: /^Dollars/ })).toContainText('US$0.00');
});
