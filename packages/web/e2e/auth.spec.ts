import { expect, test } from '@playwright/test';
import { createReadyUser, PASSWORD, signIn, uniqueUsername } from './helpers.ts';

test('sign-up leads through the welcome page to the dashboard, and the session survives a reload', async ({ page }) => {
  const username = uniqueUsername();
  await page.goto('/sign-up');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Choose your base currency' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Search currencies' }).fill('hryvnia');
  await page.getByRole('option', { name: /UAH/ }).click();
  await expect(page.getByRole('option', { name: /UAH/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('UAH is your base currency.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total balance' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(username)).toBeVisible();
});

test('sign-up says why it refuses a name mixing alphabets and a common password, and creates nothing', async ({
  page,
  request,
}) => {
  // "оlena…" with a Cyrillic "о": it would pass for a Latin name.
  const lookAlike = `\u043e${uniqueUsername()}`;
  await page.goto('/sign-up');
  await page.getByLabel('Username').fill(lookAlike);
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(
    page.getByText('Username must use letters of one alphabet only (for example all Latin or all Cyrillic)'),
  ).toBeVisible();
  await expect(
    page.getByText('This password is one of the most common ones. Choose one that is harder to guess'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
  const login = await request.post('/api/v1/auth/login', { data: { username: lookAlike, password: 'Password123' } });
  expect(login.status()).toBe(401);
});

test('signing out leads to sign-in and closes the signed-in pages', async ({ page, request }) => {
  const username = await createReadyUser(request);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('navigation').first().getByRole('link', { name: 'Budgets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fbudgets$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();

  // The same person comes back to where they were; someone else starts at the dashboard.
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, await createReadyUser(request));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard$/);
});

test('a deep link opened while signed out comes back after signing in', async ({ page, request }) => {
  const username = await createReadyUser(request);
  await page.goto('/budgets?x=1');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fbudgets%3Fx%3D1$/);

  await signIn(page, username);
  await expect(page).toHaveURL(/\/budgets\?x=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
});

test('a wrong password shows the form error and keeps the visitor signed out', async ({ page, request }) => {
  const username = await createReadyUser(request);
  await page.goto('/sign-in');
  await signIn(page, username, 'not the password');

  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
});

test('a wrong current password shows on its field when changing the password', async ({ page, request }) => {
  const username = await createReadyUser(request);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/settings/user');
  await page.getByLabel('Current password').fill('not the password');
  await page.getByLabel('New password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Change password' }).click();

  const current = page.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The password is not correct.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/user$/);
});

test('signing out asks nothing more with the revoked token', async ({ page, request }) => {
  const username = await createReadyUser(request);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const withToken: string[] = [];
  const refused: string[] = [];
  page.on('request', (sent) => {
    if (sent.headers().authorization === `Bearer ${token}` && !sent.url().endsWith('/auth/logout')) {
      withToken.push(`${sent.method()} ${sent.url()}`);
    }
  });
  page.on('response', (answer) => {
    if (answer.status() === 401) refused.push(`${answer.request().method()} ${answer.url()}`);
  });

  const revoked = page.waitForResponse((answer) => answer.url().endsWith('/auth/logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await revoked).status()).toBe(204);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  // What the ended session would still ask, it asks at once: by the next sign-in it has.
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(withToken).toEqual([]);
  expect(refused).toEqual([]);
});

test('a session ended elsewhere leads to sign-in and back to the page it was on', async ({ page, request }) => {
  const username = await createReadyUser(request);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation').first().getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

  // Signed out everywhere from another device: the next question this page asks is refused.
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { token } = (await login.json()).response as { token: string };
  const everywhere = await request.post('/api/v1/auth/logout-all', { headers: { Authorization: `Bearer ${token}` } });
  expect(everywhere.ok()).toBe(true);
  await page.getByLabel('Search transactions').fill('coffee');

  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Ftransactions%3Fq%3Dcoffee$/);
  await expect(page.getByText('Unauthorized. Please, login first.')).toBeVisible();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/transactions\?q=coffee$/);
  await expect(page.getByLabel('Search transactions')).toHaveValue('coffee');
});
