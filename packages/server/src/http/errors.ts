import { ERROR_STATUS, type ErrorCode, type ValidationIssue } from '@kopiyka/shared';

/** An expected failure: answered in the error envelope with the status its code maps to. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ValidationIssue[],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** `path` names the request field that held the id, when it came in a body or query rather than the URL. */
export const notFound = (what: string, path?: string) =>
  new AppError('NOT_FOUND', `${what} not found.`, path ? [{ path, message: `${what} not found` }] : undefined);

export const validationError = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', `${path}: ${message}`, [{ path, message }]);
