import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs } from './api.ts';
import { chooseCategory, createReadyUser, signIn, widget } from './helpers.ts';

/*
 * Issue 39: installable, usable without a connection, and a transaction recorded offline sent once.
 * Service workers run on localhost (a secure context), as the e2e server is reached.
 */

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A ready user with a card and one expense on it, signed in on the dashboard, its figures shown. */
async function signedInWithData(page: Page, request: APIRequestContext): Promise<string> {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  const card = await api.createAccount('Everyday card', 'UAH', 500_000);
  await api.record(card.id, 'Groceries', 12_345);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(widget(page, 'Latest records')).toContainText('Groceries');
  await expect(widget(page, 'Total balance')).toContainText('UAH 4,876.55');
  return username;
}

/** Waits until a service worker controls the page (the first one takes the page that installed it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Waits until what the page shows is kept on the device (a moment after the last answer). */
async function keptOnDevice(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('offline-data') ?? ''), { timeout: 15_000 })
    .toContain(text);
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'No connection' });

test('installable: the manifests and icons are valid, and Chromium finds nothing against installing', async ({
  playwright,
  request,
}, testInfo) => {
  for (const [url, shortName] of [
    ['/manifest.webmanifest', 'Kopiyka'],
    ['/manifest.uk.webmanifest', 'Копійка'],
  ] as const) {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ short_name: shortName, start_url: '/', display: 'standalone', id: '/' });
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const image = await request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await image.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  }
  const touchIcon = await request.get('/icons/apple-touch-icon.png');
  expect(pngSize(await touchIcon.body())).toEqual({ width: 180, height: 180 });
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // Chromium says a page in an incognito profile cannot be installed: a profile of its own.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'kopiyka-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/sign-in');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? '{}')).toMatchObject({ name: 'Kopiyka — personal finance' });
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', /^#[0-9a-f]{6}$/);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

    // In Ukrainian, the page points to the Ukrainian manifest: "Копійка" on the home screen.
    await page.getByRole('radio', { name: 'Українська' }).click();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.uk.webmanifest');
    await page.reload();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.uk.webmanifest');
    await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url).toMatch(/\/manifest\.uk\.webmanifest$/);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a service worker controls the page after a reload, and a reload without a connection shows the app and the notice', async ({
  page,
  context,
  request,
}) => {
  await signedInWithData(page, request);
  await page.reload();
  await expect(widget(page, 'Latest records')).toContainText('Groceries');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await keptOnDevice(page, 'Everyday card');
  await expect(notice(page)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The app, never the browser's error page: the dashboard as it was, said to be as of when.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(notice(page)).toContainText(/No connection — showing what was loaded last · as of \d+ \w+, \d\d:\d\d/);
  await expect(widget(page, 'Total balance')).toContainText('UAH 4,876.55');
  await expect(widget(page, 'Latest records')).toContainText('Groceries');
  // Another page read before is there too; its code comes from the worker.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('main').getByText('Everyday card')).toBeVisible();

  await context.setOffline(false);
  await expect(notice(page)).toHaveCount(0);
});

test('an expense recorded offline is sent once when the connection is back, though the first try’s answer is lost', async ({
  page,
  context,
  request,
}) => {
  const username = await signedInWithData(page, request);
  const api = await apiAs(request, username);
  await controlled(page);

  await context.setOffline(true);
  await expect(notice(page)).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Amount').fill('99.50');
  await chooseCategory(page, dialog, 'Taxi');
  await dialog.getByLabel('Note').fill('Uklon at night');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole('region', { name: /Waiting to be sent/ });
  await expect(waiting).toContainText('Taxi');
  await expect(waiting).toContainText('Uklon at night');
  await expect(waiting).toContainText('−UAH 99.50');
  await expect(waiting.getByText('Waiting', { exact: true })).toBeVisible();

  // Back online, the first try reaches the server, which records it, but its answer never comes
  // back (the connection drops on the way): the app tries again with the same key.
  const keys: string[] = [];
  await page.route('**/api/v1/transactions', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect(page.getByText('The transaction kept on this device was sent.')).toBeVisible({ timeout: 45_000 });
  await expect(waiting).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

  const notes = (await api.transactions()).map((transaction) => transaction.note);
  expect(notes.filter((note) => note === 'Uklon at night')).toHaveLength(1);
  await expect(widget(page, 'Latest records')).toContainText('Uklon at night');
});

test('one the server refuses waits, with why, to be fixed or dropped', async ({ page, context, request }) => {
  const username = await createReadyUser(request);
  const api = await apiAs(request, username);
  const card = await api.createAccount('Old card', 'UAH', 10_000);
  await page.goto('/sign-in');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await controlled(page);

  await context.setOffline(true);
  await page.getByRole('banner').getByRole('button', { name: 'Add transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Amount').fill('20');
  await chooseCategory(page, dialog, 'Groceries');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  // Meanwhile, on another device, the account went.
  const login = await request.post('/api/v1/auth/login', { data: { username, password: 'correct horse battery' } });
  const headers = { Authorization: `Bearer ${(await login.json()).response.token}` };
  expect((await request.delete(`/api/v1/accounts/${card.id}`, { headers })).ok()).toBe(true);

  await context.setOffline(false);
  const waiting = page.getByRole('region', { name: /Waiting to be sent/ });
  await expect(waiting.getByText('Not accepted')).toBeVisible({ timeout: 45_000 });
  await expect(waiting).toContainText(
    'The server did not accept it: something it names (its account, category or budget) is no longer there.',
  );
  await waiting.getByRole('button', { name: /^Drop/ }).click();
  await expect(waiting).toBeHidden();
  expect(await api.transactions()).toEqual([]);
});

test('signing out leaves nothing readable without a connection', async ({ page, context, request }) => {
  await signedInWithData(page, request);
  await controlled(page);
  await keptOnDevice(page, 'Everyday card');

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored).not.toContain('offline-data');
  expect(stored).not.toContain('outbox');
  expect(stored).not.toContain('user-token');
  // The worker's cache holds the app's files and nothing of the API.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByText('Everyday card')).toHaveCount(0);
  await expect(page.getByText('Groceries')).toHaveCount(0);
});

/** The built worker, and its compressed copies the server sends instead when it can. */
const WORKER = path.resolve(import.meta.dirname, '../dist/sw.js');

/**
 * A new build, as far as the worker can tell: its script changes (the list of files is the same,
 * so it installs quickly). Answers a function that puts the build back as it was.
 */
function deployNewWorker(): () => void {
  const copies = [WORKER, `${WORKER}.br`, `${WORKER}.gz`];
  const before = copies.map((file) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  });
  const changed = Buffer.concat([before[0]!, Buffer.from(`\n// A new build for the browser tests, ${Date.now()}\n`)]);
  writeFileSync(WORKER, changed);
  if (before[1]) writeFileSync(`${WORKER}.br`, brotliCompressSync(changed));
  if (before[2]) writeFileSync(`${WORKER}.gz`, gzipSync(changed));
  return () => {
    for (const [index, file] of copies.entries()) {
      const content = before[index];
      if (content) writeFileSync(file, content);
    }
  };
}

test('a new build: the worker updates and the page offers a reload, which brings it in', async ({ page }) => {
  await page.goto('/sign-in');
  await controlled(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(first).toMatch(/\/sw\.js$/);
  const restore = deployNewWorker();
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const offer = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'A new version of Kopiyka is ready.' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting)).toBeNull();
  } finally {
    restore();
  }
});
