import type { SuccessEnvelope } from '@kopiyka/shared';

/** Wraps route output in the success envelope of docs/api.md. */
export function success<T>(response: T): SuccessEnvelope<T> {
  return { status: 'success', response };
}
