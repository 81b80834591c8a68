import { expect, type Locator, type Page, test } from '@playwright/test';
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
const DAY_S = 86_400;

/** The rules' names, in the order the list shows them. */
async function ruleNames(list: Locator): Promise<string[]> {
  return list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('button + div > button')?.textContent ?? ''));
}

const orderSaved = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/rules/order') && response.request().method() === 'PUT',
  );

test.describe('on a phone in Ukrainian', () => {
  // A phone's screen takes touches (dragging by a finger below); a mouse still works on it.
  test.use({ locale: 'uk-UA', timezoneId: ZONE, viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a new category for a bank row becomes a rule, applied to the past rows it matches and to what arrives next', async ({
    page,
    request,
  }) => {
    const username = await createReadyUser(request);
    const api = await apiAs(request, username);
    await api.saveSettings({ locale: 'uk', timeZone: ZONE });
    await api.pairMonobank(MONOBANK_DEMO_TOKEN);
    // Three stock-ups at one shop, filed under Groceries by their MCC.
    const merchant = `АТБ №${1000 + Math.floor(Math.random() * 9000)}`;
    const now = Math.floor(Date.now() / 1000);
    for (const [days, amount] of [
      [9, -184_500],
      [5, -96_720],
      [1, -132_010],
    ] as const) {
      const purchase = await request.post(`${MONOBANK_EMULATOR}/_control/purchase`, {
        data: { token: MONOBANK_DEMO_TOKEN, amount, description: merchant, mcc: 5411, time: now - days * DAY_S },
      });
      expect(purchase.ok(), await purchase.text()).toBe(true);
    }
    await expect.poll(async () => (await api.transactions()).filter((row) => row.note === merchant).length).toBe(3);

    await page.goto(`/transactions?q=${encodeURIComponent(merchant)}`);
    await signInUk(page, username);
    const list = page.getByRole('list', { name: 'Операції' });
    await expect(list.getByRole('button', { name: new RegExp(`^Groceries.*${merchant}`) })).toHaveCount(3);

    // The newest goes to Home, garden: the app asks whether the shop always does.
    await list
      .getByRole('button', { name: new RegExp(merchant) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Редагувати витрату' });
    await chooseCategory(page, dialog, 'Home, garden', 'uk');
    await dialog.getByRole('button', { name: 'Зберегти' }).click();
    await expect(dialog).toBeHidden();
    const toasts = page.getByRole('region', { name: 'Сповіщення' });
    await expect(toasts.getByText(`Завжди відносити «${merchant}» до «Home, garden»?`)).toBeVisible();
    await expectNoWiderThanWindow(page);
    await toasts.getByRole('button', { name: 'Так, зробити правилом' }).click();

    // The rule is made; a dry run counts the rows it matches, and the offer applies it to them.
    await expect(toasts.getByText(`Відтепер «${merchant}» потрапляє до «Home, garden».`)).toBeVisible();
    await toasts.getByRole('button', { name: 'Застосувати до 3 минулих операцій, яким воно відповідає' }).click();
    await expect(toasts.getByText(`Правило «${merchant}» застосовано: змінено 2 операції.`)).toBeVisible();
    await expect(list.getByRole('button', { name: new RegExp(`^Home, garden.*${merchant}`) })).toHaveCount(3);
    await expect(list.getByRole('button', { name: new RegExp(`^Groceries.*${merchant}`) })).toHaveCount(0);

    // What the shop brings from now on goes there by itself (the webhook's row, ahead of its MCC).
    const next = await request.post(`${MONOBANK_EMULATOR}/_control/purchase`, {
      data: { token: MONOBANK_DEMO_TOKEN, amount: -51_000, description: merchant, mcc: 5411 },
    });
    expect(next.ok(), await next.text()).toBe(true);
    await expect(list.getByRole('button', { name: new RegExp(`^Home, garden.*${merchant}`) })).toHaveCount(4);
    await expect(list.getByRole('button', { name: new RegExp(`^Groceries.*${merchant}`) })).toHaveCount(0);

    // Settings → Rules lists it: what it looks at, what it sets.
    await page.goto('/settings/rules');
    const rules = page.getByRole('list', { name: 'Правила' });
    const rule = rules.getByRole('listitem').filter({ hasText: merchant });
    await expect(rule).toContainText(`Опис збігається з «${merchant}»`);
    await expect(rule).toContainText('Категорія: Home, garden');
    await expect(page.getByRole('switch', { name: `Правило «${merchant}» увімкнено` })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectNoWiderThanWindow(page);
  });

  test('rules are put in order with the keyboard, by a mouse and by a finger, and the order stays after a reload', async ({
    page,
    context,
    request,
  }) => {
    const username = await createReadyUser(request);
    const api = await apiAs(request, username);
    await api.saveSettings({ locale: 'uk', timeZone: ZONE });
    await api.createRule('Таксі', 'Uklon', 'Taxi');
    await api.createRule('Пальне', 'OKKO', 'Fuel');
    await api.createRule('Кава', 'Aroma', 'Bars, cafés');

    await page.goto('/settings/rules');
    await signInUk(page, username);
    const rules = page.getByRole('list', { name: 'Правила' });
    await expect.poll(() => ruleNames(rules)).toEqual(['Таксі', 'Пальне', 'Кава']);

    // By the keyboard: the handle of the first one, arrow down.
    const handle = rules.getByRole('button', { name: 'Перемістити «Таксі»' });
    await handle.focus();
    const saved = orderSaved(page);
    await page.keyboard.press('ArrowDown');
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => ruleNames(rules)).toEqual(['Пальне', 'Таксі', 'Кава']);
    await expect(page.getByText('«Таксі» тепер на місці 2 з 3.')).toBeAttached();
    await expect(handle).toBeFocused();

    await page.reload();
    await expect.poll(() => ruleNames(rules)).toEqual(['Пальне', 'Таксі', 'Кава']);

    // By dragging: the last one's handle carried above the first.
    const from = await rules.getByRole('button', { name: 'Перемістити «Кава»' }).boundingBox();
    const to = await rules.getByRole('listitem').first().boundingBox();
    if (!from || !to) throw new Error('The rules are not on the page');
    const dropped = orderSaved(page);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 10) * step) / 10);
    }
    await page.mouse.up();
    expect((await dropped).ok()).toBe(true);
    await expect.poll(() => ruleNames(rules)).toEqual(['Кава', 'Пальне', 'Таксі']);

    await page.reload();
    await expect.poll(() => ruleNames(rules)).toEqual(['Кава', 'Пальне', 'Таксі']);

    // By a finger: the first one's handle carried below the second; the page does not scroll meanwhile.
    const held = await rules.getByRole('button', { name: 'Перемістити «Кава»' }).boundingBox();
    const below = await rules.getByRole('listitem').nth(1).boundingBox();
    if (!held || !below) throw new Error('The rules are not on the page');
    const touch = await context.newCDPSession(page);
    const x = held.x + held.width / 2;
    const start = held.y + held.height / 2;
    const end = below.y + below.height / 2 + 10;
    const scrolled = await page.evaluate(() => window.scrollY);
    const touched = orderSaved(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: start }] });
    for (let step = 1; step <= 10; step += 1) {
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: start + ((end - start) * step) / 10 }],
      });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect((await touched).ok()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect.poll(() => ruleNames(rules)).toEqual(['Пальне', 'Кава', 'Таксі']);

    await page.reload();
    await expect.poll(() => ruleNames(rules)).toEqual(['Пальне', 'Кава', 'Таксі']);
    await expectNoWiderThanWindow(page);
  });
});
