import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { inlineErrorMessage, isUnreachable } from './errors.ts';
import { setServerFieldErrors } from './form-errors.ts';

type SubmissionOptions<Input, Result> = {
  /** Makes the call; a throw is a failure. */
  send: (input: Input) => Promise<Result>;
  /**
   * What to say in place about a failure, null for nothing (the user has been told already, or the
   * fields say it). The server's words by default.
   */
  failureMessage?: (error: unknown, input: Input) => string | null;
  /** What follows a call that worked; awaited, so a form stays busy until it is done. */
  onSuccess?: (result: Result, input: Input) => unknown;
};

/**
 * The one way the app sends what the user asked for (forms, dialogs, inline edits, toggles). It
 * keeps the message of a failure to show in place: each try clears the last message, and what
 * follows runs only once the call has worked. `submit` resolves null once it worked, else with the
 * message shown ('' when there is none: the fields say it, or a toast told the user already).
 * `unreachable` says the last try never reached the server: the form keeps what was typed and offers
 * to send it again.
 */
export function useSubmission<Input = void, Result = unknown>({
  send,
  failureMessage = inlineErrorMessage,
  onSuccess,
}: SubmissionOptions<Input, Result>) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [unreachable, setUnreachable] = useState(false);

  async function submit(input: Input): Promise<string | null> {
    setError(null);
    setUnreachable(false);
    setPending(true);
    try {
      let result: Result;
      try {
        result = await send(input);
      } catch (failure) {
        const message = failureMessage(failure, input);
        setError(message);
        setUnreachable(isUnreachable(failure));
        return message ?? '';
      }
      await onSuccess?.(result, input);
      return null;
    } finally {
      setPending(false);
    }
  }

  /** `pending` holds from the call until what follows it is done; `clearError` forgets a failure once its cause is gone. */
  return {
    submit,
    error,
    pending,
    unreachable,
    clearError: () => {
      setError(null);
      setUnreachable(false);
    },
  };
}

/**
 * A failure's message for the whole form, once the server's validation messages are on the fields
 * they concern: null when any field got one.
 */
export function formFailureMessage<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): string | null {
  return setServerFieldErrors(setError, error, fields) ? null : inlineErrorMessage(error);
}
