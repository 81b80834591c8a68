import { expect, type Locator, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { chooseCategory, createReadyUser, signIn, signInAt, widget } from './helpers.ts';

const monthName = (date: Date) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(date);

/** The value axis labels of the chart in `scope`, top to bottom as the axis reads. */
const valueLabels = async (scope: Locator) =>
  (await scope.locator('[data-part="value-axis"] text').allTextContents())
    .map((label) => label.replaceAll('\u00a0', ' '))
    .reverse();

test('dashboard: one checklist for a new user, ticked as the steps are taken', async ({ page, request }) => {
  const username = await signInAt(page, request, '/dashboard');
  const checklist = page.getByRole('list', { name: 'Getting started' });
  const step = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
  await expect(step('Choose a base currency')).toContainText('Done:');
  await expect(step('Add your first account')).toContainText('To do:');
  await expect(step('Record your first transaction')).toContainText('To do:');
  await expect(step('Connect your bank (optional)')).toContainText('To do:');
  // The checklist is the one call to action: the widgets only say what will be there.
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /account/i })).toHaveCount(1);
  await expect(main.getByRole('button', { name: 'Connect Monobank' })).toHaveCount(1);
  await expect(widget(page, 'Total balance')).toContainText('No accounts yet');
  await expect(widget(page, 'Total balance').getByRole('link')).toHaveCount(0);

  await step('Add your first account').getByRole('link', { name: 'Add account' }).click();
  await expect(page).toHaveURL(/\/create-account$/);
  const api = await apiAs(request, username);
  await api.createAccount('Savings', 'UAH', 9_000_000);
  await page.goto('/dashboard');
  await expect(step('Add your first account')).toContainText('Done:');
  await expect(step('Record your first transaction')).toContainText('To do:');
  // The balance is flat: its axis names it once.
  const trend = widget(page, 'Balance trend');
  await expect(trend.getByRole('img', { name: /^Daily total balance/ })).toBeVisible();
  await expect.poll(() => valueLabels(trend)).toEqual(['UAH 90k']);

  await step('Record your first transaction').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Amount').fill('12500');
  await chooseCategory(page, dialog, 'Groceries');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  // Every core step done: the checklist goes, the figures come.
  await expect(checklist).toBeHidden();
  await expect(widget(page, 'Total balance')).toContainText('UAH 77,500.00');
  await expect(widget(page, 'Latest records').getByRole('button', { name: /^Groceries/ })).toBeVisible();
});

test("account page: the balance trend from the account's first day, in steps, with distinct labels", async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  const api = await apiAs(request, username);
  const card = await api.createAccount('Card', 'UAH', 9_000_000);
  await page.goto(`/account/${card.id}`);
  await signIn(page, username);
  const trend = widget(page, 'Balance trend');
  // All its history is one day, today: still a chart, its balance named once.
  await trend.getByRole('radio', { name: 'All' }).click();
  await expect(
    trend.getByRole('img', { name: /^Balance of Card over all its history: UAH\s90,000\.00 on [^,]+$/ }),
  ).toBeVisible();
  await expect.poll(() => valueLabels(trend)).toEqual(['UAH 90k']);

  // An expense today: the month before holds its balance, then steps down on the day.
  await api.record(card.id, 'Groceries', 1_250_000);
  await page.reload();
  await trend.getByRole('radio', { name: '1M' }).click();
  await expect(trend.getByRole('img', { name: /over the last month: .*UAH\s77,500\.00 on/ })).toBeVisible();
  await expect.poll(async () => (await valueLabels(trend)).length).toBeGreaterThan(1);
  const labels = await valueLabels(trend);
  expect(new Set(labels).size).toBe(labels.length);
  const line = (await trend.locator('[data-part="balance-line"]').getAttribute('d')) ?? '';
  // Straight level and upright segments only: no curve, no ramp.
  expect(line).toMatch(/^M[^A-Za-z]+(L[^A-Za-z]+)+$/);
  const corners = line
    .slice(1)
    .split('L')
    .map((pair) => pair.split(',').map(Number));
  corners.slice(1).forEach(([x, y], i) => {
    const [previousX, previousY] = corners[i] as number[];
    expect(x === previousX || y === previousY).toBe(true);
  });
});

