import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/constants.ts';
import { useSessionStore } from '../../stores/session.ts';
import { failure, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';
import { catchDownloads, fileAnswer } from '../../test/downloads.ts';

const noContent = () => new Response(null, { status: 204 });
/** The server's answer to a wrong password: it names the field that carried it. */
const wrongPassword = (path: string) =>
  failure(401, 'INVALID_CREDENTIALS', 'The password is not correct.', {
    details: [{ path, message: 'The password is not correct.', code: 'password.wrong', params: {} }],
  });

async function openUserSettings(handlers: Handlers) {
  const server = signedInServer(handlers);
  const app = renderApp('/settings/user');
  await screen.findByRole('heading', { name: 'Change password' });
  return { ...server, ...app };
}

describe('user settings', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('shows a wrong current password on its field and stays signed in', async () => {
    const { calls, location } = await openUserSettings({
      'PUT /user/password': () => wrongPassword('currentPassword'),
    });
    await userEvent.type(screen.getByLabelText('Current password'), 'not it');
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(calls('PUT', '/user/password').map((call) => call.body)).toEqual([
      { currentPassword: 'not it', newPassword: 'a brand new secret' },
    ]);
    expect(useSessionStore.getState().token).toBe('token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token');
    expect(location()).toBe('/settings/user');
    expect(toastMessages()).toEqual([]);
  });

  it('checks the new password against the rules before sending, then changes it', async () => {
    const { calls } = await openUserSettings({ 'PUT /user/password': noContent });
    await userEvent.type(screen.getByLabelText('Current password'), 'old secret');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'QWERTY123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('This password is one of the most common ones. Choose one that is harder to guess'),
    ).toBeTruthy();
    expect(calls('PUT', '/user/password')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'short');

    await userEvent.type(screen.getByLabelText('New password'), ' but longer now');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(toastMessages()).toContain('Password changed. Your other devices have been signed out.'),
    );
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('signs out everywhere after asking, and lands on sign-in, which leads back here', async () => {
    const { calls, location } = await openUserSettings({ 'POST /auth/logout-all': noContent });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(location()).toBe('/sign-in?redirect=%2Fsettings%2Fuser'));
    expect(calls('POST', '/auth/logout-all')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('deletes the account with the password, and lands on sign-up', async () => {
    let attempts = 0;
    const { calls, location } = await openUserSettings({
      'DELETE /user': () => {
        attempts += 1;
        return attempts === 1 ? wrongPassword('password') : noContent();
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Your password'), 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('The password is not correct.')).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('token');

    await userEvent.clear(dialog.getByLabelText('Your password'));
    await userEvent.type(dialog.getByLabelText('Your password'), 'correct horse');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location()).toBe('/sign-up'));
    expect(calls('DELETE', '/user').map((call) => call.body)).toEqual([
      { password: 'wrong' },
      { password: 'correct horse' },
    ]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toastMessages()).toContain('Your account and all its data have been deleted.');
  });

  it('leaves crypto out of the total balance with one switch, and puts it back', async () => {
    const settings = { locale: 'en', timeZone: 'Europe/Kyiv', stats: { excludedCategoryIds: [] } };
    const { calls } = await openUserSettings({
      'GET /user/settings': () => success({ ...settings, includeCryptoInTotal: true }),
      'PUT /user/settings': ({ body }) => success({ ...settings, ...(body as object) }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Count crypto in the total balance' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(calls('PUT', '/user/settings').map((call) => call.body)).toEqual([
      { includeCryptoInTotal: false },
      { includeCryptoInTotal: true },
    ]);
  });

  it('downloads the backup under the name the server gives', async () => {
    const saved = catchDownloads();
    await openUserSettings({
      'GET /backup': () => fileAnswer('{"version":1}', 'application/json', 'kopiyka-backup-olena-2026-11-26.json'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download backup' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['kopiyka-backup-olena-2026-11-26.json']));
    expect(await saved[0]?.blob.text()).toBe('{"version":1}');
  });

  const backupFile = (text: string) => new File([text], 'kopiyka-backup.json', { type: 'application/json' });
  const counts = {
    accounts: 2,
    accountGroups: 1,
    categories: 30,
    transactions: 120,
    budgets: 1,
    currencies: 2,
    rates: 40,
  };

  async function restore(file: File) {
    await userEvent.upload(screen.getByLabelText('Restore from a file'), file);
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Everything in kopiyka-backup.json becomes this user’s data.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Restore' }));
    return dialog;
  }

  it('restores a backup after asking, shows what came back and asks for everything again', async () => {
    const { calls } = await openUserSettings({
      'POST /backup/restore': () => success({ counts }, { status: 201 }),
    });
    const before = calls('GET', '/user').length;
    await restore(backupFile('{"version":1,"accounts":[]}'));

    const restored = within(await screen.findByRole('status', { name: 'Restored' }));
    expect(restored.getByText('Transactions').nextSibling?.textContent).toBe('120');
    expect(calls('POST', '/backup/restore').map((call) => call.body)).toEqual([{ version: 1, accounts: [] }]);
    expect(toastMessages()).toContain('Backup restored: 120 transactions');
    await waitFor(() => expect(calls('GET', '/user').length).toBeGreaterThan(before));
  });

  it('says in plain words why a restore is refused: data already there, or a file that is no backup', async () => {
    const answers = [
      failure(409, 'CONFLICT', 'The user already has accounts or transactions'),
      failure(422, 'VALIDATION_ERROR', 'Validation failed', {
        details: [
          {
            path: 'transactions.0.accountId',
            message: 'No account has id 4',
            code: 'backup.missingAccount',
            params: { id: 4 },
          },
        ],
      }),
    ];
    const { calls } = await openUserSettings({ 'POST /backup/restore': () => answers.shift()! });

    const dialog = await restore(backupFile('{"version":1}'));
    expect(
      await dialog.findByText(
        'This user already has accounts or transactions. Restore into a new user: sign up anew, then restore right away.',
      ),
    ).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Restore' }));
    expect(
      await dialog.findByText('This file is not a Kopiyka backup, or it is damaged: No account has id 4'),
    ).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));

    // Not JSON at all: refused at once, nothing sent.
    await userEvent.upload(screen.getByLabelText('Restore from a file'), backupFile('not a backup'));
    expect(await screen.findByText('This file is not a Kopiyka backup, or it is damaged.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls('POST', '/backup/restore')).toHaveLength(2);
  });
});
