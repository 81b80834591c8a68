import type { BalancePoint } from '@kopiyka/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.ts';
import { makeAccount } from '../../test/accounts.ts';
import { fakeServer, resetApp, success } from '../../test/api.ts';
import { AccountBalanceTrend } from './account-balance-trend.tsx';

const point = (date: string, balance: number): BalancePoint => ({
  date,
  accountId: 4,
  balance,
  refBalance: balance * 41,
});

function renderTrend(points: BalancePoint[]) {
  const fetchMock = fakeServer({
    'GET /accounts/4': () => success(makeAccount({ id: 4, name: 'Dollars', currencyCode: 'USD', currencyId: 2 })),
    'GET /stats/balance-history': () => success(points),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AccountBalanceTrend accountId={4} />
    </QueryClientProvider>,
  );
  const queries = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/stats/balance-history'))
      .map((url) => Object.fromEntries(url.searchParams));
  return { queries };
}

describe('account balance trend', () => {
  beforeEach(() => {
    resetApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 12));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the last month of the account in its own currency, and goes further back on request', async () => {
    const { queries } = renderTrend([point('2026-11-21', 10_000), point('2026-11-22', 12_000)]);
    expect(await screen.findByRole('img', { name: /^Balance of Dollars over the last month/ })).toBeTruthy();
    expect(screen.getByText('End-of-day balance in USD')).toBeTruthy();
    expect(queries()).toEqual([{ from: '2026-10-22', to: '2026-11-22', accountId: '4', includeHidden: 'true' }]);

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ from: '2016-11-15', to: '2026-11-22' }));
    expect(await screen.findByRole('img', { name: /over all its history/ })).toBeTruthy();
  });

  it('says when there is too little history to draw', async () => {
    renderTrend([point('2026-11-22', 12_000)]);
    expect(await screen.findByText('Not enough history yet')).toBeTruthy();
  });
});
