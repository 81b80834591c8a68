import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, PASSWORD, signIn, uniqueUsername } from './helpers.ts';

/** Intl puts no-break spaces between groups and before the currency sign. */
const UAH_1234_56_UK = /1\s234,56\s₴/;

test.describe('a browser set to Ukrainian', () => {
  test.use({ locale: 'uk-UA' });

  test('gets sign-in and sign-up in Ukrainian, and a new user’s categories are named in it', async ({
    page,
    request,
  }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'З поверненням' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByRole('radio', { name: 'Українська' })).toBeChecked();

    await page.getByRole('link', { name: 'Створити обліковий запис' }).click();
    // Sign-in stays on screen until sign-up's code has come: its fields are the same.
    await expect(page.getByRole('heading', { name: 'Створіть обліковий запис' })).toBeVisible();
    const username = uniqueUsername();
    await page.getByLabel('Ім’я користувача').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill('short');
    await page.getByLabel('Ім’я користувача').focus();
    // The shared schema's message, in Ukrainian with its plural form.
    await expect(page.getByText('Пароль має містити щонайменше 8 символів')).toBeVisible();
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Створити обліковий запис' }).click();
    await expect(page).toHaveURL(/\/welcome$/);

    const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
    const headers = { Authorization: `Bearer ${(await login.json()).response.token}` };
    const categories = (await (await request.get('/api/v1/categories', { headers })).json()).response as Array<{
      name: string;
    }>;
    expect(categories.map((category) => category.name)).toEqual(expect.arrayContaining(['Їжа та напої', 'Продукти']));
    const settings = (await (await request.get('/api/v1/user/settings', { headers })).json()).response;
    expect(settings.locale).toBe('uk');
  });

  test('names its language and describes itself in it before the app’s code has come', async ({ page }) => {
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /особистих фінансів/);
  });

  test('signs in a user who saved English, and then speaks English', async ({ page, request }) => {
    const username = await createReadyUser(request);
    await (await apiAs(request, username)).saveSettings({ locale: 'en' });

    await page.goto('/sign-in');
    await page.getByLabel('Ім’я користувача').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Увійти' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('formats money and counts for the language chosen in Settings, and keeps the choice', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  await api.createAccount('Card', 'UAH', 123456);
  await api.createAccount('Cash', 'UAH');

  await page.goto('/accounts');
  await signIn(page, username);
  const total = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Total own money' }) })
    .last();
  await expect(total).toContainText('UAH 1,234.56');
  await expect(total).toContainText('across 2 visible accounts');

  await page.goto('/settings/user');
  await page.getByRole('radio', { name: 'Українська' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('heading', { level: 1, name: 'Параметри' })).toBeVisible();

  await page.goto('/accounts');
  const totalUk = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Усього власних коштів' }) })
    .last();
  await expect(totalUk).toContainText(UAH_1234_56_UK);
  await expect(totalUk).toContainText('2 видимі рахунки');

  for (const name of ['Savings', 'Jar', 'Deposit']) await api.createAccount(name, 'UAH');
  await page.reload();
  // Saved as the user's: a new page load speaks it, and five takes the "many" form.
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByText(/5 видимих рахунків/)).toBeVisible();

  // Amounts are typed and read with a decimal comma, and a minus is refused at once.
  await page.getByRole('banner').getByRole('button', { name: 'Додати операцію' }).click();
  const dialog = page.getByRole('dialog', { name: 'Нова операція' });
  const amount = dialog.getByLabel('Сума');
  await expect(amount).toHaveAttribute('placeholder', '0,00');
  await amount.fill('1.500');
  await expect(dialog.getByText(/^Це 1\s500 чи 1,5\? Напишіть 1500 або 1,50$/)).toBeVisible();
  await amount.fill('−250');
  await expect(dialog.getByText('Введіть суму без мінуса: тут вона не може бути від’ємною')).toBeVisible();
  await expect(dialog.getByText(/^=/)).toHaveCount(0);
  await amount.fill('250,5');
  await expect(dialog.getByText(/^= 250,50\s₴$/)).toBeVisible();
});
