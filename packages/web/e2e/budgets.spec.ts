import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, signIn } from './helpers.ts';

test('budgets: create one, watch it fill up and go over, take a transaction out', async ({ page, request }) => {
  const username = await createReadyUser(request, 'UAH');
  const api = await apiAs(request, username);
  const card = await api.createAccount('Card', 'UAH', 1_000_000);

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

  // An expense in a subcategory of its category joins by itself.
  await api.record(card.id, 'Groceries', 40_000);
  await page.reload();
  await expect(budget).toContainText('UAH 400.00 of UAH 1,000.00');
  await expect(bar).toHaveAttribute('aria-valuenow', '40000');
  await expect(budget.getByText('Over limit')).toHaveCount(0);

  await api.record(card.id, 'Restaurants, fast food', 70_000);
  await page.reload();
  await expect(budget).toContainText('UAH 1,100.00 of UAH 1,000.00');
  await expect(budget.getByText('Over limit')).toBeVisible();
  await expect(budget).toContainText('Over by UAH 100.00');

  // Taking the restaurant out brings it back under the limit.
  await budget.getByRole('link', { name: 'Food' }).click();
  await expect(page).toHaveURL(/\/budgets\/\d+$/);
  const transactions = page.getByRole('list', { name: 'Budget transactions' });
  await transactions.getByRole('checkbox', { name: /^Choose Restaurants, fast food/ }).check();
  await page.getByRole('button', { name: 'Remove from budget' }).click();
  await expect(page.getByText('1 transaction removed from the budget.')).toBeVisible();
  await expect(transactions.getByRole('button', { name: /^Restaurants/ })).toHaveCount(0);
  const figures = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Figures' }) });
  await expect(figures.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40000');
  await expect(figures).toContainText('Remaining');
  await expect(figures).toContainText('UAH 600.00');
});
