import {
  type BinanceKeyErrorCode,
  type CodedIssue,
  codedIssueOf,
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

/**
 * The code of a zod issue (`kind` is zod's issue code, `raw` the rest of the issue): the one a shared
 * schema's check left on it (shared/issues.ts), else a generic one from zod's own code, its message staying zod's.
 */
export function zodIssueCode(kind: string, raw: Record<string, unknown>): CodedIssue {
  const coded = codedIssueOf(raw);
  if (coded) return coded;
  const text = (value: unknown) => String(value);
  switch (kind) {
    case 'invalid_type':
      return { code: 'input.invalidType', params: { expected: text(raw.expected) } };
    case 'too_small':
      return { code: 'input.tooSmall', params: { origin: text(raw.origin), minimum: Number(raw.minimum) } };
    case 'too_big':
      return { code: 'input.tooBig', params: { origin: text(raw.origin), maximum: Number(raw.maximum) } };
    case 'unrecognized_keys':
      return { code: 'input.unrecognizedKeys', params: { keys: ([] as unknown[]).concat(raw.keys).join(', ') } };
    default:
      return { code: 'input.invalid', params: {} };
  }
}

/** The English of a VALIDATION_ERROR listing its issues. */
export const invalidInputText = (details: ValidationIssue[]) =>
  `Invalid input. ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`;

/**
 * A VALIDATION_ERROR of the issues a zod schema found in the part of the request at `at` (an item
 * of a body read as a stream): each issue's path is named from the top of the body.
 */
export function invalidInput(
  issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }>,
  at: ReadonlyArray<string | number>,
): AppError {
  const details: ValidationIssue[] = issues.map((issue) => ({
    path: [...at, ...issue.path].map(String).join('.') || 'body',
    message: issue.message,
    ...zodIssueCode(issue.code, issue),
  }));
  return new AppError('VALIDATION_ERROR', invalidInputText(details), details);
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
