import { IDLE_BASE_CURRENCY_CHANGE } from '@kopiyka/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/app.tsx';
import { routes, wireRouter } from '../app/router.tsx';
import { TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import {
  eventStream,
  type FakeRequest,
  fakeServer,
  notPaired,
  resetApp,
  sampleBaseCurrency,
  sampleCategories,
  sampleCurrencies,
  sampleUser,
  success,
} from './api.ts';

/*
 * The app fetches the session restore, the signed-in frame and every page on demand. The pages a test
 * lands on most are compiled here, with the test file, as when they were part of the main bundle: a
 * test's first wait is then spent on the app, not on compiling them.
 */
await Promise.all([
  import('../app/session.ts'),
  import('../app/layout/app-shell.tsx'),
  import('../features/auth/sign-in-page.tsx'),
  import('../features/welcome/welcome-page.tsx'),
  import('../features/dashboard/dashboard-page.tsx'),
]);

export type Handlers = Record<string, (request: FakeRequest) => Response | Promise<Response>>;

let unwire: () => void = () => undefined;

/** The whole app on a memory router at `path`; `location()` reads where it is now. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  unwire = wireRouter(router);
  render(<App router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location };
}

/** For afterEach: disconnects the last rendered router and forgets everything. */
export function cleanUpApp(): void {
  unwire();
  unwire = () => undefined;
  resetApp();
}

/**
 * For a describe block: each test starts from a signed-out app with the clock standing at `now`,
 * and forgets it all at the end. Only the clock: Testing Library's waiting keeps its real timers.
 */
export function freshAppEachTest(now: Date): void {
  beforeEach(() => {
    resetApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    cleanUpApp();
    vi.useRealTimers();
  });
}

export function storeToken(token = 'token'): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  useSessionStore.setState({ token });
}

/**
 * A signed-in user with UAH as base currency and the sample categories, plus `handlers`. Returns
 * the fetch mock and `calls(method, path)`: the parsed bodies and URLs sent there, in order.
 */
export function signedInServer(handlers: Handlers = {}) {
  storeToken();
  const fetchMock = fakeServer({
    // Connected to Monobank when the test's server answers a bank user.
    'GET /user': () => success({ ...sampleUser, monobankConnected: 'GET /banks/monobank/user' in handlers }),
    'GET /user/currencies/base': () => success(sampleBaseCurrency),
    'GET /user/currencies': () => success([sampleBaseCurrency]),
    'GET /user/currencies/base/change': () => success(IDLE_BASE_CURRENCY_CHANGE),
    'GET /categories': () => success(sampleCategories),
    'GET /models/currencies': () => success(sampleCurrencies),
    'GET /accounts': () => success([]),
    'GET /account-groups': () => success([]),
    'GET /tags': () => success([]),
    'GET /banks/monobank/user': notPaired,
    'GET /banks/monobank/jobs': () => success([]),
    'GET /events': () => eventStream().response,
    'GET /stats/crypto-balance-history': () => success([]),
    'GET /recurring/upcoming': () => success({ items: [], forecast: [] }),
    'GET /budgets': () => success([]),
    ...handlers,
  });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === `/api/v1${path}`)
      .map(({ url, init }) => ({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined }));
  return { fetchMock, calls };
}

export const toastMessages = () =>
  useNotificationsStore.getState().notifications.map((notification) => notification.message);
