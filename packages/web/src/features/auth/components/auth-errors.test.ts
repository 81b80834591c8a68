import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { loginErrorMessage, registerErrorFeedback } from './auth-errors.ts';

const apiError = (code: ApiError['code'], statusText = 'Server says no', status = 400, details = []) =>
  new ApiError({ code, statusText, status, details });

/** As the client hands it over once its toast has told the user. */
function notified(error: ApiError): ApiError {
  error.notified = true;
  return error;
}

describe('login error filtering', () => {
  it('shows NOT_FOUND and INVALID_CREDENTIALS as a wrong username or password', () => {
    expect(loginErrorMessage(apiError('INVALID_CREDENTIALS', 'Invalid credentials', 401))).toBe(
      'Invalid username or password.',
    );
    expect(loginErrorMessage(apiError('NOT_FOUND', 'No such user', 404))).toBe('Invalid username or password.');
  });

  it('turns anything else, a rate limit included, into a generic error', () => {
    for (const code of ['TOO_MANY_REQUESTS', 'VALIDATION_ERROR', 'UNEXPECTED', 'FORBIDDEN'] as const) {
      expect(loginErrorMessage(apiError(code))).toBe('Unexpected error');
    }
    expect(loginErrorMessage(new Error('boom'))).toBe('Unexpected error');
  });

  it('says nothing more when a toast has said "Unexpected error." already', () => {
    expect(loginErrorMessage(notified(apiError('UNEXPECTED', 'Unexpected error.', 500)))).toBeUndefined();
    // A toast that says why (the wait) leaves the form its generic line.
    expect(loginErrorMessage(notified(apiError('TOO_MANY_REQUESTS', 'Try again in 15 min.', 429)))).toBe(
      'Unexpected error',
    );
  });

  it('says that the server cannot be reached, which no toast says for a sign-in', () => {
    expect(loginErrorMessage(apiError('NETWORK_ERROR', 'Failed to fetch', 0))).toBe(
      'Can’t reach the server. Check your connection and try again.',
    );
    expect(registerErrorFeedback(apiError('NETWORK_ERROR', 'Failed to fetch', 0)).form).toBe(
      'Can’t reach the server. Check your connection and try again.',
    );
  });
});

describe('sign-up error feedback', () => {
  it('says sign-up is closed, in the language of the page, when the server refuses it', () => {
    const closed = new ApiError({
      code: 'NOT_ALLOWED',
      statusText: 'Sign-up is closed on this server. Ask the person who runs it for an account',
      status: 403,
      details: [{ path: 'registrations', code: 'registrations.closed', params: {}, message: 'closed' }],
    });
    expect(registerErrorFeedback(closed)).toEqual({
      fields: {},
      form: 'Sign-up is closed on this server. Ask the person who runs it for an account',
    });
  });

  it('puts a taken username on the username field', () => {
    expect(registerErrorFeedback(apiError('USER_ALREADY_EXISTS', 'User exists', 409)).fields.username).toMatch(/taken/);
  });

  it('puts validation details on their fields', () => {
    const error = new ApiError({
      code: 'VALIDATION_ERROR',
      statusText: 'Invalid request',
      status: 422,
      details: [
        { path: 'password', message: 'Password is too common', code: 'password.common', params: {} },
        { path: 'username', message: 'Username is reserved', code: 'input.invalid', params: {} },
      ],
    });
    expect(registerErrorFeedback(error)).toEqual({
      fields: { password: 'Password is too common', username: 'Username is reserved' },
    });
  });

  it('shows other failures as a generic error for the whole form, once', () => {
    expect(registerErrorFeedback(notified(apiError('TOO_MANY_REQUESTS', 'Slow down', 429)))).toEqual({
      fields: {},
      form: 'Unexpected error',
    });
    expect(registerErrorFeedback(apiError('FORBIDDEN'))).toEqual({ fields: {}, form: 'Unexpected error' });
    const feedback = registerErrorFeedback(notified(apiError('UNEXPECTED', 'Unexpected error.', 500)));
    expect(feedback.fields).toEqual({});
    expect(feedback.form).toBeUndefined();
  });
});
