import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, signIn } from './helpers.ts';

/** Records an expense through the header's "Add transaction" dialog, as the user would. */
async function addExpense(page: Page, amount: string, category: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Category').click();
  await page.getByRole('combobox', { name: 'Search categories' }).fill(category);
  await page.getByRole('listbox', { name: 'Categories' }).getByRole('option', { name: category, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
}

test('budgets: create one, watch it fill up and go over, take a transaction out and add it back', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  const api = await apiAs(request, username);
  await api.createAccount('Card', 'UAH', 1_000_000);

  await page.goto('/budgets');
  await signIn(page, username);
  await expect(page.getByText('No budgets yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create your first budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'New budget' });
  await dialog.getByLabel('Name').fill('Food');
  await dialog.getByLabel('Limit').fill('1000');
  // This month is the preset chosen to start with.
  await expect(dialog.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Categories').click();
  await page.getByRole('listbox', { name: 'Categories' }).getByRole('option', { name: 'Food & Drinks' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Create budget' }).click();
  await expect(page.getByText('Budget “Food” created.')).toBeVisible();

  const budget = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('link', { name: 'Food' }) });
  const bar = budget.getByRole('progressbar');
  await expect(budget).toContainText('UAH 0.00 of UAH 1,000.00');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  // An expense in a subcategory of its category, added in the app, joins by itself: no reload.
  await addExpense(page, '400', 'Groceries');
  await expect(budget).toContainText('UAH 400.00 of UAH 1,000.00');
  await expect(bar).toHaveAttribute('aria-valuenow', '40000');
  await expect(budget.getByText('Over limit')).toHaveCount(0);

  await addExpense(page, '700', 'Restaurants, fast food');
  await expect(budget).toContainText('UAH 1,100.00 of UAH 1,000.00');
  await expect(budget.getByText('Over limit')).toBeVisible();
  await expect(budget).toContainText('Over by UAH 100.00');

  // Taking the restaurant out brings it back under the limit.
  await budget.getByRole('link', { name: 'Food' }).click();
  await expect(page).toHaveURL(/\/budgets\/\d+$/);
  const transactions = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Transactions', exact: true }) });
  const list = transactions.getByRole('list', { name: 'Transactions' });
  await list.getByRole('checkbox', { name: /^Choose Restaurants, fast food/ }).check();
  await transactions.getByRole('button', { name: 'Remove from budget' }).click();
  await expect(page.getByText('1 transaction removed from the budget.')).toBeVisible();
  await expect(list.getByRole('button', { name: /^Restaurants/ })).toHaveCount(0);
  const figures = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Figures' }) });
  await expect(figures.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40000');
  await expect(figures).toContainText('Remaining');
  await expect(figures).toContainText('UAH 600.00');

  // The picker offers what is not in the budget (the restaurant now), found by the server.
  await transactions.getByRole('button', { name: 'Add transactions' }).click();
  const picker = page.getByRole('dialog', { name: 'Add transactions' });
  const offered = picker.getByRole('list', { name: 'Transactions to add' });
  await expect(offered.getByRole('checkbox')).toHaveCount(1);
  await expect(offered.getByRole('button', { name: /^Groceries/ })).toHaveCount(0);
  await offered.getByRole('checkbox', { name: /^Choose Restaurants, fast food/ }).check();
  await picker.getByRole('button', { name: 'Add 1 transaction' }).click();
  await expect(page.getByText('1 transaction added to the budget.')).toBeVisible();
  await expect(list.getByRole('button', { name: /^Restaurants/ })).toBeVisible();
  // Over the limit again: the bar stays full and says by how much.
  await expect(figures.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '110% of the limit spent');
});