test('dashboard: figures of this month and the last, and their refresh after a new expense', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  const api = await apiAs(request, username);
  const card = await api.createAccount('Card', 'UAH', 1_000_000);
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15, 12);
  await api.record(card.id, 'Wage, invoices', 100_000, { income: true, time: lastMonth });
  await api.record(card.id, 'Restaurants, fast food', 20_000, { time: lastMonth });
  await api.record(card.id, 'Groceries', 25_000);
  await api.record(card.id, 'Taxi', 10_000);

  await page.goto('/dashboard');
  await signIn(page, username);
  // 10,000 + 1,000 − 200 − 250 − 100; at the end of last month it was 10,800.
  const total = widget(page, 'Total balance');
  await expect(total).toContainText('UAH 10,450.00');
  await expect(total).toContainText(`−UAH 350.00(−3.2%)since the end of ${monthName(lastMonth)}`);

  const expenses = widget(page, 'Expenses structure');
  const legend = expenses.getByRole('list', { name: 'Expenses by category' });
  await expect(legend.getByRole('listitem')).toHaveText(['Food & Drinks71%UAH 250.00', 'Transportation29%UAH 100.00']);
  await expect(expenses).toContainText('UAH 350.00');
  await expect(widget(page, 'Latest records').getByRole('button', { name: /^Groceries/ })).toBeVisible();
  await expect(widget(page, 'Balance trend').getByRole('img', { name: /^Daily total balance/ })).toBeVisible();
  await expect(widget(page, 'Cash flow').getByRole('img', { name: /^Income and expenses by month/ })).toBeVisible();

  // A new expense moves the figures without a reload.
  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Amount').fill('50');
  await chooseCategory(page, dialog, 'Taxi');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(total).toContainText('UAH 10,400.00');
  await expect(legend.getByRole('listitem')).toHaveText(['Food & Drinks63%UAH 250.00', 'Transportation38%UAH 150.00']);

  // Editing it moves them again, still without a reload: 50 becomes 120. (The form keeps minutes,
  // so the new expense may sort after the taxi recorded through the API this same minute.)
  const records = widget(page, 'Latest records');
  await records.getByRole('button', { name: /^Taxi/ }).filter({ hasText: 'UAH 50.00' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await expect(edit.getByLabel('Amount')).toHaveValue('50.00');
  await edit.getByLabel('Amount').fill('120');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(total).toContainText('UAH 10,330.00');
  await expect(legend.getByRole('listitem')).toHaveText(['Food & Drinks53%UAH 250.00', 'Transportation47%UAH 220.00']);

  // Deleting it takes it out of every figure.
  await records.getByRole('button', { name: /^Taxi/ }).filter({ hasText: 'UAH 120.00' }).click();
  await page.getByRole('dialog', { name: 'Edit expense' }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this transaction?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(total).toContainText('UAH 10,450.00');
  await expect(legend.getByRole('listitem')).toHaveText(['Food & Drinks71%UAH 250.00', 'Transportation29%UAH 100.00']);
  await expect(records.getByRole('button', { name: /^Taxi/ })).toHaveCount(1);

  // The month before: its own figures, and the address says which month.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}$/);
  await expect(page.getByText(monthName(lastMonth), { exact: true })).toBeVisible();
  await expect(total).toContainText('UAH 10,800.00');
  await expect(total).toContainText(`At the end of ${monthName(lastMonth)}`);
  await expect(legend.getByRole('listitem')).toHaveText(['Food & Drinks100%UAH 200.00']);
  await expect(page.getByRole('button', { name: 'Next month' })).toBeEnabled();
});
