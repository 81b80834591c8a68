import type { BalancePoint, Transaction } from '@kopiyka/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { setDisplayTimeZone } from '../../../lib/locale.ts';
import { makeAccount } from '../../../test/accounts.ts';
import { fakeServer, resetApp, success } from '../../../test/api.ts';
import { makeTransaction } from '../../../test/transactions.ts';
import { AccountBalanceTrend } from './account-balance-trend.tsx';

const point = (date: string, balance: number): BalancePoint => ({
  date,
  accountId: 4,
  balance,
  refBalance: balance * 41,
});

/** Account 4, made on 10 March 2026, with `oldest` as its oldest transaction. */
function renderTrend(points: BalancePoint[], oldest: Transaction[] = []) {
  const fetchMock = fakeServer({
    'GET /accounts/4': () =>
      success(
        makeAccount({
          id: 4,
          name: 'Dollars',
          currencyCode: 'USD',
          currencyId: 2,
          createdAt: '2026-03-10T08:00:00.000Z',
        }),
      ),
    'GET /transactions': () => success(oldest),
    'GET /stats/balance-history': () => success(points),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AccountBalanceTrend accountId={4} />
    </QueryClientProvider>,
  );
  const queries = (path: string) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(path))
      .map((url) => Object.fromEntries(url.searchParams));
  return { queries: () => queries('/stats/balance-history'), transactionQueries: () => queries('/transactions') };
}

describe('account balance trend', () => {
  beforeEach(() => {
    resetApp();
    // The user's days, whatever the process's zone: first days are read in it.
    setDisplayTimeZone('Europe/Kyiv');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 12));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the last month of the account in its own currency, and all of it from its first day', async () => {
    const { queries, transactionQueries } = renderTrend(
      [point('2026-11-21', 10_000), point('2026-11-22', 12_000)],
      [makeTransaction({ id: 1, accountId: 4, time: '2025-07-01T22:30:00.000Z' })],
    );
    expect(await screen.findByRole('img', { name: /^Balance of Dollars over the last month/ })).toBeTruthy();
    expect(screen.getByText('End-of-day balance in USD')).toBeTruthy();
    expect(queries()).toEqual([{ from: '2026-10-22', to: '2026-11-22', accountId: '4', includeHidden: 'true' }]);
    expect(transactionQueries()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    // A transaction backdated before the account was made starts its history, on the user's day (01:30
    // on 2 July in Kyiv), as the API counts days.
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ from: '2025-07-02', to: '2026-11-22' }));
    expect(transactionQueries()).toEqual([{ accountIds: '4', order: 'asc', limit: '1' }]);
    expect(await screen.findByRole('img', { name: /over all its history/ })).toBeTruthy();
    expect(screen.queryByText(/the most one chart can draw/)).toBeNull();
  });

  it('starts "all" at the creation day when nothing is older', async () => {
    const { queries } = renderTrend([point('2026-11-21', 10_000), point('2026-11-22', 12_000)]);
    await screen.findByRole('img', { name: /over the last month/ });
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ from: '2026-03-10', to: '2026-11-22' }));
  });

  it('says so when the history is longer than one chart may draw, rather than cutting it silently', async () => {
    const { queries } = renderTrend(
      [point('2026-11-21', 10_000), point('2026-11-22', 12_000)],
      [makeTransaction({ id: 1, accountId: 4, time: '2009-05-04T10:00:00.000Z' })],
    );
    await screen.findByRole('img', { name: /over the last month/ });
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ from: '2016-11-15', to: '2026-11-22' }));
    expect(
      await screen.findByText(
        'The history goes back to 4 May 2009; the chart shows its latest 3,660 days, the most one chart can draw.',
      ),
    ).toBeTruthy();
  });

  it('speaks Ukrainian: its periods, its name for the chart and the plural of the days it shows', async () => {
    await setLocale('uk');
    renderTrend(
      [point('2026-11-21', 10_000), point('2026-11-22', 12_000)],
      [makeTransaction({ id: 1, accountId: 4, time: '2009-05-04T10:00:00.000Z' })],
    );
    await screen.findByRole('img', { name: /^Залишок рахунку Dollars за останній місяць/ });
    expect(screen.getByText('Залишок на кінець дня в USD')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Усе' }));
    expect((await screen.findByText(/^Історія сягає/)).textContent?.replaceAll('\u00a0', ' ')).toMatch(
      /; графік показує останні 3 660 днів — найбільше, що вміщує один графік\.$/,
    );
  });

  it('draws an account from its first day', async () => {
    renderTrend([point('2026-11-22', 12_000)]);
    const chart = await screen.findByRole('img', { name: /^Balance of Dollars over the last month/ });
    expect(chart.getAttribute('aria-label')?.replaceAll('\u00a0', ' ')).toBe(
      'Balance of Dollars over the last month: US$120.00 on 22 Nov 2026',
    );
  });
});
