import { readFile } from 'node:fs/promises';
import { kopiykaCsvHeader, MONOBANK_STATEMENT_COLUMNS } from '@kopiyka/shared/imports';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { chooseCategory, createReadyUser, PASSWORD, signIn, uniqueUsername } from './helpers.ts';

/** A statement as the Monobank app exports it: quoted cells, a comma between them, days long past. */
const MONOBANK_CSV = [
  MONOBANK_STATEMENT_COLUMNS,
  ['15.03.2025 12:30:00', 'Сільпо', '5411', '-250.50', '-250.50', 'UAH', '—', '0.00', '2.50', '9749.50'],
  ['14.03.2025 09:05:00', 'Зарплата', '4829', '12000.00', '12000.00', 'UAH', '—', '0.00', '0.00', '10000.00'],
  ['13.03.2025 20:15:00', 'Aroma Kava', '5814', '-65.00', '-65.00', 'UAH', '—', '0.00', '0.65', '-2000.00'],
]
  .map((row) => row.map((cell) => `"${cell}"`).join(','))
  .join('\r\n');

/** Picks a file through the page's own button, as the system file chooser would. */
async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('import: a Monobank statement maps itself, imports, shows in transactions, teaches a rule and is undone', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  const card = await api.createAccount('Card', 'UAH');
  await page.goto(`/import?accountId=${card.id}`);
  await signIn(page, username);
  await expect(page.getByLabel('Account', { exact: true })).toHaveValue(String(card.id));

  await chooseFile(page, 'Choose a file', {
    name: 'monobank.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(MONOBANK_CSV),
  });
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  // The detected mapping is kept as it is; the preview reads the rows as they will be imported.
  await expect(page.getByText('Monobank statement')).toBeVisible();
  const preview = page.getByRole('table');
  await expect(preview.getByRole('row').filter({ hasText: 'Сільпо' })).toContainText('−UAH 250.50');
  await expect(preview.getByRole('row').filter({ hasText: 'Зарплата' })).toContainText('+UAH 12,000.00');
  // The balance column is found and shown: the account will hold the newest row's balance.
  await expect(page.getByText(/The balance comes from the column “Залишок після операції”/)).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: 'Сільпо' })).toContainText('UAH 9,749.50');
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await expect(page.getByText('3 imported · 0 duplicates skipped · 0 failed').first()).toBeVisible();
  await page.getByRole('link', { name: 'See transactions' }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?accounts=${card.id}$`));
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByRole('button', { name: /Сільпо/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /Зарплата/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /Aroma Kava/ })).toBeVisible();

  // A row of the file put in another category: the app asks whether the shop always goes there.
  await list.getByRole('button', { name: /Сільпо/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await chooseCategory(page, edit, 'Home, garden');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.getByText('Always put “Сільпо” in Home, garden?')).toBeVisible();
  await toasts.getByRole('button', { name: 'Yes, make it a rule' }).click();
  await expect(toasts.getByText('“Сільпо” goes to Home, garden from now on.')).toBeVisible();
  expect(await api.rules()).toEqual([
    expect.objectContaining({
      name: 'Сільпо',
      conditions: [{ field: 'description', op: 'equals', value: 'Сільпо' }],
      actions: [{ type: 'setCategory', categoryId: api.categoryId('Home, garden') }],
    }),
  ]);

  // Undone as a whole, after asking: the rows are gone again.
  await page.goBack();
  await page.getByRole('button', { name: 'Undo import' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByRole('heading', { name: 'Import undone' })).toBeVisible();
  await page.goto('/transactions');
  await expect(page.getByText('No transactions yet')).toBeVisible();
});

test('export and backup: the filtered list as CSV, and a backup restored into a new user', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  const card = await api.createAccount('Card', 'UAH', 100_000);
  await api.record(card.id, 'Groceries', 25_050);
  await api.record(card.id, 'Groceries', 1_000);
  await page.goto('/transactions?type=expense');
  await signIn(page, username);
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('button')).toHaveCount(2);

  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await exported;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(lines[0]).toBe(kopiykaCsvHeader('en').join(','));
  expect(lines.filter((line) => line.trim() !== '')).toHaveLength(3);

  await page.goto('/settings/user');
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const backup = await saving;
  expect(backup.suggestedFilename()).toMatch(/\.json$/);
  const backupText = await readFile(await backup.path(), 'utf8');

  // A new user, before even choosing a base currency: the backup becomes theirs from the welcome page.
  await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const newcomer = uniqueUsername();
  expect((await request.post('/api/v1/auth/register', { data: { username: newcomer, password: PASSWORD } })).ok()).toBe(
    true,
  );
  await signIn(page, newcomer);
  await expect(page).toHaveURL(/\/welcome$/);
  await chooseFile(page, 'Restore from a file', {
    name: backup.suggestedFilename(),
    mimeType: 'application/json',
    buffer: Buffer.from(backupText),
  });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/transactions');
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('button')).toHaveCount(2);
});
