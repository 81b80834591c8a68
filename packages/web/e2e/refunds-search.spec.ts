import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, PASSWORD } from './helpers.ts';

test.use({ locale: 'uk-UA', viewport: { width: 390, height: 844 } });

async function openAddDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Додати операцію' }).click();
  return page.getByRole('dialog', { name: 'Нова операція' });
}

async function chooseCategory(page: Page, dialog: Locator, name: string) {
  await dialog.getByLabel('Категорія').click();
  await page.getByRole('combobox', { name: 'Пошук: категорії' }).fill(name);
  await page.getByRole('listbox', { name: 'Категорії' }).getByRole('option', { name, exact: true }).click();
}

test('a refund recorded from the dialog is linked both ways, and the list is searched whatever the case', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  await api.saveSettings({ locale: 'uk' });
  await api.createAccount('Картка', 'UAH', 1_000_000);
  await page.goto('/transactions');
  await page.getByLabel('Ім’я користувача').fill(username);
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Увійти' }).click();
  const list = page.getByRole('list', { name: 'Операції' });
  const row = (name: RegExp) => list.getByRole('button', { name });

  // The purchase.
  let dialog = await openAddDialog(page);
  await dialog.getByLabel('Сума').fill('1200');
  // The default categories are in the language the user signed up in (English, through the API).
  await chooseCategory(page, dialog, 'Clothes & shoes');
  await dialog.getByLabel('Примітка').fill('Кросівки, Сільпо');
  await dialog.getByRole('button', { name: 'Додати витрату' }).click();
  await expect(row(/Кросівки, Сільпо/)).toBeVisible();

  // Half of it comes back: an income marked as its refund.
  dialog = await openAddDialog(page);
  await dialog.getByRole('radio', { name: 'Дохід' }).click();
  await dialog.getByLabel('Сума').fill('500');
  await chooseCategory(page, dialog, 'Refunds');
  await dialog.getByLabel('Примітка').fill('Повернули гроші');
  await dialog.getByLabel('Це повернення за…').click();
  const expenses = page.getByRole('listbox', { name: 'Витрати' });
  await page.getByRole('combobox', { name: 'Пошук: витрати' }).fill('кросівки');
  const purchase = expenses.getByRole('option', { name: /Кросівки, Сільпо/ });
  await expect(purchase).toContainText('ще можна повернути 1 200,00');
  await purchase.click();
  await expect(dialog.getByLabel('Це повернення за…')).toContainText('Кросівки, Сільпо');
  await dialog.getByRole('button', { name: 'Додати дохід' }).click();
  await expect(dialog).toBeHidden();

  // Both sides say so.
  await expect(row(/Повернули гроші/)).toContainText('Повернення за Кросівки, Сільпо');
  await expect(row(/Clothes & shoes/)).toContainText('Повернено частково: 500,00');
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.scrollingElement ?? document.documentElement;
    return { scrollWidth, clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

  // Searching in another case finds the purchase by its note, and not the refund.
  await page.getByRole('searchbox', { name: 'Пошук операцій' }).fill('сІЛЬПО');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(row(/Повернули гроші/)).toBeHidden();
  await expect(row(/^Clothes & shoes/)).toBeVisible();
  // And the refund by its category's name, in another case.
  await page.getByRole('searchbox', { name: 'Пошук операцій' }).fill('rEFUNDS');
  await expect(row(/^Clothes & shoes/)).toBeHidden();
  await expect(row(/Повернули гроші/)).toBeVisible();
});
