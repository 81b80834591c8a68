import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import {
  cachedBaseCurrency,
  type FakeRequest,
  failure,
  fakeServer,
  resetApp,
  sampleBaseCurrency,
  sampleCategories,
  sampleCurrencies,
  sampleUser,
  success,
} from '../test/api.ts';
import { cleanUpApp, renderApp, storeToken } from '../test/app.tsx';

/** A server with a signed-up user; `withBase` says whether the base currency is chosen. */
function signedUpServer({ withBase }: { withBase: boolean }, extra: Record<string, (r: FakeRequest) => Response> = {}) {
  return fakeServer({
    'GET /user': () => success(sampleUser),
    'GET /user/currencies/base': () => (withBase ? success(sampleBaseCurrency) : success(null)),
    'GET /categories': () => success(sampleCategories),
    'GET /models/currencies': () => success(sampleCurrencies),
    'POST /auth/logout': () => new Response(null, { status: 204 }),
    ...extra,
  });
}

const messages = () => useNotificationsStore.getState().notifications.map((notification) => notification.message);
const pageTitle = (name?: string) => screen.findByRole('heading', { level: 1, name });

describe('routes and guards', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('sends a signed-out deep link to sign-in and back to it after signing in', async () => {
    const server = signedUpServer({ withBase: true }, { 'POST /auth/login': () => success({ token: 'fresh' }) });
    const { location } = renderApp('/budgets?x=1');
    await waitFor(() => expect(location()).toBe('/sign-in?redirect=%2Fbudgets%3Fx%3D1'));

    await userEvent.type(await screen.findByLabelText('Username'), 'olena');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location()).toBe('/budgets?x=1'));
    await pageTitle('Budgets');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
    const userCall = server.mock.calls.find(([url]) => String(url) === '/api/v1/user');
    expect(new Headers(userCall?.[1]?.headers).get('Authorization')).toBe('Bearer fresh');
  });

  it('sends the signed-out root to sign-in without a redirect value', async () => {
    fakeServer({});
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/sign-in'));
  });

  it('sends a user without a base currency to welcome', async () => {
    signedUpServer({ withBase: false });
    storeToken('token');
    const { location } = renderApp('/dashboard');
    await waitFor(() => expect(location()).toBe('/welcome'));
    expect(await screen.findByRole('heading', { name: 'Choose your base currency' })).toBeTruthy();
  });

  it('restores the session from the stored token and opens the root at the dashboard', async () => {
    signedUpServer({ withBase: true });
    storeToken('token');
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect((await pageTitle()).textContent).toBe('Dashboard');
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, initialised: true, user: sampleUser });
    expect(screen.getAllByText('olena').length).toBeGreaterThan(0);
  });

  it('sends a signed-in user away from sign-in and sign-up', async () => {
    signedUpServer({ withBase: true });
    storeToken('token');
    const { location, router } = renderApp('/sign-in');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    await router.navigate('/sign-up');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('forwards /auth to sign-in, /analytics to the root and /settings to its first tab', async () => {
    signedUpServer({ withBase: true });
    const signedOut = renderApp('/auth');
    await waitFor(() => expect(signedOut.location()).toBe('/sign-in'));
    cleanUpApp();

    storeToken('token');
    const { location, router } = renderApp('/analytics');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    await router.navigate('/settings');
    await waitFor(() => expect(location()).toBe('/settings/categories'));
    expect(await screen.findByText('Food & Drinks')).toBeTruthy();
  });

  it('goes to sign-in when the session ends, remembering the page, and revokes the token', async () => {
    const server = signedUpServer({ withBase: true });
    storeToken('token');
    const { location } = renderApp('/dashboard');
    await pageTitle();
    const [sidebarSignOut] = screen.getAllByRole('button', { name: 'Sign out' });
    await userEvent.click(sidebarSignOut as HTMLElement);

    await waitFor(() => expect(location()).toBe('/sign-in?redirect=%2Fdashboard'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The dashboard's own requests may still be starting when the button is pressed (a loaded machine),
    // so the check is on what follows the revoke: nothing on the page asks again for the cache just cleared.
    const urls = server.mock.calls.map(([url]) => String(url));
    const revokeAt = urls.indexOf('/api/v1/auth/logout');
    expect(revokeAt).toBeGreaterThan(-1);
    expect(urls.slice(revokeAt + 1)).toEqual([]);
    expect(new Headers(server.mock.calls[revokeAt]?.[1]?.headers).get('Authorization')).toBe('Bearer token');
  });

  it('signs a stale token out with a message', async () => {
    fakeServer({
      'GET /user': () => failure(401, 'UNAUTHENTICATED', 'Session expired'),
      'GET /user/currencies/base': () => failure(401, 'UNAUTHENTICATED', 'Session expired'),
      'GET /categories': () => failure(401, 'UNAUTHENTICATED', 'Session expired'),
    });
    storeToken('stale');
    const { location } = renderApp('/transactions');
    await waitFor(() => expect(location()).toMatch(/^\/sign-in/));
    expect(messages()).toEqual(['Unauthorized. Please, login first.']);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('sends a session the server ends to sign-in, and back to the page after signing in', async () => {
    let revoked = false;
    signedUpServer(
      { withBase: true },
      {
        'GET /transactions': () => (revoked ? failure(401, 'UNAUTHENTICATED', 'Session expired') : success([])),
      },
    );
    storeToken('token');
    const { location } = renderApp('/dashboard');
    await pageTitle('Dashboard');
    revoked = true;
    const [transactions] = screen.getAllByRole('link', { name: 'Transactions' });
    await userEvent.click(transactions as HTMLElement);

    await waitFor(() => expect(location()).toBe('/sign-in?redirect=%2Ftransactions'));
    expect(messages()).toEqual(['Unauthorized. Please, login first.']);
  });

  it('says "Cannot load categories" when they fail, but still opens the page', async () => {
    signedUpServer({ withBase: true }, { 'GET /categories': () => failure(403, 'FORBIDDEN', 'No') });
    storeToken('token');
    renderApp('/dashboard');
    expect((await pageTitle()).textContent).toBe('Dashboard');
    expect(messages()).toEqual(['Cannot load categories']);
  });

  it('stays quiet about categories when the network failed (that has its own message)', async () => {
    signedUpServer(
      { withBase: true },
      { 'GET /categories': () => Promise.reject(new TypeError('Failed to fetch')) as never },
    );
    storeToken('token');
    renderApp('/dashboard');
    await pageTitle();
    expect(messages()).toEqual(['Can’t reach the server. Check your connection and try again.']);
  });

  it('shows a retry when the session cannot be restored', async () => {
    let up = false;
    fakeServer({
      'GET /user': () => (up ? success(sampleUser) : failure(503, 'BAD_GATEWAY', 'The server is restarting.')),
      'GET /user/currencies/base': () => success(sampleBaseCurrency),
      'GET /categories': () => success(sampleCategories),
    });
    storeToken('token');
    renderApp('/accounts');
    expect(await screen.findByText('The server is restarting.')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await pageTitle()).textContent).toBe('Accounts');
  });
});

/** What the form itself says; toasts live outside the page's main element. */
const formAlert = () => within(screen.getByRole('main')).queryByRole('alert')?.textContent ?? null;

/**
 * Fills and sends the credentials form of `page`, holding the server's `answer` back until the form
 * shows it is busy, then resolves once the form is ready again: by then it has dealt with the answer.
 */
async function submitCredentials(
  page: { path: string; call: string; submit: string; busy: string },
  answer: () => Response,
  handlers: Record<string, (r: FakeRequest) => Response> = {},
) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  fakeServer({
    ...handlers,
    [page.call]: async () => {
      await released;
      return answer();
    },
  });
  renderApp(page.path);
  await userEvent.type(await screen.findByLabelText('Username'), 'olena');
  await userEvent.type(screen.getByLabelText('Password'), 'long enough password');
  await userEvent.click(screen.getByRole('button', { name: page.submit }));
  await screen.findByRole('button', { name: page.busy });
  release();
  await screen.findByRole('button', { name: page.submit });
  return { form: formAlert(), toasts: messages() };
}

describe('sign-in form', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  const signIn = { path: '/sign-in', call: 'POST /auth/login', submit: 'Sign in', busy: 'Signing in…' };
  const submitWith = (answer: () => Response) => submitCredentials(signIn, answer);

  it('shows wrong credentials under the form', async () => {
    expect(await submitWith(() => failure(401, 'INVALID_CREDENTIALS', 'Invalid credentials'))).toEqual({
      form: 'Invalid username or password.',
      toasts: [],
    });
    expect(useSessionStore.getState().token).toBeNull();
  });

  it("shows a rate limit as a generic error on the form, and the server's wait in a toast", async () => {
    const answer = () =>
      failure(429, 'TOO_MANY_REQUESTS', 'Too many failed sign-in attempts. Try again in 15 min.', {
        headers: { 'Retry-After': '900' },
      });
    expect(await submitWith(answer)).toEqual({
      form: 'Unexpected error',
      toasts: ['Too many failed sign-in attempts. Try again in 15 min.'],
    });
  });

  it('says "Unexpected error" once when the server fails: in the toast, not again on the form', async () => {
    expect(await submitWith(() => failure(500, 'UNEXPECTED', 'Internal error'))).toEqual({
      form: null,
      toasts: ['Unexpected error.'],
    });
  });

  it('shows anything else as a generic error', async () => {
    expect(await submitWith(() => failure(403, 'FORBIDDEN', 'Forbidden'))).toEqual({
      form: 'Unexpected error',
      toasts: [],
    });
  });

  it('validates the fields before asking the server', async () => {
    const server = fakeServer({});
    renderApp('/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(server).not.toHaveBeenCalled();
  });
});

describe('sign-up and welcome', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('registers, logs in, chooses the base currency and lands on the dashboard', async () => {
    let base: typeof sampleBaseCurrency | null = null;
    const server = signedUpServer(
      { withBase: false },
      {
        'POST /auth/register': ({ body }) =>
          success({ user: { id: 7, username: (body as { username: string }).username } }, { status: 201 }),
        'POST /auth/login': () => success({ token: 'new-user-token' }),
        'POST /user/currencies/base': ({ body }) => {
          const currency = sampleCurrencies.find((item) => item.id === (body as { currencyId: number }).currencyId);
          base = { ...sampleBaseCurrency, currencyId: currency?.id ?? 0, currency: currency ?? sampleCurrencies[0]! };
          return success(base);
        },
        'GET /user/currencies/base': () => (base ? success(base) : success(null)),
      },
    );
    const { location } = renderApp('/sign-up');

    await userEvent.type(await screen.findByLabelText('Username'), 'ol');
    await userEvent.tab();
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Username'), 'ena');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(location()).toBe('/welcome'));
    const search = await screen.findByRole('combobox', { name: 'Search currencies' });
    await userEvent.type(search, 'dollar');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['USDUS Dollar']);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('option', { name: /USD/ }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(cachedBaseCurrency()?.currency.code).toBe('USD');
    const registerCall = server.mock.calls.find(([url]) => String(url) === '/api/v1/auth/register');
    expect(JSON.parse(String(registerCall?.[1]?.body))).toEqual({
      username: 'olena',
      password: 'long enough password',
    });
    expect(messages()).toContain('USD is your base currency.');
  });

  it('shows the username and password rules, and holds back look-alike names, blank and common passwords', async () => {
    const server = fakeServer({});
    renderApp('/sign-up');
    const username = await screen.findByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(username.getAttribute('aria-describedby')).toBeTruthy();
    const hintOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    expect(hintOf(username)).toBe(
      '3–64 characters: letters of one alphabet (Latin or Cyrillic, not mixed), digits, “.”, “_” or “-”.',
    );
    expect(hintOf(password)).toBe(
      '8–128 characters, not only spaces, and not a common password such as “password123”.',
    );

    // "оlena" with a Cyrillic о: a look-alike of "olena".
    await userEvent.type(username, '\u043elena');
    await userEvent.type(password, '          ');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Username must use letters of one alphabet only (for example all Latin or all Cyrillic)'),
    ).toBeTruthy();
    expect(screen.getByText('Password cannot be made of spaces only')).toBeTruthy();

    await userEvent.clear(password);
    await userEvent.type(password, 'Password123');
    await userEvent.tab();
    expect(
      await screen.findByText('This password is one of the most common ones. Choose one that is harder to guess'),
    ).toBeTruthy();
    // Nothing sent but the question whether sign-up is open.
    expect(server.mock.calls.filter(([url]) => String(url) !== '/api/v1/health')).toEqual([]);
  });

  it('says sign-up is closed, with no form, when the server has closed it', async () => {
    fakeServer({ 'GET /health': () => success({ status: 'ok', db: 'pglite', registrations: 'closed' }) });
    renderApp('/sign-up');
    expect(
      await screen.findByText(
        'Sign-up is closed on this server. Ask the person who runs it to create an account for you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('says "Unexpected error" once when the server fails', async () => {
    const signUp = {
      path: '/sign-up',
      call: 'POST /auth/register',
      submit: 'Create account',
      busy: 'Creating your account…',
    };
    expect(await submitCredentials(signUp, () => failure(500, 'UNEXPECTED', 'Internal error'))).toEqual({
      form: null,
      toasts: ['Unexpected error.'],
    });
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('shows a taken username on its field', async () => {
    fakeServer({ 'POST /auth/register': () => failure(409, 'USER_ALREADY_EXISTS', 'User exists') });
    renderApp('/sign-up');
    await userEvent.type(await screen.findByLabelText('Username'), 'olena');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is taken. Please choose another one.')).toBeTruthy();
    expect(useSessionStore.getState().token).toBeNull();
  });
});
