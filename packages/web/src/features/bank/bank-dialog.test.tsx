import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LATEST_ACCOUNT_REFRESH_DATE_KEY } from '../../lib/constants.ts';
import { setLocale } from '../../lib/i18n.ts';
import { setDisplayTimeZone } from '../../lib/locale.ts';
import { makeAccount } from '../../test/accounts.ts';
import { failure, success } from '../../test/api.ts';
import { freshAppEachTest, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { makeBankUser, makeJob } from '../../test/monobank.ts';
import { PHONE_QUERY, TokenInstructions } from './components/token-form.tsx';

const NOW = new Date('2026-03-18T10:00:00.000Z');
const TOKEN = 'uDemoKopiykaOffline_notARealToken_2026-11-25';

const bankAccounts = [
  makeAccount({
    id: 11,
    name: 'Monobank Black •0698',
    type: 'monobank',
    externalId: 'a',
    accountCategory: 'credit-card',
    currentBalance: 4_453_913,
    creditLimit: 1_500_000,
  }),
  makeAccount({
    id: 12,
    name: 'Monobank White USD •6147',
    type: 'monobank',
    externalId: 'b',
    currencyId: 2,
    currencyCode: 'USD',
    accountCategory: 'current-account',
    currentBalance: 275_024,
  }),
  makeAccount({ id: 13, name: 'Jar · На відпустку', type: 'monobank', externalId: 'c', currentBalance: 4_000_000 }),
];

/** A user without Monobank, whose pairing answers `pair` and whose import is job 9, a third done. */
function connectServer(pair: Handlers[string], extra: Handlers = {}) {
  let paired = false;
  return signedInServer({
    'POST /banks/monobank/pair-user': async (request) => {
      const answer = await pair(request);
      paired = answer.ok;
      return answer;
    },
    'GET /accounts': () => success(paired ? bankAccounts : []),
    'GET /banks/monobank/load-transactions': () =>
      success({ jobId: 9, windows: 3, estimatedSeconds: 121 }, { status: 202 }),
    'GET /banks/monobank/jobs/9': () =>
      success(
        makeJob({
          id: 9,
          state: 'running',
          done: 1,
          total: 3,
          imported: 42,
          nextRunAt: new Date(NOW.getTime() + 40_000).toISOString(),
        }),
      ),
    ...extra,
  });
}

const pairedAnswer = () => success({ user: makeBankUser(), accounts: bankAccounts }, { status: 201 });

async function openConnectDialog() {
  renderApp('/accounts');
  const main = within(await screen.findByRole('main'));
  const [connect] = await main.findAllByRole('button', { name: 'Connect Monobank' });
  await userEvent.click(connect as HTMLElement);
  return within(await screen.findByRole('dialog', { name: 'Connect Monobank' }));
}

async function submitToken(dialog: ReturnType<typeof within>, token: string) {
  const field = dialog.getByLabelText('Personal token');
  await userEvent.clear(field);
  if (token) await userEvent.type(field, token);
  await userEvent.click(dialog.getByRole('button', { name: 'Connect' }));
}

describe('connecting Monobank', () => {
  freshAppEachTest(NOW);

  it('checks the token before sending it, and puts Monobank’s refusal on the field', async () => {
    const { calls } = connectServer(({ body }) =>
      (body as { token: string }).token === TOKEN
        ? pairedAnswer()
        : failure(422, 'MONOBANK_USER_TOKEN_INVALID', 'Monobank does not know this token. Copy it again.', {
            details: [
              {
                path: 'token',
                message: 'Monobank does not know this token',
                code: 'monobank.tokenUnknown',
                params: {},
              },
            ],
          }),
    );
    const dialog = await openConnectDialog();
    expect(dialog.getByText('Step 1 of 4')).toBeTruthy();
    expect(dialog.getByRole('link', { name: /api\.monobank\.ua/ }).getAttribute('href')).toBe(
      'https://api.monobank.ua/',
    );
    expect(dialog.getByText(/never shows it again/)).toBeTruthy();

    await submitToken(dialog, '');
    expect(await dialog.findByText('Paste the token from api.monobank.ua')).toBeTruthy();
    await submitToken(dialog, 'abc');
    expect(await dialog.findByText('This is too short for a Monobank token')).toBeTruthy();
    await submitToken(dialog, 'not a token with spaces in it');
    expect(await dialog.findByText('A Monobank token has only letters, digits, "-" and "_"')).toBeTruthy();
    expect(calls('POST', '/banks/monobank/pair-user')).toEqual([]);

    await submitToken(dialog, 'uAnotherClientsTokenThatMonobankRefuses_1234');
    expect(await dialog.findByText('Monobank does not know this token. Copy it again.')).toBeTruthy();
    expect(dialog.getByLabelText('Personal token').getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST', '/banks/monobank/pair-user').map((call) => call.body)).toEqual([
      { token: 'uAnotherClientsTokenThatMonobankRefuses_1234' },
    ]);
  });

  it('says on a computer to scan the token page’s QR code with the phone', async () => {
    connectServer(pairedAnswer);
    const dialog = await openConnectDialog();
    expect(dialog.getByText(/on this computer\.$/)).toBeTruthy();
    expect(dialog.getByText(/^Scan the QR code it shows with the Monobank app on your phone/)).toBeTruthy();
  });

  it('says on a phone to open the token page there and confirm in the app, with no QR code, in both languages', async () => {
    // A touch screen: the media query of a phone matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      connectServer(pairedAnswer);
      const dialog = await openConnectDialog();
      expect(dialog.getByText(/on this phone\.$/)).toBeTruthy();
      expect(dialog.getByText(/^When the page asks, confirm in the Monobank app/)).toBeTruthy();
      expect(dialog.queryByText(/QR|computer/)).toBeNull();
      cleanup();

      await setLocale('uk');
      const steps = within(render(<TokenInstructions />).container);
      expect(steps.getByText(/на цьому телефоні\.$/)).toBeTruthy();
      expect(steps.getByText(/^Коли сторінка попросить, підтвердьте вхід у застосунку Monobank/)).toBeTruthy();
      expect(steps.queryByText(/QR|комп/)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      await setLocale('en');
    }
  });

  it('says in place when Monobank asks to wait, when it is connected already, or when the bank does not answer', async () => {
    const answers = [
      failure(429, 'TOO_MANY_REQUESTS', 'Monobank takes one request a minute with your token. Try again in 42 s.'),
      failure(
        409,
        'MONOBANK_USER_ALREADY_CONNECTED',
        'Monobank is connected already. Disconnect it first to connect another client.',
      ),
      failure(502, 'BAD_GATEWAY', 'Monobank did not answer as expected: timeout. Try again later.'),
    ];
    connectServer(() => answers.shift() as Response);
    const dialog = await openConnectDialog();
    await submitToken(dialog, TOKEN);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Monobank takes one request a minute with your token. Try again in 42 s.',
    );
    await submitToken(dialog, TOKEN);
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toMatch(/^Monobank is connected already/));
    await submitToken(dialog, TOKEN);
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toMatch(/^Monobank did not answer as expected/));
  });

  it('shows the cards found, estimates the import honestly, and starts it from the chosen moment', async () => {
    const { calls } = connectServer(pairedAnswer);
    const dialog = await openConnectDialog();
    await submitToken(dialog, TOKEN);

    const cards = within(await screen.findByRole('list', { name: 'Cards found' }));
    expect(screen.getByRole('dialog', { name: 'Your Monobank cards' })).toBeTruthy();
    // The card's last digits are an element of their own, kept in view when the name is cut.
    const black = within(cards.getByText('Monobank Black').closest('li') as HTMLElement);
    expect(black.getByText('•0698')).toBeTruthy();
    expect(black.getByText('Credit card · UAH')).toBeTruthy();
    // Own money: the balance less the credit limit.
    expect(black.getByText('UAH 29,539.13')).toBeTruthy();
    expect(black.getByText('UAH 15,000.00')).toBeTruthy();
    expect(cards.getByText('US$2,750.24')).toBeTruthy();
    expect(cards.getByText('Jar · На відпустку')).toBeTruthy();
    expect(toastMessages()).toContain('Monobank connected: 3 accounts added.');
    // Pairing read the cards just now: the financial sync does not run before the import is chosen.
    expect(localStorage.getItem(LATEST_ACCOUNT_REFRESH_DATE_KEY)).not.toBeNull();
    expect(calls('GET', '/banks/monobank/refresh-accounts')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Choose what to import' }));
    const period = within(await screen.findByRole('dialog', { name: 'Import your history' }));
    expect((period.getByLabelText('3 months') as HTMLInputElement).checked).toBe(true);
    // Three accounts, three 31-day statements each, one request a minute.
    expect(await period.findByText('About 9 minutes')).toBeTruthy();
    expect(
      period.getByText(
        'Monobank answers one request a minute, and 3 accounts need 9 statement requests for this period.',
      ),
    ).toBeTruthy();

    await userEvent.click(period.getByLabelText('From a date'));
    await userEvent.click(period.getByRole('button', { name: 'Start import' }));
    expect(await period.findByText('Choose the day to import from')).toBeTruthy();

    await userEvent.click(period.getByLabelText('1 year'));
    expect(await period.findByText('About 36 minutes')).toBeTruthy();
    await userEvent.click(period.getByLabelText('1 month'));
    expect(await period.findByText('About 3 minutes')).toBeTruthy();
    await userEvent.click(period.getByRole('button', { name: 'Start import' }));

    const progress = within(await screen.findByRole('dialog', { name: 'Importing from Monobank' }));
    expect(await progress.findByText('1 of 3 statement requests')).toBeTruthy();
    expect(progress.getByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    expect(progress.getByText(/^42 transactions imported · next request in 40 s/)).toBeTruthy();
    const [load] = calls('GET', '/banks/monobank/load-transactions');
    // A month before now, for every enabled bank account (no accountId).
    expect(Object.fromEntries(load?.url.searchParams ?? [])).toEqual({
      from: String(Date.parse('2026-02-18T10:00:00.000Z')),
    });
  });

  it.each([
    ['on', makeBankUser({ webhookEnabled: true }), /^Instant updates are on: Monobank sends each new card transaction/],
    [
      'off without a public address',
      makeBankUser({ webhookAvailable: false, nextSyncAt: '2026-03-18T10:30:00.000Z' }),
      // 10:30 UTC is 12:30 in Kyiv in March: the time is the person's own.
      /\(PUBLIC_URL is not set\)\. New transactions arrive with the sync every 30 minutes; the next one is at about 12:30\.$/,
    ],
    [
      'off when Monobank cannot reach it',
      makeBankUser({ nextSyncAt: '2026-03-18T10:30:00.000Z' }),
      /^Instant updates could not be turned on: Monobank could not reach this app at its public address\./,
    ],
  ])(
    'says after connecting that instant updates are %s, and when not, when the next sync is',
    async (_, user, said) => {
      setDisplayTimeZone('Europe/Kyiv');
      try {
        connectServer(() => success({ user, accounts: bankAccounts }, { status: 201 }));
        const dialog = await openConnectDialog();
        await submitToken(dialog, TOKEN);
        const cards = within(await screen.findByRole('dialog', { name: 'Your Monobank cards' }));
        expect(cards.getByText(said)).toBeTruthy();
      } finally {
        setDisplayTimeZone(null);
      }
    },
  );

  it('keeps the import in view after a reload, on the accounts page and the dashboard', async () => {
    const running = makeJob({ id: 9, state: 'running', done: 2, total: 9, imported: 310 });
    signedInServer({
      'GET /banks/monobank/user': () => success(makeBankUser()),
      'GET /accounts': () => success(bankAccounts),
      'GET /banks/monobank/jobs': ({ url }) => success(url.searchParams.get('active') === 'true' ? [running] : []),
    });
    const { router } = renderApp('/accounts');
    const card = within(await screen.findByRole('region', { name: 'Importing from Monobank' }));
    expect(card.getByText('2 of 9 statement requests')).toBeTruthy();
    expect(card.getByText(/^310 transactions imported/)).toBeTruthy();

    await router.navigate('/dashboard');
    expect(await screen.findByRole('region', { name: 'Importing from Monobank' })).toBeTruthy();
  });

  it('offers the connection where people look for it, and only while none is paired', async () => {
    signedInServer({
      'GET /transactions': () => success([]),
      'GET /user/settings': () => success({ locale: 'en', stats: { excludedCategoryIds: [] } }),
      'GET /stats/total-balance': () => success({ date: '2026-03-18', refBalance: 0, unvaluedAccountIds: [] }),
      'GET /stats/balance-history': () => success([]),
      'GET /stats/spendings-by-categories': () => success([]),
      'GET /stats/cash-flow': () => success([]),
    });
    const { router } = renderApp('/dashboard');
    const main = within(await screen.findByRole('main'));
    expect((await main.findAllByRole('button', { name: 'Connect Monobank' })).length).toBeGreaterThan(0);
    await router.navigate('/settings/bank');
    // The dashboard may still be on show while the settings page loads: its button would go before the click.
    await main.findByText(/^Paste a personal token from api\.monobank\.ua/);
    await userEvent.click(main.getByRole('button', { name: 'Connect Monobank' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Monobank' })).toBeTruthy();
  });
});
