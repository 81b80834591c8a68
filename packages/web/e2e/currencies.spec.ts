import { expect, test } from '@playwright/test';
import { createReadyUser, signIn } from './helpers.ts';

test('currencies are added with their rates, one gets a custom rate, the base cannot be removed but can change', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  await page.goto('/settings/currencies');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/settings\/currencies$/);

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

  // No provider quotes gold: amounts in it cannot be converted until the user gives a rate.
  await addCurrency('gold', 'XAU');
  await expect(row('Gold').getByText('No rate — set a custom rate')).toBeVisible();

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

  await row('Hryvnia').getByRole('button', { name: 'Remove UAH' }).click();
  const removeDialog = page.getByRole('alertdialog', { name: 'Remove UAH?' });
  await removeDialog.getByRole('button', { name: 'Remove UAH' }).click();
  await expect(removeDialog.getByRole('alert')).toHaveText(
    'UAH is your base currency. Choose another base currency first.',
  );
  await removeDialog.getByRole('button', { name: 'Close' }).click();
  await expect(row('Hryvnia')).toBeVisible();

  // With nothing to recalculate yet, the new base applies as soon as the change is confirmed.
  await page.getByLabel('Change base currency').selectOption({ label: 'USD · US Dollar' });
  await page.getByRole('button', { name: 'Change…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Change the base currency to USD?' });
  await expect(confirm).toContainText('until it finishes you keep seeing figures in UAH.');
  await confirm.getByRole('button', { name: 'Change to USD' }).click();
  await expect(page.getByText('USD is now your base currency.')).toBeVisible();
  await expect(row('US Dollar')).toContainText('Base');
  await expect(row('Hryvnia')).toContainText('1 UAH = 0.025 USD');
});
