import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { createReadyUser, PASSWORD } from './helpers.ts';

const ZONE = 'Europe/Kyiv';
/** A local day in Kyiv, `days` from today, as date fields and the API write it. */
const kyivDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

test.describe('on a phone in Ukrainian', () => {
  test.use({ locale: 'uk-UA', timezoneId: ZONE, viewport: { width: 390, height: 844 } });

  test('regular payments: create a schedule, confirm a due one with its amount changed, read the forecast', async ({
    page,
    request,
  }) => {
    const username = await createReadyUser(request);
    const api = await apiAs(request, username);
    await api.saveSettings({ locale: 'uk', timeZone: ZONE });
    const card = await api.createAccount('Картка', 'UAH', 1_000_000);
    // Internet, UAH 500.00 a month, asks first: started three days ago, so one payment is due.
    await api.createRecurring('Інтернет', card.id, 'Internet', 50_000, kyivDay(-3), 'confirm');

    await page.goto('/recurring');
    await page.getByLabel('Ім’я користувача').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Увійти' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Регулярні платежі' })).toBeVisible();
    const schedules = page.getByRole('list', { name: 'Регулярні платежі' });
    await expect(schedules).toContainText('Інтернет');

    // A new schedule: rent, UAH 12,000.00 a month from five days on, recorded by itself.
    await page.getByRole('button', { name: 'Новий регулярний платіж' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новий регулярний платіж' });
    await dialog.getByLabel('Назва').fill('Оренда');
    await dialog.getByLabel('Сума').fill('12000');
    await dialog.getByLabel('Категорія').click();
    await page.getByPlaceholder('Пошук категорій').fill('Rent');
    await page.getByRole('listbox', { name: 'Категорії' }).getByRole('option', { name: 'Rent', exact: true }).click();
    await expect(dialog.getByLabel('Раз на')).toHaveValue('1');
    await dialog.getByLabel('Початок').fill(kyivDay(5));
    await dialog.getByRole('button', { name: 'Створити' }).click();
    await expect(page.getByText('Регулярний платіж «Оренда» створено.')).toBeVisible();
    const rent = schedules.getByRole('listitem').filter({ hasText: 'Оренда' });
    await expect(rent).toContainText('Щомісяця · Картка');
    await expect(rent).toContainText('−12 000,00 ₴');

    // The due internet payment, confirmed with this month's amount and a note.
    const due = page.getByRole('list', { name: 'Чекають на підтвердження' });
    await expect(due).toContainText('Інтернет');
    await expect(due).toContainText('Очікує');
    await due.getByRole('button', { name: /^Підтвердити Інтернет/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Підтвердити «Інтернет»' });
    await expect(confirm.getByLabel('Сума')).toHaveValue('500,00');
    await confirm.getByLabel('Сума').fill('550');
    await confirm.getByLabel('Примітка').fill('З новим роутером');
    await confirm.getByRole('button', { name: 'Записати' }).click();
    await expect(page.getByText('«Інтернет» записано: 550,00 ₴.')).toBeVisible();
    await expect(due).toBeHidden();
    expect((await api.transactions()).map((transaction) => transaction.note)).toEqual(['З новим роутером']);

    // Nothing on the page is wider than the phone.
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.scrollingElement ?? document.documentElement;
      return { scrollWidth, clientWidth };
    });
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    // The dashboard's forecast: 10,000.00 less the internet today, then the rent and the next internet.
    await page.getByRole('navigation', { name: 'Головне' }).getByRole('link', { name: 'Огляд' }).click();
    const upcoming = page
      .getByRole('main')
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Найближчі платежі', exact: true }) });
    const coming = upcoming.getByRole('list', { name: 'Найближчі платежі' });
    await expect(coming.getByRole('listitem').first()).toContainText('Оренда');
    await expect(coming.getByRole('listitem').nth(1)).toContainText('Інтернет');
    await expect(upcoming.getByRole('img', { name: /^Прогноз залишку на 30 днів/ })).toHaveAttribute(
      'aria-label',
      /^Прогноз залишку на 30 днів: 9\s450,00\s₴ на .+, −3\s050,00\s₴ на .+$/,
    );
  });
});
