import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, signIn, signInAt } from './helpers.ts';

/**
 * Adds a currency and gives it a custom rate on the currencies page, so amounts in it have a known
 * value in the base currency whether or not a rates provider answers.
 */
async function addCurrencyWithCustomRate(page: Page, search: string, code: string, rate: string) {
  await page.goto('/settings/currencies');
  await page.getByRole('button', { name: 'Add currency' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a currency' });
  await addDialog.getByRole('combobox', { name: 'Search currencies' }).fill(search);
  await addDialog.getByRole('option', { name: new RegExp(`^${code}`) }).click();
  await addDialog.getByRole('button', { name: `Add ${code}` }).click();
  await expect(addDialog).toBeHidden();

  await page.getByRole('button', { name: `Edit ${code} rate` }).click();
  const rateDialog = page.getByRole('dialog', { name: `${code} exchange rate` });
  const live = rateDialog.getByRole('switch', { name: 'Use live rate' });
  if ((await live.getAttribute('aria-checked')) === 'true') await live.click();
  await rateDialog.getByLabel(`1 ${code} =`).fill(rate);
  await rateDialog.getByRole('button', { name: 'Save' }).click();
  await expect(rateDialog).toBeHidden();
}

test('a manual account in a foreign currency: created, shown with both balances, renamed, hidden, grouped, deleted', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await addCurrencyWithCustomRate(page, 'euro', 'EUR', '45');

  // Create: validation speaks before anything is sent.
  await page.goto('/accounts');
  await expect(page.getByText('Add the places you keep money in', { exact: false })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Add account' }).click();
  await expect(page).toHaveURL(/\/create-account$/);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Euro travel');
  await page.getByLabel('Currency').selectOption({ label: 'EUR · Euro' });
  await page.getByRole('main').getByText('Savings', { exact: true }).click();
  await page.getByLabel('Opening balance').fill('1 234,56');
  // Sent from the bottom of a phone's screen, the form leads to the account's page at its top.
  await page.setViewportSize({ width: 390, height: 640 });
  await page.getByRole('button', { name: 'Create account' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account\/\d+$/);
  await expect(page.getByText('Account “Euro travel” created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  const accountUrl = page.url();
  const header = page.getByRole('main').locator('section').first();
  await expect(header.getByText('€1,234.56').first()).toBeVisible();
  // 1,234.56 EUR at the custom 45 UAH.
  await expect(header.getByText('UAH 55,555.20')).toBeVisible();

  // Both balances on the list.
  await page.goto('/accounts');
  const card = page.getByRole('main').getByRole('link', { name: /Euro travel/ });
  await expect(card.getByText('€1,234.56')).toBeVisible();
  await expect(card.getByText('UAH 55,555.20')).toBeVisible();
  await expect(page.getByRole('main').getByText('UAH 55,555.20').first()).toBeVisible();

  // Rename in place.
  await card.click();
  await page.getByRole('button', { name: 'Account name: Euro travel. Rename' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Euro travel fund');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Account name: Euro travel fund. Rename' })).toBeVisible();

  // Hide: dimmed and tagged on the list.
  await page.getByRole('switch', { name: 'Show this account' }).click();
  await expect(page.getByText('Account hidden.')).toBeVisible();
  await page.goto('/accounts');
  const hidden = page.getByRole('main').getByRole('link', { name: /Euro travel fund/ });
  await expect(hidden).toHaveClass(/opacity-60/);
  await expect(hidden.getByText('Hidden')).toBeVisible();

  // Group it, in a group made for it.
  await page.goto('/settings/accounts');
  await page.getByRole('button', { name: 'New group' }).click();
  const newGroup = page.getByRole('dialog', { name: 'New group' });
  await newGroup.getByLabel('Name').fill('Travel');
  await newGroup.getByRole('button', { name: 'Create group' }).click();
  await expect(newGroup).toBeHidden();
  await page.getByRole('button', { name: 'Actions for the account Euro travel fund' }).click();
  await page.getByRole('menuitem', { name: 'Move to group…' }).click();
  const move = page.getByRole('dialog', { name: 'Move “Euro travel fund” to a group' });
  await move.getByLabel('Group').selectOption({ label: 'Travel' });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByRole('list', { name: 'Accounts in Travel' }).getByText('Euro travel fund')).toBeVisible();
  await page.goto('/accounts');
  await expect(
    page.getByRole('region', { name: /^Travel/ }).getByRole('link', { name: /Euro travel fund/ }),
  ).toBeVisible();

  // Delete, by typing the name.
  await page.goto(accountUrl);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Euro travel fund”?' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete account' });
  await confirm.getByLabel(/to confirm/).fill('Euro travel');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill('Euro travel fund');
  await deleteButton.click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByText('Account “Euro travel fund” deleted.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Add your first account').first()).toBeVisible();
});

