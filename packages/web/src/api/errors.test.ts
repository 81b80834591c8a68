import { BINANCE_KEY_ERRORS, ERROR_CODES } from '@kopiyka/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { ApiError, type ApiErrorCode, errorText, loadFailureText, NETWORK_ERROR } from './errors.ts';

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

describe('loadFailureText', () => {
  afterEach(() => setLocale('en'));
  const unreachable = new ApiError({ code: NETWORK_ERROR, statusText: 'Failed to fetch', status: 0 });
  const failed = new ApiError({ code: 'UNEXPECTED', statusText: 'Internal error', status: 500 });

  it('tells a server out of reach from a server that failed to answer', async () => {
    expect(loadFailureText(unreachable)).toBe('Can’t reach the server. Check your connection and try again.');
    expect(loadFailureText(failed)).toBe('The server could not answer just now. Try again in a moment.');
    await setLocale('uk');
    expect(loadFailureText(unreachable)).toBe(
      'Не вдається з’єднатися з сервером. Перевірте з’єднання й спробуйте ще раз.',
    );
    expect(loadFailureText(failed)).toBe('Сервер зараз не зміг відповісти. Спробуйте ще раз за хвилину.');
  });
});
