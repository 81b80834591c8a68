import type { ErrorBody, ErrorCode, ValidationIssue } from '@kopiyka/shared';

/** The client's own code for a request that never reached the server. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export type ApiErrorCode = ErrorBody['code'] | typeof NETWORK_ERROR;

/** User-facing texts of SPEC §8. */
export const ERROR_MESSAGES = {
  network: 'Failed to fetch data from the server.',
  unexpected: 'Unexpected error.',
  unauthenticated: 'Unauthorized. Please, login first.',
} as const;

type ApiErrorInit = {
  code: ApiErrorCode;
  statusText: string;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  details?: ValidationIssue[];
};

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly statusText: string;
  readonly status: number;
  readonly details: ValidationIssue[];
  /** True when the client already told the user (a toast), so callers need not repeat it. */
  notified = false;

  constructor({ code, statusText, status, details = [] }: ApiErrorInit) {
    super(statusText);
    this.name = 'ApiError';
    this.code = code;
    this.statusText = statusText;
    this.status = status;
    this.details = details;
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function hasErrorCode(error: unknown, ...codes: Array<ErrorCode | typeof NETWORK_ERROR>): error is ApiError {
  return isApiError(error) && (codes as ApiErrorCode[]).includes(error.code);
}

/**
 * What a form or dialog should say about a failed call, in place; null when the client has told
 * the user already (a toast for a network failure, say), so it is not said twice.
 */
export function inlineErrorMessage(error: unknown): string | null {
  if (isApiError(error)) return error.notified ? null : error.statusText;
  return ERROR_MESSAGES.unexpected;
}
