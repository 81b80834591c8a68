import { API_PREFIX, type Endpoint, endpoints } from '@kopiyka/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../test/accounts.ts';
import { success } from '../test/api.ts';
import { freshAppEachTest, renderApp, signedInServer } from '../test/app.tsx';
import { makeTransaction } from '../test/transactions.ts';
import { earlyRequestUrls, sendEarlyRequests } from './early-requests.ts';

const now = new Date(2026, 10, 22, 12);

/** The contract's GET paths, `:name` segments as patterns. */
const getPaths = Object.values(endpoints)
  .flatMap((group) => Object.values(group as Record<string, Endpoint>))
  .filter((endpoint) => endpoint.method === 'GET' && !endpoint.stream && !endpoint.download)
  .map((endpoint) => new RegExp(`^${API_PREFIX}${endpoint.path.replace(/:\w+/g, '[^/]+')}$`));

const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

describe('the requests a signed-in load sends as the app starts', () => {
  it('are GETs of the contract: the session on every page, the figures too on the dashboard', () => {
    const dashboard = earlyRequestUrls({ pathname: '/dashboard', search: '?month=2026-10' }, now);
    for (const url of dashboard)
      expect(
        getPaths.some((path) => path.test(pathOf(url))),
        url,
      ).toBe(true);
    expect(dashboard).toContain('/api/v1/stats/spendings-by-categories?from=2026-10-01&to=2026-10-31');
    expect(dashboard).toContain('/api/v1/stats/cash-flow?from=2026-05-01&to=2026-10-31&interval=month');
    // The root leads to the dashboard of this month, whatever its query.
    expect(earlyRequestUrls({ pathname: '/', search: '?month=2026-10' }, now)).toContain(
      '/api/v1/stats/total-balance?date=2026-11-22',
    );
    // Elsewhere only what every page waits for; the session's restore goes first.
    const budgets = earlyRequestUrls({ pathname: '/budgets', search: '' }, now);
    expect(budgets.map(pathOf)).toEqual([
      '/api/v1/user',
      '/api/v1/user/currencies/base',
      '/api/v1/categories',
      '/api/v1/user/settings',
      '/api/v1/user/currencies',
      '/api/v1/user/currencies/base/change',
    ]);
    expect(dashboard.slice(0, 5)).toEqual(budgets.slice(0, 5));
  });
});

describe('a dashboard load with a stored token', () => {
  freshAppEachTest(now);

  it('asks for everything the dashboard shows before its code runs, and takes each answer once', async () => {
    const { fetchMock } = signedInServer({
      'GET /user/settings': () => success({ locale: 'en', stats: { excludedCategoryIds: [] } }),
      'GET /accounts': () => success([makeAccount({ id: 1, name: 'Card', currentBalance: 1_200_000 })]),
      'GET /transactions': () => success([makeTransaction({ id: 1, time: new Date(2026, 10, 20, 9).toISOString() })]),
      'GET /stats/total-balance': () => success({ date: '2026-11-22', refBalance: 1_200_000, unvaluedAccountIds: [] }),
      'GET /stats/total-balance-change': () =>
        success({
          from: '2026-10-31',
          to: '2026-11-22',
          refBalance: 1_200_000,
          previousRefBalance: 1_200_000,
          change: 0,
          added: 0,
        }),
      'GET /stats/balance-history': () =>
        success([{ date: '2026-11-01', accountId: 1, balance: 1_200_000, refBalance: 1_200_000 }]),
      'GET /stats/spendings-by-categories': () =>
        success([{ categoryId: 1, name: 'Food & Drinks', color: '#e74c3c', amount: 30_000 }]),
      'GET /stats/cash-flow': () => success([{ period: '2026-11-01', income: 500_000, expense: 30_000, net: 470_000 }]),
    });
    sendEarlyRequests('token', new URL('http://localhost/dashboard'));
    const early = fetchMock.mock.calls.map(([url]) => String(url));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Latest records' });
    await waitFor(() => expect(screen.queryAllByRole('status', { name: /^Loading/ })).toEqual([]));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => pathOf(String(url)))).toContain('/api/v1/events'));
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => pathOf(url) !== '/api/v1/events');
    // Nothing asked twice: the app took every early answer instead of asking again …
    expect(asked).toHaveLength(new Set(asked).size);
    // … and needed nothing else.
    expect(new Set(asked)).toEqual(new Set(early));
  });
});
