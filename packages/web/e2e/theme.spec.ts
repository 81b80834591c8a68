import { expect, test } from '@playwright/test';

test.use({ colorScheme: 'dark' });

test('the theme follows the OS at first, and a chosen theme survives a reload', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.locator('body')).toHaveClass('dark');

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('body')).toHaveClass('light');
  expect(await page.evaluate(() => localStorage.getItem('preferred-theme'))).toBe('light');

  await page.reload();
  await expect(page.locator('body')).toHaveClass('light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});
