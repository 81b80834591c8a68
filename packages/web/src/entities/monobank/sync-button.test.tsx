import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LATEST_ACCOUNT_REFRESH_DATE_KEY } from '../../lib/constants.ts';
import { makeAccount } from '../../test/accounts.ts';
import { success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer } from '../../test/app.tsx';
import { makeBankUser, makeJob } from '../../test/monobank.ts';

const NOW = new Date('2026-03-18T10:00:00.000Z');
const bankAccounts = [makeAccount({ id: 11, name: 'Black', type: 'monobank', externalId: 'a' })];

async function header(handlers: Handlers) {
  const server = signedInServer({
    'GET /accounts': () => success(bankAccounts),
    'GET /banks/monobank/refresh-accounts': () => success(bankAccounts),
    'GET /banks/monobank/load-transactions': () => success({ jobId: 7, windows: 1, estimatedSeconds: 1 }),
    ...handlers,
  });
  // Synced a minute ago: only the button makes it run now.
  localStorage.setItem(LATEST_ACCOUNT_REFRESH_DATE_KEY, new Date(NOW.getTime() - 60_000).toISOString());
  renderApp('/transactions');
  return { ...server, banner: within(await screen.findByRole('banner')) };
}

describe('the header’s sync button', () => {
  freshAppEachTest(NOW);

  it('says when the last sync was, and syncs every enabled bank account when pressed', async () => {
    const { banner, calls } = await header({
      'GET /banks/monobank/user': () => success(makeBankUser()),
      'GET /banks/monobank/jobs': ({ url }) =>
        success(
          url.searchParams.has('active')
            ? []
            : [makeJob({ id: 3, state: 'done', finishedAt: '2026-03-18T09:55:00.000Z' })],
        ),
    });
    const button = await banner.findByRole('button', { name: 'Sync with Monobank (last synced 5 minutes ago)' });
    expect(calls('GET', '/banks/monobank/refresh-accounts')).toEqual([]);
    await userEvent.click(button);
    await waitFor(() => expect(calls('GET', '/banks/monobank/load-transactions')).toHaveLength(1));
    expect(calls('GET', '/banks/monobank/refresh-accounts')).toHaveLength(1);
    expect(calls('GET', '/banks/monobank/load-transactions')[0]?.url.search).toBe('?accountId=11');
  });

  it('spins while an import runs', async () => {
    const { banner } = await header({
      'GET /banks/monobank/user': () => success(makeBankUser()),
      'GET /banks/monobank/jobs': () => success([makeJob({ id: 3, state: 'running' })]),
    });
    const button = await banner.findByRole('button', { name: 'Syncing with Monobank…' });
    expect(button.querySelector('svg')?.getAttribute('class')).toContain('animate-spin');
  });

  it('leads to a new token while Monobank refuses the old one', async () => {
    const { banner } = await header({
      'GET /banks/monobank/user': () => success(makeBankUser({ tokenState: 'invalid' })),
    });
    await userEvent.click(await banner.findByRole('button', { name: 'Monobank sync stopped: paste a new token' }));
    expect(await screen.findByRole('dialog', { name: 'Paste a new Monobank token' })).toBeTruthy();
  });

  it('is not there without Monobank', async () => {
    const { banner } = await header({});
    await banner.findByRole('button', { name: 'Add transaction' });
    expect(banner.queryByRole('button', { name: /Monobank/ })).toBeNull();
  });
});
