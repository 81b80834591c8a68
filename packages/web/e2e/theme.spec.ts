import { expect, type Page, test } from '@playwright/test';
import { createReadyUser, signIn } from './helpers.ts';

test.use({ colorScheme: 'dark' });

const savedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('preferred-theme'));

test('the theme follows the OS at first, and a chosen theme survives a reload', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.locator('body')).toHaveClass('dark');

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('body')).toHaveClass('light');
  expect(await savedTheme(page)).toBe('light');

  await page.reload();
  await expect(page.locator('body')).toHaveClass('light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test("the header's switch in the signed-in app changes the theme, and it survives a reload", async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('body')).toHaveClass('dark');

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('body')).toHaveClass('light');
  expect(await savedTheme(page)).toBe('light');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('body')).toHaveClass('light');
  expect(await savedTheme(page)).toBe('light');

  // And back: dark is a choice that is kept too, not just the OS default.
  await header.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('body')).toHaveClass('dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('body')).toHaveClass('dark');
  expect(await savedTheme(page)).toBe('dark');
});
