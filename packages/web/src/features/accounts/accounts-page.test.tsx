import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAccount, makeGroup } from '../../test/accounts.ts';
import { failure, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, signedInServer } from '../../test/app.tsx';

const groups = [makeGroup({ id: 1, name: 'Family' }), makeGroup({ id: 2, name: 'Kids', parentGroupId: 1 })];
const accounts = [
  makeAccount({ id: 10, name: 'Joint card', accountGroupId: 1, currentBalance: 300_000, creditLimit: 100_000 }),
  makeAccount({ id: 11, name: 'Anna piggy bank', accountGroupId: 2, currentBalance: 5_000 }),
  makeAccount({
    id: 12,
    name: 'Euro savings',
    currencyId: 3,
    currencyCode: 'EUR',
    accountCategory: 'saving',
    currentBalance: 100_000,
    refCurrentBalance: 4_500_000,
    refCreditLimit: 0,
  }),
  makeAccount({ id: 13, name: 'Old wallet', currentBalance: 99_900, isEnabled: false }),
];

describe('accounts page', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('shows the total, the groups nested, and the accounts in no group apart', async () => {
    signedInServer({ 'GET /accounts': () => success(accounts), 'GET /account-groups': () => success(groups) });
    renderApp('/accounts');
    const main = within(await screen.findByRole('main'));

    // 2,000 + 50 + 45,000 (the euro account in UAH); the hidden wallet is not counted.
    const total = (await main.findByRole('heading', { name: 'Total own money' })).closest('section') as HTMLElement;
    expect(within(total).getByText('UAH 47,050.00')).toBeTruthy();
    expect(within(total).getByText(/1 hidden account not counted/)).toBeTruthy();

    const family = main.getByRole('region', { name: /^Family/ });
    expect(within(family).getByRole('link', { name: /Joint card/ })).toBeTruthy();
    const kids = within(family).getByRole('region', { name: /^Kids/ });
    expect(within(kids).getByRole('link', { name: /Anna piggy bank/ })).toBeTruthy();

    const ungrouped = main.getByRole('region', { name: 'Not in a group' });
    const euro = within(ungrouped).getByRole('link', { name: /Euro savings/ });
    expect(within(euro).getByText('€1,000.00')).toBeTruthy();
    expect(within(euro).getByText('UAH 45,000.00')).toBeTruthy();
    const old = within(ungrouped).getByRole('link', { name: /Old wallet/ });
    expect(old.className).toContain('opacity-60');
    expect(within(old).getByText('Hidden')).toBeTruthy();

    const card = main.getByRole('link', { name: /Joint card/ });
    expect(within(card).getByText('UAH 2,000.00')).toBeTruthy();
    expect(within(card).getByText('UAH 1,000.00')).toBeTruthy();
  });

  it('counts the crypto holdings in the total, as the dashboard does, and leads to them', async () => {
    signedInServer({
      'GET /accounts': () => success(accounts),
      'GET /account-groups': () => success(groups),
      'GET /stats/total-balance': (request) =>
        success({
          date: request.url.searchParams.get('date'),
          refBalance: 5_705_000,
          unvaluedAccountIds: [],
          cryptoRefBalance: 1_000_000,
        }),
    });
    renderApp('/accounts');
    const main = within(await screen.findByRole('main'));
    const total = (await main.findByRole('heading', { name: 'Total own money' })).closest('section') as HTMLElement;
    // 47,050 in the accounts and 10,000 in crypto.
    expect(await within(total).findByText('UAH 57,050.00')).toBeTruthy();
    expect(
      within(total)
        .getByText(/in crypto/)
        .textContent?.replaceAll('\u00a0', ' '),
    ).toBe('Including UAH 10,000.00 in crypto. See holdings');
    expect(within(total).getByRole('link', { name: 'See holdings' }).getAttribute('href')).toBe('/crypto');
  });

  it('lists the accounts by group in the sidebar, hidden ones dimmed', async () => {
    signedInServer({ 'GET /accounts': () => success(accounts), 'GET /account-groups': () => success(groups) });
    renderApp('/dashboard');
    const sidebar = within(await screen.findByRole('navigation', { name: 'Accounts' }));
    const links = await sidebar.findAllByRole('link', { name: /UAH|€/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/account/10',
      '/account/11',
      '/account/12',
      '/account/13',
    ]);
    expect(sidebar.getByText('Family')).toBeTruthy();
    expect(sidebar.getByText('Kids')).toBeTruthy();
    expect(sidebar.getByRole('link', { name: /Old wallet/ }).className).toContain('opacity-50');
  });

  it('marks bank accounts, in the list and in the sidebar', async () => {
    signedInServer({
      'GET /accounts': () =>
        success([...accounts, makeAccount({ id: 14, name: 'Black card', type: 'monobank', externalId: 'mono' })]),
      'GET /account-groups': () => success(groups),
    });
    renderApp('/accounts');
    const main = within(await screen.findByRole('main'));
    expect(within(await main.findByRole('link', { name: /Black card/ })).getByText('Monobank')).toBeTruthy();
    expect(within(main.getByRole('link', { name: /Joint card/ })).queryByText('Monobank')).toBeNull();
    const sidebar = within(screen.getByRole('navigation', { name: 'Accounts' }));
    expect(sidebar.getByRole('link', { name: /Black card/ }).textContent).toContain('From Monobank');
  });

  it('invites the first account when there is none', async () => {
    signedInServer();
    renderApp('/accounts');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('Add your first account', { selector: 'p' })).toBeTruthy();
    expect(main.getByRole('link', { name: 'Add your first account' }).getAttribute('href')).toBe('/create-account');
  });

  it('offers to try again when the accounts cannot be loaded', async () => {
    signedInServer({ 'GET /accounts': () => failure(403, 'FORBIDDEN', 'No') });
    renderApp('/accounts');
    expect(await screen.findByText('Accounts could not be loaded')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
