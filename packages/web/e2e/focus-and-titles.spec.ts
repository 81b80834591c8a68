import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, PASSWORD, signIn } from './helpers.ts';

test('a dialog gives the focus back to what opened it, a menu item’s dialog to the menu’s button', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  await (await apiAs(request, username)).createAccount('Cash', 'UAH');
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const add = page.getByRole('banner').getByRole('button', { name: 'Add transaction' });
  await add.click();
  await expect(page.getByRole('dialog', { name: 'New transaction' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(add).toBeFocused();

  await page.goto('/settings/categories');
  const actions = page.getByRole('button', { name: 'Actions for Food & Drinks' });
  await actions.click();
  await page.getByRole('menuitem', { name: /Rename|Edit/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();

  await actions.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(actions).toBeFocused();
});

test('the browser tab names the page, and the thing a page is about', async ({ page, request }) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  const cash = await api.createAccount('Cash', 'UAH');
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page).toHaveTitle('Dashboard · Kopiyka');

  await page.goto(`/account/${cash.id}`);
  await expect(page).toHaveTitle('Cash · Accounts · Kopiyka');
  await page.goto('/settings/currencies');
  await expect(page).toHaveTitle('Currencies · Settings · Kopiyka');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { token } = (await login.json()).response as { token: string };
  const made = await request.post('/api/v1/budgets', {
    data: { name: 'Groceries' },
    headers: { Authorization: `Bearer ${token}` },
  });
  const budget = (await made.json()).response as { id: number };
  await page.goto(`/budgets/${budget.id}`);
  await expect(page).toHaveTitle('Groceries · Budgets · Kopiyka');
  await page.getByRole('link', { name: 'All budgets' }).click();
  await expect(page).toHaveTitle('Budgets · Kopiyka');
});
