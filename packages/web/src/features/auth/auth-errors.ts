import { hasErrorCode } from '../../api/errors.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
export const UNEXPECTED_FORM_ERROR = 'Unexpected error';

/**
 * SPEC §8: of the login failures only NOT_FOUND and INVALID_CREDENTIALS reach the form as such;
 * a rate limit says when to try again; anything else is a generic error.
 */
export function loginErrorMessage(error: unknown): string {
  if (hasErrorCode(error, 'NOT_FOUND', 'INVALID_CREDENTIALS')) return INVALID_CREDENTIALS_MESSAGE;
  if (hasErrorCode(error, 'TOO_MANY_REQUESTS')) return error.statusText;
  return UNEXPECTED_FORM_ERROR;
}

export type RegisterField = 'username' | 'password';

export type RegisterErrorFeedback = {
  fields: Partial<Record<RegisterField, string>>;
  form?: string;
};

/** Sign-up failures as messages for the fields they concern, or for the whole form. */
export function registerErrorFeedback(error: unknown): RegisterErrorFeedback {
  if (hasErrorCode(error, 'USER_ALREADY_EXISTS')) {
    return { fields: { username: 'This username is taken. Please choose another one.' } };
  }
  if (hasErrorCode(error, 'VALIDATION_ERROR')) {
    const fields: RegisterErrorFeedback['fields'] = {};
    for (const issue of error.details) {
      const field = issue.path.split('.')[0];
      if (field === 'username' || field === 'password') fields[field] ??= issue.message;
    }
    return Object.keys(fields).length > 0 ? { fields } : { fields, form: error.statusText };
  }
  if (hasErrorCode(error, 'TOO_MANY_REQUESTS')) return { fields: {}, form: error.statusText };
  return { fields: {}, form: UNEXPECTED_FORM_ERROR };
}
