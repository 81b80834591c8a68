import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { chooseCategory, createReadyUser, signIn } from './helpers.ts';

/** Records an expense through the header's "Add transaction" dialog, as the user would. */
async function addExpense(page: Page, amount: string, category: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Amount').fill(amount);
  await chooseCategory(page, dialog, category);
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

test('a monthly budget that carries over: made from last month, this month’s figures, then last month’s', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  const api = await apiAs(request, username);
  await api.saveSettings({ timeZone: 'Europe/Kyiv' });
  const card = await api.createAccount('Card', 'UAH', 1_000_000);
  // The browser's clock stands at 15 November 2025 in Kyiv: October spent 600.00, November 300.00 so far.
  await api.record(card.id, 'Groceries', 60_000, { time: new Date('2025-10-10T09:00:00.000Z') });
  await api.record(card.id, 'Groceries', 30_000, { time: new Date('2025-11-05T09:00:00.000Z') });
  await page.clock.setFixedTime(new Date('2025-11-15T10:00:00.000Z'));

  await page.goto('/budgets');
  await signIn(page, username);
  await page.getByRole('button', { name: 'Create your first budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'New budget' });
  await dialog.getByLabel('Name').fill('Groceries');
  await dialog.getByLabel('Limit').fill('1000');
  await dialog.getByRole('switch', { name: 'Repeats every month' }).click();
  await expect(dialog.getByLabel('Ends')).toHaveCount(0);
  const firstMonth = dialog.getByRole('group', { name: 'First month' });
  await expect(firstMonth).toContainText('November 2025');
  await firstMonth.getByRole('button', { name: 'Previous month' }).click();
  await expect(firstMonth).toContainText('October 2025');
  await dialog.getByRole('switch', { name: 'Carry over what is left (or overspent) into the next month' }).click();
  await dialog.getByLabel('Categories').click();
  await page.getByRole('listbox', { name: 'Categories' }).getByRole('option', { name: 'Food & Drinks' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Create budget' }).click();
  await expect(page.getByText('Budget “Groceries” created.')).toBeVisible();

  // This month allows its limit and the 400.00 October left.
  const budget = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('link', { name: 'Groceries' }) });
  await expect(budget).toContainText('Every month from 1 Oct 2025');
  await expect(budget).toContainText('November 2025');
  await expect(budget).toContainText('UAH 300.00 of UAH 1,400.00');
  await expect(budget).toContainText('Left: UAH 1,100.00 · Carried over: +UAH 400.00');

  await budget.getByRole('link', { name: 'Groceries' }).click();
  const figures = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Figures' }) });
  const figure = (label: string) => figures.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(figure('Remaining')).toHaveText('UAH 1,100.00');
  await expect(figure('Carried over')).toHaveText('UAH 400.00');
  await expect(figures.getByRole('button', { name: 'Next month' })).toBeDisabled();

  // October, its first month: nothing carried in, 600.00 spent, and no month before it.
  await figures.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/\/budgets\/\d+\?month=2025-10$/);
  await expect(figures).toContainText('October 2025');
  await expect(figure('Spent')).toHaveText('UAH 600.00');
  await expect(figure('Remaining')).toHaveText('UAH 400.00');
  await expect(figure('Carried over')).toHaveText('UAH 0.00');
  await expect(figures.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  const list = page.getByRole('main').getByRole('list', { name: 'Transactions' });
  await expect(list.getByRole('button', { name: /^Groceries/ })).toHaveCount(1);
  await expect(list).toContainText('10 Oct 2025');

  // The dashboard says what is left this month.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const widget = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Budgets', exact: true }) });
  await expect(widget.getByRole('listitem').filter({ hasText: 'Groceries' })).toContainText('UAH 1,100.00 left');
});
