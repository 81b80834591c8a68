import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { loginErrorMessage, registerErrorFeedback } from './auth-errors.ts';

const apiError = (code: ApiError['code'], statusText = 'Server says no', status = 400, details = []) =>
  new ApiError({ code, statusText, status, details });

describe('login error filtering (SPEC §8)', () => {
  it('shows NOT_FOUND and INVALID_CREDENTIALS as a wrong username or password', () => {
    expect(loginErrorMessage(apiError('INVALID_CREDENTIALS', 'Invalid credentials', 401))).toBe(
      'Invalid username or password.',
    );
    expect(loginErrorMessage(apiError('NOT_FOUND', 'No such user', 404))).toBe('Invalid username or password.');
  });

  it('passes the rate limit text on', () => {
    expect(loginErrorMessage(apiError('TOO_MANY_REQUESTS', 'Too many attempts. Try again in 60 seconds.', 429))).toBe(
      'Too many attempts. Try again in 60 seconds.',
    );
  });

  it('turns anything else into a generic error', () => {
    for (const code of ['VALIDATION_ERROR', 'UNEXPECTED', 'NETWORK_ERROR', 'FORBIDDEN'] as const) {
      expect(loginErrorMessage(apiError(code))).toBe('Unexpected error');
    }
    expect(loginErrorMessage(new Error('boom'))).toBe('Unexpected error');
  });
});

describe('sign-up error feedback', () => {
  it('puts a taken username on the username field', () => {
    expect(registerErrorFeedback(apiError('USER_ALREADY_EXISTS', 'User exists', 409)).fields.username).toMatch(/taken/);
  });

  it('puts validation details on their fields', () => {
    const error = new ApiError({
      code: 'VALIDATION_ERROR',
      statusText: 'Invalid request',
      status: 422,
      details: [
        { path: 'password', message: 'Password is too common' },
        { path: 'username', message: 'Username is reserved' },
      ],
    });
    expect(registerErrorFeedback(error)).toEqual({
      fields: { password: 'Password is too common', username: 'Username is reserved' },
    });
  });

  it('shows other failures for the whole form', () => {
    expect(registerErrorFeedback(apiError('TOO_MANY_REQUESTS', 'Slow down', 429))).toEqual({
      fields: {},
      form: 'Slow down',
    });
    expect(registerErrorFeedback(apiError('UNEXPECTED'))).toEqual({ fields: {}, form: 'Unexpected error' });
  });
});