test('an account of any category can have a credit limit, which is not counted as its own money', async ({
  page,
  request,
}) => {
  await signInAt(page, request, '/create-account');
  // Exact: until the new page has replaced the sign-in form, "Name" would also find its "Username".
  await page.getByLabel('Name', { exact: true }).fill('Wallet');
  await page.getByLabel('Opening balance').fill('500');
  await page.getByLabel('Credit limit (optional)').fill('200');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account\/\d+$/);
  const header = page.getByRole('main').locator('section').first();
  await expect(header.getByText('Credit limit')).toBeVisible();
  await expect(header.getByText('UAH 200.00')).toBeVisible();
  await expect(header.getByText('UAH 300.00')).toBeVisible();
});

test('a currency without a rate: the rate is set right in the create form, which keeps what was typed', async ({
  page,
  request,
}) => {
  await signInAt(page, request, '/create-account');
  await page.getByLabel('Name', { exact: true }).fill('Dram cash');
  // No provider quotes the dram.
  await page.getByLabel('Currency').selectOption({ label: 'Another currency…' });
  await page.getByRole('combobox', { name: 'Search currencies' }).fill('dram');
  await page.getByRole('option', { name: /^AMD/ }).click();
  await page.getByLabel('Opening balance').fill('5000');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/No exchange rate for AMD → UAH/)).toBeVisible();

  await page.getByRole('button', { name: 'Set the AMD rate' }).click();
  const rateDialog = page.getByRole('dialog', { name: 'AMD exchange rate' });
  const live = rateDialog.getByRole('switch', { name: 'Use live rate' });
  await expect(live).toBeDisabled();
  await expect(live).toHaveAttribute('aria-checked', 'false');
  await rateDialog.getByLabel('1 AMD =').fill('0.1');
  await rateDialog.getByRole('button', { name: 'Save' }).click();
  await expect(rateDialog).toBeHidden();
  await expect(page.getByText(/No exchange rate for AMD → UAH/)).toBeHidden();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dram cash');
  await expect(page.getByLabel('Opening balance')).toHaveValue('5000');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/\d+$/);
  const header = page.getByRole('main').locator('section').first();
  // 5,000 drams at 0.1 hryvnia.
  await expect(header.getByText('UAH 500.00')).toBeVisible();
});

test('a balance given on an earlier day: later transactions move the current balance, the opening one is edited on the account page', async ({
  page,
  request,
}) => {
  const username = await signInAt(page, request, '/create-account');
  await page.getByLabel('Name', { exact: true }).fill('Savings box');
  await page.getByLabel('Balance on').fill('2020-03-01');
  await page.getByLabel('Opening balance').fill('1000');
  await expect(page.getByText(/What it held at the start of 1 Mar 2020/)).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/\d+$/);
  const accountId = Number(page.url().split('/').at(-1));

  // Spent after the opening day: out of the current balance, not the opening one.
  const api = await apiAs(request, username);
  await api.record(accountId, 'Fines', 10_000, { time: new Date(2021, 0, 10, 12) });
  await page.reload();
  const details = page.getByRole('main').locator('section').filter({ hasText: 'Details' });
  const setting = (label: string) =>
    details.locator('div.py-4').filter({ has: page.getByText(label, { exact: true }) });
  const opening = setting('Opening balance');
  const current = setting('Current balance');
  await expect(opening).toContainText('On 1 Mar 2020.');
  await expect(opening).toContainText('UAH 1,000.00');
  await expect(current).toContainText('UAH 900.00');

  await opening.getByRole('button', { name: 'Change opening balance' }).click();
  await page.getByRole('textbox', { name: 'Opening balance' }).fill('1200');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Opening balance updated.')).toBeVisible();
  await expect(opening).toContainText('UAH 1,200.00');
  await expect(current).toContainText('UAH 1,100.00');
});
