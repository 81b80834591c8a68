import { expect, test } from '@playwright/test';
import { createReadyUser, signIn } from './helpers.ts';

test('crypto: Binance is said to be coming, and a manual crypto account is offered meanwhile', async ({
  page,
  request,
}) => {
  const username = await createReadyUser(request, 'UAH');
  await page.goto('/crypto');
  await signIn(page, username);
  const main = page.getByRole('main');
  await expect(main.getByText('Binance holdings are coming')).toBeVisible();
  await expect(main.getByText(/Linking a Binance account is not available yet/)).toBeVisible();
  await expect(main.getByRole('button')).toHaveCount(0);
  await main.getByRole('link', { name: 'Add a crypto account' }).click();
  await expect(page).toHaveURL(/\/create-account$/);
});
