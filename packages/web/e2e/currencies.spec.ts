import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, signIn, signInAt } from './helpers.ts';

/** Reloads until a figure recomputed in the background is shown (the page shows what it loaded). */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 15_000 });
}

test('currencies are added with their rates, one gets a custom rate used in figures, the base cannot be removed but can change', async ({
  page,
  request,
}) => {
  const username = await signInAt(page, request, '/settings/currencies');

  const list = page.getByRole('list', { name: 'Your currencies' });
  const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  await expect(row('Hryvnia')).toContainText('Base');

  async function addCurrency(search: string, code: string) {
    await page.getByRole('button', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a currency' });
    await dialog.getByRole('combobox', { name: 'Search currencies' }).fill(search);
    await dialog.getByRole('option', { name: new RegExp(code) }).click();
    await dialog.getByRole('button', { name: `Add ${code}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${code} added to your currencies.`)).toBeVisible();
  }

  // UAH is there already, so it is not offered again.
  await page.getByRole('button', { name: 'Add currency' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a currency' });
  await addDialog.getByRole('combobox', { name: 'Search currencies' }).fill('hryvnia');
  await expect(addDialog.getByText('No currency matches “hryvnia”.')).toBeVisible();
  await addDialog.getByRole('button', { name: 'Cancel' }).click();

  // The rates emulator quotes the dollar, so it gets a live rate of today.
  await addCurrency('dollar', 'USD');
  const usd = row('US Dollar');
  await expect(usd.getByText('Live', { exact: true })).toBeVisible();
  await expect(usd.getByText(/^1 USD = [\d.,]+ UAH$/)).toBeVisible();

  // Money in dollars, recorded at the provider's rate: a balance and an expense of 15 January.
  const api = await apiAs(request, username);
  const card = await api.createAccount('Card', 'UAH', 100_000);
  const dollars = await api.createAccount('Dollars', 'USD', 10_000);
  await api.record(dollars.id, 'Fines', 1_000, { time: new Date('2026-01-15T12:00:00Z') });
  await api.record(card.id, 'Fines', 4_000, { time: new Date('2026-01-16T12:00:00Z') });

  // No provider quotes the dram: amounts in it cannot be converted until the user gives a rate.
  await addCurrency('dram', 'AMD');
  await expect(row('Armenian Dram').getByText('No rate — set a custom rate')).toBeVisible();

  await usd.getByRole('button', { name: 'Edit USD rate' }).click();
  const rateDialog = page.getByRole('dialog', { name: 'USD exchange rate' });
  await rateDialog.getByRole('switch', { name: 'Use live rate' }).click();
  await rateDialog.getByLabel('1 USD =').fill('40');
  await expect(rateDialog.getByLabel('1 UAH =')).toHaveValue('0.025');
  await rateDialog.getByRole('button', { name: 'Save' }).click();
  await expect(rateDialog).toBeHidden();

  await expect(usd.getByText('Custom', { exact: true })).toBeVisible();
  await expect(usd.getByText('1 USD = 40 UAH')).toBeVisible();
  await expect(usd.getByText('1 UAH = 0.025 USD')).toBeVisible();
  await expect(usd.getByText('for all dates')).toBeVisible();

  // The custom rate is used: the dollar account is worth 90 × 40 hryvnias, and the expense of
  // 15 January is recomputed at it in the background.
  await page.goto('/accounts');
  const dollarsCard = page.getByRole('main').getByRole('link', { name: /^Dollars/ });
  await expect(dollarsCard.getByText('US$90.00')).toBeVisible();
  await expect(dollarsCard.getByText('UAH 3,600.00')).toBeVisible();
  await page.goto('/transactions');
  const dollarExpense = page.getByRole('button').filter({ hasText: '−US$10.00' });
  // Each reload waits for the list (the page's code and data load anew), then reads the amount as it is.
  await reloadUntil(page, async () => {
    await expect(dollarExpense).toBeVisible();
    await expect(dollarExpense).toContainText('−UAH 400.00', { timeout: 1000 });
  });
  await page.goto('/settings/currencies');

  // The base is not offered for removal; the row says why.
  await expect(row('Hryvnia').getByRole('button', { name: 'Remove UAH' })).toHaveCount(0);
  await expect(row('Hryvnia')).toContainText('The base currency can’t be removed; choose another base first.');

  // The transactions are recalculated in the background; the new base applies once that is done.
  await page.getByLabel('Change base currency').selectOption({ label: 'USD · US Dollar' });
  await page.getByRole('button', { name: 'Change…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Change the base currency to USD?' });
  await expect(confirm).toContainText('until it finishes you keep seeing figures in UAH.');
  await confirm.getByRole('button', { name: 'Change to USD' }).click();
  await expect(page.getByText('USD is now your base currency.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeHidden();
  await expect(row('US Dollar')).toContainText('Base');
  await expect(row('Hryvnia')).toContainText('1 UAH = 0.025 USD');

  // The hryvnia expense is now shown in dollars too, at the custom rate: 40 UAH = 1 USD.
  await page.goto('/transactions');
  await expect(page.getByRole('button').filter({ hasText: '−UAH 40.00' })).toContainText('−US$1.00');
});

test('offline: currencies no provider quotes, rated against the base and against each other, become the base', async ({
  page,
  request,
}) => {
  const username = await signInAt(page, request, '/settings/currencies');
  const list = page.getByRole('list', { name: 'Your currencies' });
  const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });

  // Whether the providers answer is said plainly, one line each.
  const providers = page.getByRole('region', { name: 'Exchange-rate providers' });
  await expect(providers).toContainText('National Bank of Ukraine:');
  await expect(providers).toContainText('European Central Bank (Frankfurter):');

  for (const [search, code] of [
    ['dram', 'AMD'],
    ['uzbek', 'UZS'],
  ]) {
    await page.getByRole('button', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a currency' });
    await dialog.getByRole('combobox', { name: 'Search currencies' }).fill(search ?? '');
    await dialog.getByRole('option', { name: new RegExp(`^${code}`) }).click();
    await dialog.getByRole('button', { name: `Add ${code}` }).click();
    await expect(dialog).toBeHidden();
  }

  // The dram in hryvnias, from its row: no live rate to follow.
  await row('Armenian Dram').getByRole('button', { name: 'Edit AMD rate' }).click();
  const amdDialog = page.getByRole('dialog', { name: 'AMD exchange rate' });
  await expect(amdDialog.getByRole('switch', { name: 'Use live rate' })).toBeDisabled();
  await amdDialog.getByLabel('1 AMD =').fill('0.1');
  await amdDialog.getByRole('button', { name: 'Save' }).click();
  await expect(amdDialog).toBeHidden();

  // The sum in drams: a pair without the base.
  await page.getByRole('button', { name: 'Set a rate' }).click();
  const pairDialog = page.getByRole('dialog', { name: 'Exchange rate' });
  await pairDialog.getByLabel('One unit of').selectOption('UZS');
  await pairDialog.getByLabel('Is worth, in').selectOption('AMD');
  await pairDialog.getByLabel('1 UZS =').fill('0.5');
  await pairDialog.getByRole('button', { name: 'Save' }).click();
  await expect(pairDialog).toBeHidden();
  await expect(page.getByText('Custom rate saved: 1 UZS = 0.5 AMD.')).toBeVisible();
  // Through the dram, the sum has a value in hryvnias: 0.5 × 0.1.
  await expect(row('Uzbekistan Sum')).toContainText('1 UZS = 0.05 UAH');

  const api = await apiAs(request, username);
  const sums = await api.createAccount('Sums', 'UZS', 100_000);
  await api.record(sums.id, 'Fines', 10_000, { time: new Date('2026-01-15T12:00:00Z') });

  await page.getByLabel('Change base currency').selectOption({ label: 'AMD · Armenian Dram' });
  await page.getByRole('button', { name: 'Change…' }).click();
  await page
    .getByRole('alertdialog', { name: 'Change the base currency to AMD?' })
    .getByRole('button', { name: 'Change to AMD' })
    .click();
  await expect(page.getByText('AMD is now your base currency.')).toBeVisible();
  await expect(row('Armenian Dram')).toContainText('Base');
  await expect(row('Uzbekistan Sum')).toContainText('1 UZS = 0.5 AMD');
});

test('a failed base change can be dismissed, and stays dismissed after a reload', async ({ page, request }) => {
  const username = await createReadyUser(request, 'UAH');
  const api = await apiAs(request, username);
  const wallet = await api.createAccount('Wallet', 'UAH', 100_000);
  await api.record(wallet.id, 'Fines', 1_000);
  await page.goto('/settings/currencies');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/settings\/currencies$/);

  // Nothing rates the hryvnia in drams: the change stops, and says so.
  await page.getByRole('button', { name: 'Add currency' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a currency' });
  await dialog.getByRole('combobox', { name: 'Search currencies' }).fill('dram');
  await dialog.getByRole('option', { name: /^AMD/ }).click();
  await dialog.getByRole('button', { name: 'Add AMD' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Change base currency').selectOption({ label: 'AMD · Armenian Dram' });
  await page.getByRole('button', { name: 'Change…' }).click();
  await page
    .getByRole('alertdialog', { name: 'Change the base currency to AMD?' })
    .getByRole('button', { name: 'Change to AMD' })
    .click();
  const banner = page.getByText(/Changing the base currency to AMD failed/);
  await expect(banner).toBeVisible();

  await page.reload();
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your currencies' })).toBeVisible();
  await expect(banner).toBeHidden();
});
