import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreOfflineData, sessionTag } from '../api/offline-cache.ts';
import { logout } from '../api/session.ts';
import { OFFLINE_DATA_STORAGE_KEY, OUTBOX_STORAGE_KEY } from '../lib/constants.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { claimOutbox, keepInOutbox, useOutboxStore } from '../stores/outbox.ts';
import { makeAccount } from '../test/accounts.ts';
import { resetApp, sampleUser, success } from '../test/api.ts';
import { cleanUpApp, renderApp, signedInServer, storeToken } from '../test/app.tsx';

/*
 * Issue 39: what the person last saw stays readable without a connection, for them alone: kept per
 * user and session, opened on when the server cannot be reached, and gone when they sign out or
 * someone else signs in.
 */

const card = makeAccount({ id: 1, name: 'Everyday card', currentBalance: 123_456 });
const kept = () => localStorage.getItem(OFFLINE_DATA_STORAGE_KEY);

/** Opens the accounts page of a signed-in user and waits until what it showed is kept on the device. */
async function seeAccountsOnline(token = 'token') {
  signedInServer({ 'GET /accounts': () => success([card]) });
  storeToken(token);
  renderApp('/accounts');
  expect(await screen.findAllByRole('link', { name: /Everyday card/ })).not.toHaveLength(0);
  await waitFor(() => expect(kept()).toContain('Everyday card'), { timeout: 5000 });
  cleanup();
  cleanUpApp();
}

/** From now on, every request fails as without a network; answers how many were tried. */
function noNetwork() {
  const fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(resetApp);
afterEach(cleanUpApp);

describe('what was last seen, without a connection', () => {
  it('opens on it with no request at all when the browser is offline, marked as of when, read from this device', async () => {
    await seeAccountsOnline();
    const fetchMock = noNetwork();
    useConnectionStore.setState({ online: false });
    storeToken('token');
    renderApp('/accounts');

    expect(await screen.findAllByRole('link', { name: /Everyday card/ })).not.toHaveLength(0);
    const notice = (await screen.findByText('No connection — showing what was loaded last')).closest('[role="status"]');
    expect(notice?.textContent).toMatch(/^No connection — showing what was loaded last · as of \d+ \w+, \d\d:\d\d/);
    expect(notice?.textContent).toContain('New transactions wait on this device until then.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens on it when the server does not answer though the browser is online', async () => {
    await seeAccountsOnline();
    noNetwork();
    storeToken('token');
    renderApp('/accounts');
    expect(await screen.findAllByRole('link', { name: /Everyday card/ })).not.toHaveLength(0);
    expect(await screen.findByText('No connection — showing what was loaded last')).toBeTruthy();
  });

  it('without anything kept, says the server cannot be reached instead of waiting', async () => {
    noNetwork();
    useConnectionStore.setState({ online: false });
    storeToken('token');
    renderApp('/accounts');
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByText('Can’t reach the server. Check your connection and try again.')).toBeTruthy();
  });

  it('is read only for the session it was kept for', async () => {
    await seeAccountsOnline('token');
    expect(JSON.parse(kept() ?? '{}')).toMatchObject({ owner: sampleUser.id, session: sessionTag('token') });
    expect(restoreOfflineData('another token')).toBeNull();
    expect(restoreOfflineData('token')?.user).toMatchObject({ id: sampleUser.id });
  });
});

describe('nothing of a person survives their sign-out', () => {
  it('signing out removes what was kept and the transactions waiting to be sent', async () => {
    await seeAccountsOnline();
    claimOutbox(sampleUser.id);
    keepInOutbox(sampleUser.id, { amount: 100, transactionType: 'expense', accountId: 1, categoryId: 2 }, 'key-1');
    storeToken('token');
    logout();
    expect(kept()).toBeNull();
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
    expect(useOutboxStore.getState().entries).toEqual([]);

    // Offline, the app then has nothing to open on.
    noNetwork();
    useConnectionStore.setState({ online: false });
    storeToken('token');
    renderApp('/accounts');
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(screen.queryByText(/Everyday card/)).toBeNull();
  });

  it('a session the server ended keeps only the waiting transactions, which another person’s sign-in drops', async () => {
    await seeAccountsOnline();
    claimOutbox(sampleUser.id);
    keepInOutbox(sampleUser.id, { amount: 100, transactionType: 'expense', accountId: 1, categoryId: 2 }, 'key-1');
    storeToken('token');
    logout('server');
    expect(kept()).toBeNull();
    expect(useOutboxStore.getState().entries).toHaveLength(1);

    // Someone else signs in on this device: none of the first person's entries is shown or sent.
    const other = { ...sampleUser, id: 8, username: 'taras' };
    const { calls } = signedInServer({ 'GET /user': () => success(other), 'GET /accounts': () => success([]) });
    storeToken('their token');
    renderApp('/transactions');
    await waitFor(() => expect(useOutboxStore.getState().owner).toBe(8));
    expect(useOutboxStore.getState().entries).toEqual([]);
    expect(JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '{}')).toMatchObject({ owner: 8, entries: [] });
    expect(calls('POST', '/transactions')).toEqual([]);
    expect(screen.queryByText('Waiting to be sent')).toBeNull();
  });
});
