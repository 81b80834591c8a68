import { expect, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { chooseCategory, createReadyUser, signIn, widget } from './helpers.ts';

// Issue 16: a laptop set to UTC, a user who saved Europe/Kyiv. The page follows the saved zone.
test.use({ timezoneId: 'UTC' });

// 22:30 UTC on 31 October 2025 is 00:30 on 1 November in Kyiv (UTC+2 since 26 October).
const LATE_ON_THE_LAST_DAY = new Date('2025-10-31T22:30:00.000Z');
// 01:00 on 1 November in Kyiv, still 31 October on the laptop's clock.
const NOW = new Date('2025-10-31T23:00:00.000Z');

test('a browser on UTC shows the days, times and months of the user’s saved zone, and reads the form in it', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  await api.saveSettings({ timeZone: 'Europe/Kyiv' });
  const card = await api.createAccount('Card', 'UAH', 1_000_000);
  await api.record(card.id, 'Groceries', 25_050, { time: LATE_ON_THE_LAST_DAY });
  await api.record(card.id, 'Taxi', 10_000, { time: new Date('2025-10-31T12:00:00.000Z') });
  await page.clock.setFixedTime(NOW);

  await page.goto('/transactions');
  await signIn(page, username);
  const list = page.getByRole('list', { name: 'Transactions' });
  // Kyiv's today is 1 November: the late expense is on it, at 00:30; the taxi at 14:00 the day before.
  await expect(list).toHaveText(/Today.*Groceries.*Card · 00:30.*Yesterday.*Taxi.*Card · 14:00/);

  // The form shows Kyiv's wall time, and the date and time typed are Kyiv's.
  await list.getByRole('button', { name: /^Groceries/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await expect(edit.getByLabel('Date and time')).toHaveValue('2025-11-01T00:30');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await expect(dialog.getByLabel('Date and time')).toHaveValue('2025-11-01T01:00');
  await dialog.getByLabel('Amount').fill('10');
  await dialog.getByLabel('Note').fill('Typed at 00:30');
  await chooseCategory(page, dialog, 'Groceries');
  await dialog.getByLabel('Date and time').fill('2025-11-01T00:30');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  const transactions = await api.transactions();
  expect(transactions.find((transaction) => transaction.note === 'Typed at 00:30')?.time).toBe(
    '2025-10-31T22:30:00.000Z',
  );

  // The dashboard's month is Kyiv's November: the late expense counts in it, the taxi does not.
  await page.goto('/dashboard');
  await expect(page.getByText('November 2025', { exact: true })).toBeVisible();
  const legend = widget(page, 'Expenses structure').getByRole('list', { name: 'Expenses by category' });
  await expect(legend.getByRole('listitem')).toHaveText(['Food & Drinks100%UAH 260.50']);
});

test('the time zone is found by city, country or offset, shown as Kyiv for the old Kiev, and saved by its current name', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  await api.saveSettings({ timeZone: 'Europe/Kiev' });
  const savedZone = async () => (await api.settings()).timeZone;

  await page.goto('/settings/user');
  await signIn(page, username);
  const picker = page.getByRole('button', { name: 'Time zone' });
  await expect(picker).toHaveText(/^Kyiv, UkraineUTC\+0[23]:00$/);

  await picker.click();
  const search = page.getByRole('combobox', { name: 'Search time zones' });
  await search.fill('+5:30');
  await expect(page.getByRole('listbox', { name: 'Time zones' }).getByRole('option')).toHaveText([
    /^Colombo, Sri Lanka/,
    /^Kolkata, India/,
  ]);
  await search.fill('new york');
  await search.press('Enter');
  await expect(picker).toHaveText(/^New York/);
  await expect.poll(savedZone).toBe('America/New_York');

  await expect(picker).toBeEnabled();
  await picker.click();
  await search.fill('kiev');
  await search.press('Enter');
  await expect(picker).toHaveText(/^Kyiv, Ukraine/);
  await expect.poll(savedZone).toBe('Europe/Kyiv');
});
