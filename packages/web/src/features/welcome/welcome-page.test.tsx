import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { fakeServer, resetApp, sampleCategories, sampleCurrencies, sampleUser, success } from '../../test/api.ts';
import { cleanUpApp, renderApp, storeToken } from '../../test/app.tsx';

describe('welcome page', () => {
  beforeEach(resetApp);
  afterEach(cleanUpApp);

  it('speaks Ukrainian: the greeting, the choice still to make, and the way out', async () => {
    await setLocale('uk');
    fakeServer({
      'GET /user': () => success(sampleUser),
      'GET /user/currencies/base': () => success(null),
      'GET /categories': () => success(sampleCategories),
      'GET /models/currencies': () => success(sampleCurrencies),
    });
    storeToken();
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Виберіть базову валюту' })).toBeTruthy();
    expect(screen.getByText(/^Вітаємо, olena! У цій валюті показано підсумки/)).toBeTruthy();
    expect(await screen.findByText('Ще нічого не вибрано.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Вийти' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Продовжити' }));
    expect(await screen.findByText('Виберіть валюту, щоб продовжити.')).toBeTruthy();
  });
});
