import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { issueText } from '../lib/i18n.ts';
import { hasErrorCode } from './errors.ts';

/**
 * The messages of a VALIDATION_ERROR (or of an INVALID_CREDENTIALS that names the field holding
 * the wrong password) for the fields a form has, keyed by the first segment of each issue's path
 * (the first message per field wins). Empty for any other failure.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  if (!hasErrorCode(error, 'VALIDATION_ERROR', 'INVALID_CREDENTIALS')) return messages;
  for (const issue of error.details) {
    const field = issue.path.split('.')[0] as F;
    if (fields.includes(field)) messages[field] ??= issueText(issue);
  }
  return messages;
}

/**
 * Puts the server's validation messages on the form's fields, focusing the first one only (moving
 * the focus on would blur it, and a blur re-validates the field and clears its message). Says
 * whether any field got one.
 */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  const messages = Object.entries(serverFieldErrors(error, fields)) as Array<[Path<T>, string]>;
  messages.forEach(([field, message], index) => {
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return messages.length > 0;
}
