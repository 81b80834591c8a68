import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { chooseCategory, createReadyUser, PASSWORD } from './helpers.ts';

test.describe('on a phone in Ukrainian', () => {
  test.use({ locale: 'uk-UA', viewport: { width: 390, height: 844 } });

  test('tags: make one, tag a transaction, filter by it; then recategorise several rows at once', async ({
    page,
    request,
  }) => {
    const username = await createReadyUser(request);
    const api = await apiAs(request, username);
    await api.saveSettings({ locale: 'uk' });
    const card = await api.createAccount('Картка', 'UAH', 1_000_000);
    for (const [amount, day] of [
      [12_000, 3],
      [34_000, 2],
      [56_000, 1],
    ] as const) {
      await api.record(card.id, 'Groceries', amount, { time: new Date(Date.UTC(2026, 10, day, 10)) });
    }

    // Settings → Tags: a new tag.
    await page.goto('/settings/tags');
    await page.getByLabel('Ім’я користувача').fill(username);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Увійти' }).click();
    await expect(page.getByText('Міток ще немає', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Назва мітки' }).fill('Відпустка');
    await page.getByRole('button', { name: 'Додати мітку' }).click();
    await expect(page.getByText('Мітку «Відпустка» додано')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Мітки' })).toContainText('Відпустка');
    // The same name in capitals is the same tag.
    await page.getByRole('textbox', { name: 'Назва мітки' }).fill('ВІДПУСТКА');
    await page.getByRole('button', { name: 'Додати мітку' }).click();
    await expect(page.getByText('Мітка «Відпустка» уже є')).toBeVisible();

    // The transaction dialog puts the tag on a transaction.
    await page.goto('/transactions');
    const list = page.getByRole('list', { name: 'Операції' });
    await list
      .getByRole('button', { name: /^Groceries/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Редагувати витрату' });
    const tags = dialog.getByRole('group', { name: 'Мітки' });
    await tags.getByRole('button', { name: 'Відпустка' }).click();
    await expect(tags.getByRole('button', { name: 'Відпустка' })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Зберегти' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('button', { name: /Відпустка/ })).toHaveCount(1);

    // Filtered by the tag, only that transaction is left.
    await page.getByRole('button', { name: 'Фільтри' }).click();
    const filters = page.getByRole('dialog', { name: 'Фільтри' });
    await filters.getByRole('button', { name: 'Мітки' }).click();
    await page.getByRole('option', { name: 'Відпустка' }).click();
    await page.keyboard.press('Escape');
    await filters.getByRole('button', { name: 'Показати операції' }).click();
    await expect(page).toHaveURL(/[?&]tags=\d+/);
    await expect(page.getByText('1 операція', { exact: true })).toBeVisible();
    await expect(list.getByRole('button')).toHaveCount(1);

    // Without the filter: three rows ticked (one, then Shift for the range), recategorised at once.
    await page.goto('/transactions');
    await expect(page.getByText('3 операції', { exact: true })).toBeVisible();
    const boxes = list.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Вибрані операції' });
    await expect(bar).toContainText('Вибрано 3 операції');
    await expect(bar).toBeInViewport();
    await bar.getByRole('button', { name: 'Категорія' }).click();
    const bulk = page.getByRole('dialog', { name: 'Категорія для 3 операцій' });
    await chooseCategory(page, bulk, 'Transportation', 'uk');
    await bulk.getByRole('button', { name: 'Застосувати до 3 операцій' }).click();
    await expect(page.getByText('Змінено 3 операції.')).toBeVisible();
    // Done, the selection is let go.
    await expect(bar).toBeHidden();
    await expect(list.getByRole('button', { name: /^Transportation/ })).toHaveCount(3);
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.scrollingElement ?? document.documentElement;
      return { scrollWidth, clientWidth };
    });
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
