import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINANCIAL_SYNC_AFTER_MS, FINANCIAL_SYNC_CHECK_MS, LATEST_ACCOUNT_REFRESH_DATE_KEY } from '../lib/constants.ts';
import { useSessionStore } from '../stores/session.ts';
import { makeAccount } from '../test/accounts.ts';
import { type FakeRequest, fakeServer, notPaired, resetApp, sampleUser, success } from '../test/api.ts';
import { makeBankUser } from '../test/monobank.ts';
import { isFinancialSyncDue, useFinancialSync } from './financial-sync.ts';
import { queryClient } from './query-client.ts';
import { logout } from './session.ts';

const NOW = Date.parse('2026-03-18T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('when the financial sync is due', () => {
  it('is due without a remembered refresh, or with one that is not a date', () => {
    expect(isFinancialSyncDue(null, NOW)).toBe(true);
    expect(isFinancialSyncDue('yesterday', NOW)).toBe(true);
  });

  it('waits 30 minutes after the last refresh', () => {
    expect(FINANCIAL_SYNC_AFTER_MS).toBe(30 * 60_000);
    expect(isFinancialSyncDue(minutesAgo(29), NOW)).toBe(false);
    expect(isFinancialSyncDue(new Date(NOW - FINANCIAL_SYNC_AFTER_MS + 1).toISOString(), NOW)).toBe(false);
    expect(isFinancialSyncDue(minutesAgo(30), NOW)).toBe(true);
  });

  it('is due when the remembered refresh lies in the future (the clock was moved back)', () => {
    expect(isFinancialSyncDue(minutesAgo(-10), NOW)).toBe(true);
  });
});

const bankAccounts = [
  makeAccount({ id: 11, name: 'Black', type: 'monobank', externalId: 'a' }),
  makeAccount({ id: 12, name: 'White', type: 'monobank', externalId: 'b' }),
  makeAccount({ id: 13, name: 'Old jar', type: 'monobank', externalId: 'c', isEnabled: false }),
];

/** A server with the given connection; answers how often the sync's calls came. */
function bankServer(bankUser: () => Response) {
  const loads: string[] = [];
  const fetchMock = fakeServer({
    'GET /user': () => success({ ...sampleUser, monobankConnected: bankUser().ok }),
    'GET /banks/monobank/user': bankUser,
    'GET /banks/monobank/refresh-accounts': () => success(bankAccounts),
    'GET /banks/monobank/load-transactions': ({ url }: FakeRequest) => {
      loads.push(url.search);
      return success({ jobId: loads.length, windows: 1, estimatedSeconds: 61 }, { status: 202 });
    },
  });
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).includes(path)).length;
  const refreshes = () => callsTo('/banks/monobank/refresh-accounts');
  return { loads, refreshes, callsTo };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** Lets the 5-second check run `times` more times. */
function ticks(times: number) {
  vi.advanceTimersByTime(times * FINANCIAL_SYNC_CHECK_MS);
}

describe('the financial sync in the signed-in app', () => {
  beforeEach(() => {
    resetApp();
    useSessionStore.setState({ token: 'token' });
    // Only the clock and the check's interval: the query library keeps its real timeouts.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('runs at once when no refresh is remembered: refresh, then a load per enabled bank account', async () => {
    const server = bankServer(() => success(makeBankUser()));
    renderHook(useFinancialSync, { wrapper });

    await vi.waitFor(() => expect(server.loads).toHaveLength(2));
    expect(server.refreshes()).toBe(1);
    expect(server.loads).toEqual(['?accountId=11', '?accountId=12']);
    // Now is remembered: the next sync waits its 30 minutes.
    expect(isFinancialSyncDue(localStorage.getItem(LATEST_ACCOUNT_REFRESH_DATE_KEY), Date.now())).toBe(false);
  });

  it('checks every 5 seconds and runs once the last refresh is 30 minutes old', async () => {
    localStorage.setItem(LATEST_ACCOUNT_REFRESH_DATE_KEY, minutesAgo(29));
    const server = bankServer(() => success(makeBankUser()));
    renderHook(useFinancialSync, { wrapper });
    await vi.waitFor(() => expect(queryClient.getQueryData(['monobank', 'user'])).toBeTruthy());

    ticks(11);
    expect(server.refreshes()).toBe(0);

    // A minute later the refresh is 30 minutes old: the next check runs the sync, once.
    vi.setSystemTime(NOW + 60_000);
    ticks(1);
    await vi.waitFor(() => expect(server.loads).toHaveLength(2));
    ticks(3);
    expect(server.refreshes()).toBe(1);
  });

  it('leaves an unpaired user alone, without asking for a pairing the user’s answer says is not there', async () => {
    const server = bankServer(notPaired);
    renderHook(useFinancialSync, { wrapper });
    await vi.waitFor(() => expect(queryClient.getQueryData(['monobank', 'user'])).toBeNull());
    ticks(3);
    expect(server.refreshes()).toBe(0);
    expect(server.callsTo('/banks/monobank/user')).toBe(0);
    expect(localStorage.getItem(LATEST_ACCOUNT_REFRESH_DATE_KEY)).toBeNull();
  });

  it('waits for a new token while Monobank refuses the old one', async () => {
    const server = bankServer(() => success(makeBankUser({ tokenState: 'invalid' })));
    renderHook(useFinancialSync, { wrapper });
    await vi.waitFor(() => expect(queryClient.getQueryData(['monobank', 'user'])).toBeTruthy());
    ticks(3);
    expect(server.refreshes()).toBe(0);
  });

  it('forgets the last refresh on logout, so the next user of the device syncs at once', () => {
    localStorage.setItem(LATEST_ACCOUNT_REFRESH_DATE_KEY, minutesAgo(1));
    logout();
    expect(localStorage.getItem(LATEST_ACCOUNT_REFRESH_DATE_KEY)).toBeNull();
  });
});
