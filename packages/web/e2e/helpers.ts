import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

/** The Monobank emulator's demo client (a UAH credit card, a USD card and a jar); every test of a run may pair it. */
export const MONOBANK_DEMO_TOKEN = 'uDemoKopiykaOffline_notARealToken_2026-11-25';
/** The Monobank emulator of the e2e server (scripts/e2e-server.mjs), with its test controls. */
export const MONOBANK_EMULATOR = `http://127.0.0.1:${process.env.MONOBANK_EMULATOR_PORT ?? '4311'}`;

/** The database is shared by all specs: every test signs up a user of its own. */
export function uniqueUsername(): string {
  return `u${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
}

/** A user who has already chosen a base currency, made through the API to keep the test on its subject. */
export async function createReadyUser(request: APIRequestContext, currencyCode = 'UAH'): Promise<string> {
  const username = uniqueUsername();
  expect((await request.post('/api/v1/auth/register', { data: { username, password: PASSWORD } })).status()).toBe(201);
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const { token } = (await login.json()).response as { token: string };
  const currencies = (await (await request.get('/api/v1/models/currencies')).json()).response as Array<{
    id: number;
    code: string;
  }>;
  const currency = currencies.find((item) => item.code === currencyCode);
  const base = await request.post('/api/v1/user/currencies/base', {
    data: { currencyId: currency?.id },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(base.ok()).toBe(true);
  return username;
}

export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in, in Ukrainian, on the page that asks for it. */
export async function signInUk(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Ім’я користувача').fill(username);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Увійти' }).click();
}

/** A ready user signed in on `path`: the page asks to sign in first, then shows what was asked for. */
export async function signInAt(page: Page, request: APIRequestContext, path: string, currencyCode = 'UAH') {
  const username = await createReadyUser(request, currencyCode);
  await page.goto(path);
  await signIn(page, username);
  await expect(page).toHaveURL((url) => url.pathname === path);
  return username;
}

/** The category picker's labels in each language. */
const CATEGORY_PICKER = {
  en: { field: 'Category', list: 'Categories', search: 'Search categories' },
  uk: { field: 'Категорія', list: 'Категорії', search: 'Пошук: категорії' },
};

/** Picks the category called `name` in a dialog's category picker, its labels in `language`. */
export async function chooseCategory(
  page: Page,
  dialog: Locator,
  name: string,
  language: keyof typeof CATEGORY_PICKER = 'en',
): Promise<void> {
  const labels = CATEGORY_PICKER[language];
  await dialog.getByLabel(labels.field).click();
  await page.getByRole('combobox', { name: labels.search }).fill(name);
  await page.getByRole('listbox', { name: labels.list }).getByRole('option', { name, exact: true }).click();
}

/** A dashboard widget, found by its title. */
export const widget = (page: Page, title: string): Locator =>
  page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Nothing on the page is wider than the window (at a phone's width, nothing to scroll sideways). */
export async function expectNoWiderThanWindow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.scrollingElement ?? document.documentElement;
    return { scrollWidth, clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
