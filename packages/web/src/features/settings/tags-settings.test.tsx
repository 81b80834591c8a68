import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { failure, resetApp, success } from '../../test/api.ts';
import { cleanUpApp, type Handlers, renderApp, signedInServer, toastMessages } from '../../test/app.tsx';

const tags = [
  { id: 1, name: 'Trip', color: '#3498db' },
  { id: 2, name: 'Work', color: '#e74c3c' },
];

function tagsServer(handlers: Handlers = {}) {
  return signedInServer({ 'GET /tags': () => success(tags), ...handlers });
}

describe('tags settings', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('lists the tags and adds one with its colour', async () => {
    const { calls } = tagsServer({
      'POST /tags': ({ body }) => success({ id: 3, ...(body as object) }, { status: 201 }),
    });
    renderApp('/settings/tags');
    const list = within(await screen.findByRole('list', { name: 'Tags' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Trip'),
      expect.stringContaining('Work'),
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tag name' }), '  Vacation ');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Tag “Vacation” added')).toBeTruthy();
    expect(calls('POST', '/tags').map((call) => call.body)).toEqual([{ name: 'Vacation', color: '#3498db' }]);
  });

  it('says what the server refuses, in the user’s language, and checks the name before sending', async () => {
    setLocale('uk');
    const { calls } = tagsServer({
      'POST /tags': () =>
        failure(422, 'VALIDATION_ERROR', 'name: There is a tag "Trip" already', {
          details: [
            { path: 'name', message: 'There is a tag "Trip" already', code: 'tag.exists', params: { name: 'Trip' } },
          ],
        }),
    });
    renderApp('/settings/tags');
    await screen.findByRole('list', { name: 'Мітки' });
    await userEvent.click(screen.getByRole('button', { name: 'Додати мітку' }));
    expect(await screen.findByText('Введіть назву')).toBeTruthy();
    expect(calls('POST', '/tags')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Назва мітки' }), 'TRIP');
    await userEvent.click(screen.getByRole('button', { name: 'Додати мітку' }));
    expect(await screen.findByText('Мітка «Trip» уже є')).toBeTruthy();
  });

  it('deletes a tag after asking', async () => {
    const { calls } = tagsServer({ 'DELETE /tags/2': () => new Response(null, { status: 204 }) });
    renderApp('/settings/tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the tag Work' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('It comes off every transaction that carries it. The transactions stay.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete tag' }));
    expect(await screen.findByText('Tag “Work” deleted')).toBeTruthy();
    expect(calls('DELETE', '/tags/2')).toHaveLength(1);
    expect(toastMessages()).toContain('Tag “Work” deleted');
  });

  it('invites to add a first tag, and offers to try again when the tags cannot be loaded', async () => {
    let up = false;
    tagsServer({ 'GET /tags': () => (up ? success([]) : failure(403, 'FORBIDDEN', 'No')) });
    renderApp('/settings/tags');
    expect(await screen.findByText('Tags could not be loaded')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No tags yet')).toBeTruthy();
  });
});
