import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, PASSWORD, widget } from './helpers.ts';

// The user signs up in Ukrainian (the API reads the language off the request), so their categories are named in it.
test.use({
  locale: 'uk-UA',
  viewport: { width: 390, height: 844 },
  extraHTTPHeaders: { 'Accept-Language': 'uk' },
});

test('on a phone in Ukrainian, a purchase is split between two categories, each counted in its own', async ({
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

  await page.getByRole('button', { name: 'Додати операцію' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Нова операція' });
  await dialog.getByLabel('Сума', { exact: true }).fill('300');
  const choose = async (field: string, name: string) => {
    await dialog.getByLabel(field, { exact: true }).click();
    await page.getByRole('combobox', { name: 'Пошук: категорії' }).fill(name);
    await page.getByRole('listbox', { name: 'Категорії' }).getByRole('option', { name, exact: true }).click();
  };
  await choose('Категорія', 'Продукти');

  await dialog.getByRole('button', { name: 'Розділити' }).click();
  const left = dialog.getByRole('status');
  await expect(left).toHaveText('Усе розподілено');
  await dialog.getByLabel('Сума частини 1').fill('200');
  await expect(left).toHaveText(/^Залишилось розподілити: 100,00/);
  await choose('Категорія частини 2', 'Таксі');
  // Saving is refused while something is left to assign.
  await dialog.getByRole('button', { name: 'Додати витрату' }).click();
  await expect(dialog.getByText('Вкажіть суму кожної частини')).toBeVisible();
  await dialog.getByLabel('Сума частини 2').fill('100');
  await expect(left).toHaveText('Усе розподілено');
  // The parts fit the phone's width.
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Додати витрату' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('button', { name: /^Продукти та ще 1 категорія/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Головне' }).getByRole('link', { name: 'Огляд' }).click();
  const legend = widget(page, 'Структура витрат').getByRole('list', { name: 'Витрати за категоріями' });
  await expect(legend.getByRole('listitem')).toHaveText([/^Їжа та напої67%200,00/, /^Транспорт33%100,00/]);
});
