import {
  type BinanceKeyErrorCode,
  type CodedIssue,
  type ErrorCode,
  type IssueCode,
  type IssueParamsArgument,
  issueAt,
  type ValidationIssue,
} from '@kopiyka/shared';

/**
 * An expected failure of a rule, raised by services and queries. It names a contract error code;
 * the HTTP layer answers it in the error envelope with the status that code maps to.
 */
export class AppError extends Error {
  constructor(
    /** A named code, or a numeric missing-key code (10101–10103, HTTP 422). */
    readonly code: ErrorCode | BinanceKeyErrorCode,
    message: string,
    /** The fields at fault, each by its issue code (`issueAt`). */
    readonly details?: ValidationIssue[],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** `path` names the request field that held the id, when it came in a body or query rather than the URL. */
export const notFound = (what: string, path?: string) =>
  new AppError('NOT_FOUND', `${what} not found.`, path ? [issueAt(path, 'record.notFound', { what })] : undefined);

/** A VALIDATION_ERROR on one field, by its issue code (shared/issues.ts); the English message comes from the code. */
export function validationError<C extends IssueCode>(path: string, code: C, ...params: IssueParamsArgument<C>) {
  const issue = issueAt(path, code, ...params);
  return new AppError('VALIDATION_ERROR', `${path}: ${issue.message}`, [issue]);
}

/** The one issue an error names, by code, to store beside its English message; null when it names none or several. */
export function storedIssueOf(error: AppError): CodedIssue | null {
  const [issue, ...more] = error.details ?? [];
  return issue && more.length === 0 ? { code: issue.code, params: issue.params } : null;
}

/**
 * A refusal (CONFLICT, NOT_ALLOWED, a VALIDATION_ERROR of the request as a whole) whose reason is
 * one issue at `path` (the field or id it concerns): the issue's English message is the
 * statusText, its code what the web translates.
 */
export function refusal<C extends IssueCode>(
  errorCode: ErrorCode,
  path: string,
  code: C,
  ...params: IssueParamsArgument<C>
) {
  const issue = issueAt(path, code, ...params);
  return new AppError(errorCode, issue.message, [issue]);
}
