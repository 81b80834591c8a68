import { occurrenceDate } from '@kopiyka/shared/recurring';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import {
  chooseCategory,
  createReadyUser,
  expectNoWiderThanWindow,
  MONOBANK_DEMO_TOKEN,
  MONOBANK_EMULATOR,
  signInUk,
} from './helpers.ts';

const ZONE = 'Europe/Kyiv';
/** A local day in Kyiv, `days` from today, as date fields and the API write it. */
const kyivDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

/** A user who reads Ukrainian in Kyiv, with a hryvnia card holding `balance` minor units. */
async function kyivUserWithCard(request: APIRequestContext, balance: number) {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  await api.saveSettings({ locale: 'uk', timeZone: ZONE });
  return { username, api, card: await api.createAccount('Картка', 'UAH', balance) };
}

test.describe('on a phone in Ukrainian', () => {
  test.use({ locale: 'uk-UA', timezoneId: ZONE, viewport: { width: 390, height: 844 } });

  test('regular payments: create a schedule, confirm a due one with its amount changed, read the forecast', async ({
    page,
    request,
  }) => {
    const { username, api, card } = await kyivUserWithCard(request, 1_000_000);
    // Internet, UAH 500.00 a month, asks first: started three days ago, so one payment is due.
    await api.createRecurring('Інтернет', card.id, 'Internet', 50_000, kyivDay(-3), 'confirm');

    await page.goto('/recurring');
    await signInUk(page, username);
    await expect(page.getByRole('heading', { level: 1, name: 'Регулярні платежі' })).toBeVisible();
    const schedules = page.getByRole('list', { name: 'Регулярні платежі' });
    await expect(schedules).toContainText('Інтернет');

    // A new schedule: rent, UAH 12,000.00 a month from five days on, recorded by itself.
    await page.getByRole('button', { name: 'Новий регулярний платіж' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новий регулярний платіж' });
    await dialog.getByLabel('Назва').fill('Оренда');
    await dialog.getByLabel('Сума').fill('12000');
    await chooseCategory(page, dialog, 'Rent', 'uk');
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
    await expectNoWiderThanWindow(page);

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

  test('a purchase in parts from Monobank made an instalment plan of three, its first part confirmed', async ({
    page,
    request,
  }) => {
    const { username, api, card } = await kyivUserWithCard(request, 5_000_000);
    await api.pairMonobank(MONOBANK_DEMO_TOKEN);
    // A laptop bought in parts 40 days ago comes from the bank: its first part, a month after, is due.
    const purchase = await request.post(`${MONOBANK_EMULATOR}/_control/purchase`, {
      data: {
        token: MONOBANK_DEMO_TOKEN,
        amount: -1_249_900,
        description: 'Покупка частинами: Rozetka',
        mcc: 5732,
        time: Math.floor(Date.now() / 1000) - 40 * 86_400,
      },
    });
    expect(purchase.ok(), await purchase.text()).toBe(true);
    const firstDay = occurrenceDate({ frequency: 'month', interval: 1, startDate: kyivDay(-40) }, 1);

    await page.goto('/transactions?q=Rozetka');
    await signInUk(page, username);
    const list = page.getByRole('list', { name: 'Операції' });
    await list.getByRole('button', { name: /Покупка частинами: Rozetka/ }).click();
    const transaction = page.getByRole('dialog', { name: 'Редагувати витрату' });
    await expect(transaction.getByText(/^Куплено частинами\? Оформіть розстрочку/)).toBeVisible();
    await expect(transaction.getByRole('button', { name: 'Зробити регулярним' })).toHaveCount(0);
    await transaction.getByRole('button', { name: 'Оформити розстрочку' }).click();

    const dialog = page.getByRole('dialog', { name: 'Новий регулярний платіж' });
    await expect(dialog.getByRole('radio', { name: 'Розстрочка' })).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByLabel('Назва')).toHaveValue('Rozetka');
    await expect(dialog.getByLabel('Загальна сума')).toHaveValue('12499,00');
    await expect(dialog.getByLabel('Кількість платежів')).toHaveValue('3');
    await expect(dialog.getByLabel('Перший платіж')).toHaveValue(firstDay);
    // The bank's card takes only what the bank sends: the parts go on the person's own card.
    await expect(dialog.getByLabel('Рахунок')).toHaveValue(String(card.id));
    await expect(dialog.getByRole('switch', { name: 'Питати підтвердження щоразу' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(dialog.getByRole('list', { name: 'Платежі' }).getByRole('listitem')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Створити' }).click();
    await expect(page.getByText('Регулярний платіж «Rozetka» створено.')).toBeVisible();

    // On the regular payments page the first part waits: confirmed, the plan reads 1 of 3.
    await page.goto('/recurring');
    const due = page.getByRole('list', { name: 'Чекають на підтвердження' });
    await due.getByRole('button', { name: /^Підтвердити Rozetka/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Підтвердити «Rozetka»' });
    await expect(confirm.getByLabel('Сума')).toHaveValue('4166,33');
    await confirm.getByRole('button', { name: 'Записати' }).click();
    await expect(page.getByText(/^«Rozetka» записано: 4\s166,33\s₴\.$/)).toBeVisible();
    const plan = page
      .getByRole('list', { name: 'Регулярні платежі' })
      .getByRole('listitem')
      .filter({ hasText: 'Rozetka' });
    await expect(plan).toContainText('1 з 3');
    await expect(plan.getByRole('progressbar', { name: 'Rozetka: записано досі' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await expect(plan).toContainText(/Усього 12\s499,00\s₴/);
    await expectNoWiderThanWindow(page);
  });
});
