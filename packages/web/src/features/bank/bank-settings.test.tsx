import type { BankUser } from '@kopiyka/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { makeAccount } from '../../test/accounts.ts';
import { failure, success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeBankUser, makeJob } from '../../test/monobank.ts';

const NOW = new Date('2026-03-18T10:00:00.000Z');
const noContent = () => new Response(null, { status: 204 });

const bankAccounts = [
  makeAccount({ id: 11, name: 'Black', type: 'monobank', externalId: 'a' }),
  makeAccount({ id: 12, name: 'Jar', type: 'monobank', externalId: 'b' }),
];

/** Settings → Bank for a paired user whose connection is `bankUser` (kept as the server changes it). */
async function openBankSettings(bankUser: BankUser, handlers: Handlers = {}) {
  let current: BankUser | null = bankUser;
  const server = signedInServer({
    'GET /banks/monobank/user': () =>
      current ? success(current) : failure(404, 'MONOBANK_USER_NOT_PAIRED', 'Monobank is not connected.'),
    'DELETE /banks/monobank/user': () => {
      current = null;
      return noContent();
    },
    'GET /accounts': () => success(bankAccounts),
    // Synced a minute ago: the financial sync stays quiet here.
    'GET /banks/monobank/refresh-accounts': () => success(bankAccounts),
    ...handlers,
  });
  localStorage.setItem('latest-account-refresh-date', NOW.toISOString());
  const app = renderApp('/settings/bank');
  const main = within(await screen.findByRole('main'));
  await main.findByRole('heading', { name: 'Monobank' });
  return { ...server, ...app, main };
}

