import { BINANCE_KEY_ERRORS, ERROR_CODES } from '@kopiyka/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { ApiError, type ApiErrorCode, errorText, NETWORK_ERROR } from './errors.ts';

describe('errorText', () => {
  afterEach(() => setLocale('en'));

  it('shows the server’s English sentence in English', () => {
    expect(
      errorText(new ApiError({ code: 'CONFLICT', statusText: 'The group would contain itself.', status: 409 })),
    ).toBe('The group would contain itself.');
  });

  it('translates a sentence the Ukrainian catalogue knows', async () => {
    await setLocale('uk');
    const details = [{ path: 'amount', message: 'Must be a number', code: 'value.notNumber' as const, params: {} }];
    expect(
      errorText(
        new ApiError({ code: 'VALIDATION_ERROR', statusText: 'amount: Must be a number', status: 422, details }),
      ),
    ).toBe('Має бути числом');
  });

  it('translates a refusal by the code of its one detail', async () => {
    await setLocale('uk');
    const statusText = 'UAH is your base currency. Choose another base currency first.';
    const details = [
      { path: 'currencyId', message: statusText, code: 'base.cannotRemove' as const, params: { code: 'UAH' } },
    ];
    expect(errorText(new ApiError({ code: 'CONFLICT', statusText, status: 409, details }))).toBe(
      'UAH — ваша базова валюта. Спершу виберіть іншу базову валюту.',
    );
  });

  it('says in Ukrainian what every server error code (and the client’s network failure) means when the sentence is unknown', async () => {
    await setLocale('uk');
    const statusText = 'A sentence the catalogue does not know';
    const codes: ApiErrorCode[] = [...ERROR_CODES, NETWORK_ERROR, ...Object.values(BINANCE_KEY_ERRORS)];
    const untranslated = codes.filter((code) => {
      const text = errorText(new ApiError({ code, statusText, status: 400 }));
      return text === statusText || /^[A-Za-z .,]+$/.test(text);
    });
    expect(untranslated).toEqual([]);
  });
});
