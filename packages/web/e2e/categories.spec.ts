import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, PASSWORD, signIn, signInAt } from './helpers.ts';

test('a subcategory is added, and a category in use is deleted once its contents have somewhere to go', async ({
  page,
  request,
}) => {
  await signInAt(page, request, '/settings/categories');
  const list = page.getByRole('list', { name: 'Categories' });
  await expect(list.getByText('Food & Drinks')).toBeVisible();

  // Add a subcategory: it takes the colour of its parent and is kept by the server.
  await page.getByRole('button', { name: 'Actions for Food & Drinks' }).click();
  await page.getByRole('menuitem', { name: 'Add subcategory' }).click();
  const add = page.getByRole('dialog', { name: 'New subcategory of “Food & Drinks”' });
  await add.getByLabel('Name').fill('Street food');
  await expect(add.getByLabel('Hex colour')).toHaveValue('#e74c3c');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Category “Street food” added.')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Expand Food & Drinks' }).click();
  await expect(
    page.getByRole('list', { name: 'Subcategories of Food & Drinks' }).getByText('Street food'),
  ).toBeVisible();

  // The search keeps the parents of what it finds.
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('street');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Food & Drinks')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('');

  // Vehicle has subcategories: the server refuses, and says so.
  await page.getByRole('button', { name: 'Actions for Vehicle' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete “Vehicle”?' });
  await remove.getByRole('button', { name: 'Delete category' }).click();
  await expect(remove.getByRole('alert')).toContainText('has 6 subcategories');

  // Its children go to Other, then it goes.
  const target = remove.getByLabel('Move its subcategories and transactions to…');
  await expect(target.locator('option:checked')).toHaveText('Other');
  await remove.getByRole('button', { name: 'Move and delete' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('“Vehicle” deleted; what it held is now in “Other”.')).toBeVisible();
  await expect(list.getByText('Vehicle', { exact: true })).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: 'Expand Other' }).click();
  const other = page.getByRole('list', { name: 'Subcategories of Other' });
  for (const name of ['Fuel', 'Parking', 'Leasing']) await expect(other.getByText(name, { exact: true })).toBeVisible();
});

test('a category with a transaction is refused with the reason, then deleted once its transaction has moved', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  const wallet = await api.createAccount('Wallet', 'UAH', 100_000);
  await api.record(wallet.id, 'Fines', 25_000);

  await page.goto('/settings/categories');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/settings\/categories$/);
  await page.getByRole('button', { name: 'Expand Financial expenses' }).click();
  await page.getByRole('button', { name: 'Actions for Fines' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete “Fines”?' });
  await remove.getByRole('button', { name: 'Delete category' }).click();
  await expect(remove.getByRole('alert')).toContainText(
    '"Fines" has 1 transaction. Move it to another category first.',
  );

  // Its transaction goes to Other, offered first; then the category goes.
  await expect(remove.getByLabel('Move its subcategories and transactions to…').locator('option:checked')).toHaveText(
    'Other',
  );
  await remove.getByRole('button', { name: 'Move and delete' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('“Fines” deleted; what it held is now in “Other”.')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Expand Financial expenses' }).click();
  await expect(page.getByRole('list', { name: 'Subcategories of Financial expenses' })).not.toContainText('Fines');

  // The server agrees: the transaction is in Other now.
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).response.token}` };
  const categories = (await (await request.get('/api/v1/categories', { headers })).json()).response as Array<{
    id: number;
    name: string;
  }>;
  const transactions = (await (await request.get('/api/v1/transactions', { headers })).json()).response as Array<{
    categoryId: number;
  }>;
  expect(transactions.map((transaction) => transaction.categoryId)).toEqual([
    categories.find((category) => category.name === 'Other')?.id,
  ]);
});

test.describe('on a phone in Ukrainian', () => {
  test.use({ locale: 'uk-UA', viewport: { width: 390, height: 844 } });

  test('Settings → Categories fits the width, and the tab bar, the heading and the tab title name Settings alike', async ({
    page,
    request,
  }) => {
    const username = await createReadyUser(request);
    await (await apiAs(request, username)).saveSettings({ locale: 'uk' });
    await page.goto('/settings/categories');
    await page.getByLabel('Ім’я користувача').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Увійти' }).click();

    await expect(page.getByRole('button', { name: 'Додати категорію' })).toBeInViewport({ ratio: 1 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.scrollingElement ?? document.documentElement;
      return { scrollWidth, clientWidth };
    });
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    const settings = page.getByRole('navigation', { name: 'Головне' }).getByRole('link', { name: 'Параметри' });
    await expect(settings).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Параметри' })).toBeVisible();
    await expect(page).toHaveTitle('Категорії · Параметри · Kopiyka');
  });
});