describe('Settings → Bank', () => {
  freshAppEachTest(NOW);

  it('shows the connection: client, token and last sync', async () => {
    const { main } = await openBankSettings(makeBankUser(), {
      'GET /banks/monobank/jobs': ({ url }) =>
        success(
          url.searchParams.has('active')
            ? []
            : [makeJob({ id: 3, state: 'done', finishedAt: '2026-03-18T09:55:00.000Z' })],
        ),
    });
    const connection = within(main.getByRole('heading', { name: 'Monobank' }).closest('section') as HTMLElement);
    expect(connection.getByText('Коваленко Оксана')).toBeTruthy();
    expect(connection.getByText('Connected')).toBeTruthy();
    expect(await connection.findByText('5 minutes ago')).toBeTruthy();
    expect(main.getByRole('link', { name: 'Bank' }).getAttribute('aria-current')).toBe('page');
  });

  it('turns the webhook on, and says why when Monobank cannot reach this server', async () => {
    const answers = [
      failure(422, 'VALIDATION_ERROR', 'enabled: Monobank could not reach', {
        details: [
          {
            path: 'enabled',
            message: 'Monobank could not reach http://example.test (timeout).',
            code: 'monobank.unreachableUrl',
            params: { url: 'http://example.test', reason: 'timeout' },
          },
        ],
      }),
      success(makeBankUser({ webhookEnabled: true })),
    ];
    const { main, calls } = await openBankSettings(makeBankUser(), {
      'POST /banks/monobank/update-webhook': () => answers.shift() as Response,
    });
    const webhook = main.getByRole('switch', { name: 'Webhook' });
    expect(webhook.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(webhook);
    expect(await main.findByText('Monobank could not reach http://example.test (timeout).')).toBeTruthy();
    expect(webhook.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(webhook);
    await waitFor(() => expect(webhook.getAttribute('aria-checked')).toBe('true'));
    expect(main.getByText('On: Monobank sends each new transaction here.')).toBeTruthy();
    expect(main.queryByText('Monobank could not reach http://example.test (timeout).')).toBeNull();
    expect(toastMessages()).toContain('Instant updates are on: new transactions arrive as they happen.');
    expect(calls('POST', '/banks/monobank/update-webhook').map((call) => call.body)).toEqual([
      { clientId: 'Yq2iZhujoV', enabled: true },
      { clientId: 'Yq2iZhujoV', enabled: true },
    ]);
  });

  it('keeps the switch off, with the reason, on a server without a public address', async () => {
    const { main } = await openBankSettings(makeBankUser({ webhookAvailable: false }));
    const webhook = main.getByRole('switch', { name: 'Webhook' });
    expect(webhook.hasAttribute('disabled')).toBe(true);
    expect(main.getByText(/this server has none\. Set PUBLIC_URL and restart the server/)).toBeTruthy();
  });

  it('leads to a new token while Monobank refuses the old one', async () => {
    const { main } = await openBankSettings(makeBankUser({ tokenState: 'invalid' }), {
      'POST /banks/monobank/user': () => success(makeBankUser()),
    });
    expect(main.getByText('Token refused')).toBeTruthy();
    expect(main.getByRole('switch', { name: 'Webhook' }).hasAttribute('disabled')).toBe(true);
    // The shell's banner says it on every page.
    expect(
      within(screen.getAllByRole('alert')[0] as HTMLElement).getByText(/stopped accepting your token/),
    ).toBeTruthy();

    const connection = within(main.getByRole('heading', { name: 'Monobank' }).closest('section') as HTMLElement);
    await userEvent.click(connection.getByRole('button', { name: 'Paste a new token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Paste a new Monobank token' }));
    await userEvent.type(dialog.getByLabelText('New personal token'), 'uNewTokenFromApiMonobankUa_0123456789abcdef');
    await userEvent.click(dialog.getByRole('button', { name: 'Save token' }));
    await waitFor(() => expect(toastMessages()).toContain('Token saved. Your cards are syncing again.'));
    expect(await main.findByText('Connected')).toBeTruthy();
    expect(screen.queryByText(/stopped accepting your token/)).toBeNull();
  });

  it('disconnects after saying the cards stay, and then offers to connect again', async () => {
    const { main, calls } = await openBankSettings(makeBankUser());
    await userEvent.click(main.getByRole('button', { name: 'Disconnect' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Disconnect Monobank?' }));
    expect(confirm.getByText(/2 bank accounts stay as accounts with all their history/)).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Disconnect' }));

    expect(await main.findByRole('button', { name: 'Connect Monobank' })).toBeTruthy();
    expect(calls('DELETE', '/banks/monobank/user')).toHaveLength(1);
    expect(toastMessages()).toContain('Monobank disconnected. Your cards stay as accounts with their history.');
  });

  it('lists the latest imports with their state and what stopped a failed one', async () => {
    const jobs = [
      makeJob({ id: 5, state: 'running', done: 1, total: 3, imported: 12 }),
      makeJob({
        id: 4,
        kind: 'sync',
        state: 'failed',
        done: 1,
        error: { code: 'BAD_GATEWAY', message: 'Monobank did not answer as expected.' },
      }),
      makeJob({ id: 3, state: 'done', done: 3, imported: 240, updated: 2 }),
    ];
    const { main } = await openBankSettings(makeBankUser(), {
      'GET /banks/monobank/jobs': ({ url }) => success(url.searchParams.has('active') ? jobs.slice(0, 1) : jobs),
    });
    const list = within(await main.findByRole('list', { name: 'Recent imports' }));
    const rows = list.getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Waiting|Running|Done|Failed)$/).textContent)).toEqual([
      'Running',
      'Failed',
      'Done',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('1 of 3 statement requests')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Monobank did not answer as expected.')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(/^240 new transactions, 2 updated/)).toBeTruthy();
  });

  it('lists the imports in Ukrainian, counting in its plural forms', async () => {
    await setLocale('uk');
    const jobs = [
      makeJob({ id: 5, state: 'running', done: 1, total: 3, imported: 12 }),
      makeJob({ id: 3, state: 'done', done: 3, total: 5, imported: 22, updated: 1 }),
    ];
    const { main } = await openBankSettings(makeBankUser(), {
      'GET /banks/monobank/jobs': ({ url }) => success(url.searchParams.has('active') ? jobs.slice(0, 1) : jobs),
    });
    const rows = within(await main.findByRole('list', { name: 'Останні імпорти' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Триває')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('1 з 3 запитів виписки')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/^22 нові транзакції, 1 оновлена · 3 з 5 запитів ·/)).toBeTruthy();
  });

  it('says in Ukrainian what stopped a failed import, by its code; a reason stored without one as it is', async () => {
    await setLocale('uk');
    const jobs = [
      makeJob({
        id: 4,
        state: 'failed',
        done: 1,
        error: {
          code: 'BAD_GATEWAY',
          message: 'Monobank did not answer (Service Unavailable); try again later.',
          issue: { code: 'monobank.noAnswer', params: { reason: 'Service Unavailable' } },
        },
      }),
      makeJob({
        id: 3,
        state: 'failed',
        done: 1,
        error: { code: 'BAD_GATEWAY', message: 'Monobank did not answer as expected.' },
      }),
    ];
    const { main } = await openBankSettings(makeBankUser(), {
      'GET /banks/monobank/jobs': ({ url }) => success(url.searchParams.has('active') ? [] : jobs),
    });
    const rows = within(await main.findByRole('list', { name: 'Останні імпорти' })).getAllByRole('listitem');
    expect(
      within(rows[0] as HTMLElement).getByText('Monobank не відповів (Service Unavailable); спробуйте пізніше.'),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Monobank did not answer as expected.')).toBeTruthy();
  });

  it('lists the remembered merchants and forgets one', async () => {
    let rules = [
      { id: 1, merchant: 'Сільпо', categoryId: 2 },
      { id: 2, merchant: 'Uklon', categoryId: 3 },
    ];
    const { main, calls } = await openBankSettings(makeBankUser(), {
      'GET /banks/monobank/merchant-rules': () => success(rules),
      'DELETE /banks/monobank/merchant-rules/1': () => {
        rules = rules.filter((rule) => rule.id !== 1);
        return noContent();
      },
    });
    const list = within(await main.findByRole('list', { name: 'Merchant rules' }));
    expect(list.getByText('Сільпо')).toBeTruthy();
    expect(list.getByText('Groceries')).toBeTruthy();

    await userEvent.click(list.getByRole('button', { name: 'Forget the rule for Сільпо' }));
    await waitFor(() => expect(list.queryByText('Сільпо')).toBeNull());
    expect(list.getByText('Uklon')).toBeTruthy();
    expect(calls('DELETE', '/banks/monobank/merchant-rules/1')).toHaveLength(1);
  });
});
