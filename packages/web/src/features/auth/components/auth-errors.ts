import { errorText, hasErrorCode, isUnreachable } from '../../../api/errors.ts';
import { serverFieldErrors } from '../../../api/form-errors.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The generic message for the form, or none when the client's toast says "Unexpected error."
 * already: once is enough. A throttle's toast stays beside it, as it says how long the wait is.
 * A server that could not be reached is said as such (no toast does): it tells nothing of the account.
 */
function unexpectedFormError(error: unknown): string | undefined {
  if (isUnreachable(error)) return t('error.network');
  return hasErrorCode(error, 'UNEXPECTED') && error.notified ? undefined : t('auth.unexpected');
}

/**
 * Of the login failures only NOT_FOUND and INVALID_CREDENTIALS reach the form as such;
 * anything else, a throttled login included, is a generic error.
 */
export function loginErrorMessage(error: unknown): string | undefined {
  if (hasErrorCode(error, 'NOT_FOUND', 'INVALID_CREDENTIALS')) return t('auth.invalidCredentials');
  return unexpectedFormError(error);
}

const REGISTER_FIELDS = ['username', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export type RegisterErrorFeedback = {
  fields: Partial<Record<RegisterField, string>>;
  form?: string;
};

/** Sign-up failures as messages for the fields they concern, or for the whole form. */
export function registerErrorFeedback(error: unknown): RegisterErrorFeedback {
  if (hasErrorCode(error, 'USER_ALREADY_EXISTS')) {
    return { fields: { username: t('auth.usernameTaken') } };
  }
  // Sign-up closed by the operator: the server's reason, translated by its issue code.
  if (hasErrorCode(error, 'NOT_ALLOWED')) return { fields: {}, form: errorText(error) };
  if (hasErrorCode(error, 'VALIDATION_ERROR')) {
    const fields = serverFieldErrors(error, REGISTER_FIELDS);
    return Object.keys(fields).length > 0 ? { fields } : { fields, form: errorText(error) };
  }
  // Sign-up ends with a login, so the rest reads as it does on the sign-in form.
  return { fields: {}, form: unexpectedFormError(error) };
}
