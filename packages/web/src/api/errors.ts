import type { ErrorBody, ValidationIssue } from '@kopiyka/shared';
// The contract's module, not its index, which would bring every schema into the first load.
import { BINANCE_KEY_ERRORS } from '@kopiyka/shared/errors';
import { issueText, type MessageKey, t, useI18nStore } from '../lib/i18n.ts';

/** The client's own code for a request that never reached the server. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export type ApiErrorCode = ErrorBody['code'] | typeof NETWORK_ERROR;

/** User-facing texts of the server's error codes, in the user's language. */
export const ERROR_MESSAGES = {
  get network() {
    return t('error.network');
  },
  get unexpected() {
    return t('error.unexpected');
  },
  get unauthenticated() {
    return t('error.unauthenticated');
  },
};

/** What a code means, for a server sentence the catalogue cannot translate. */
const CODE_MESSAGES: Record<ApiErrorCode, MessageKey> = {
  NETWORK_ERROR: 'error.network',
  UNEXPECTED: 'error.unexpected',
  UNAUTHENTICATED: 'error.unauthenticated',
  TOO_MANY_REQUESTS: 'error.code.TOO_MANY_REQUESTS',
  NOT_FOUND: 'error.code.NOT_FOUND',
  CONFLICT: 'error.code.CONFLICT',
  VALIDATION_ERROR: 'error.code.VALIDATION_ERROR',
  FORBIDDEN: 'error.code.FORBIDDEN',
  BAD_GATEWAY: 'error.code.BAD_GATEWAY',
  PAYLOAD_TOO_LARGE: 'error.code.PAYLOAD_TOO_LARGE',
  INVALID_CREDENTIALS: 'error.code.INVALID_CREDENTIALS',
  USER_ALREADY_EXISTS: 'error.code.USER_ALREADY_EXISTS',
  MONOBANK_USER_NOT_PAIRED: 'error.code.MONOBANK_USER_NOT_PAIRED',
  MONOBANK_USER_ALREADY_CONNECTED: 'error.code.MONOBANK_USER_ALREADY_CONNECTED',
  MONOBANK_USER_TOKEN_INVALID: 'error.code.MONOBANK_USER_TOKEN_INVALID',
  NOT_ALLOWED: 'error.code.NOT_ALLOWED',
  BAD_REQUEST: 'error.code.BAD_REQUEST',
  MONOBANK_USER_NOT_EXIST: 'error.code.MONOBANK_USER_NOT_EXIST',
  [BINANCE_KEY_ERRORS.BOTH_KEYS_MISSING]: 'error.code.10101',
  [BINANCE_KEY_ERRORS.PUBLIC_KEY_MISSING]: 'error.code.10102',
  [BINANCE_KEY_ERRORS.SECRET_KEY_MISSING]: 'error.code.10103',
};

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

/**
 * What to tell the user of a failed call. The server's `statusText` is English: in English
 * it is shown as it is, being the most particular; in another language the one issue it names,
 * translated by its code, else what its error code means.
 */
export function errorText(error: ApiError): string {
  if (useI18nStore.getState().locale === 'en') return error.statusText;
  const [issue, ...more] = error.details;
  return issue && more.length === 0 ? issueText(issue) : t(CODE_MESSAGES[error.code]);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server could not be reached: no answer came (offline, the server down or restarting). */
export function isUnreachable(error: unknown): error is ApiError {
  return isApiError(error) && error.isNetworkError;
}

/**
 * Why a page or a part of it could not be loaded, for its error state beside "Try again": the
 * server out of reach, or the server failing to answer (nothing the person can check then).
 */
export function loadFailureText(error: unknown): string {
  return isUnreachable(error) ? ERROR_MESSAGES.network : t('error.loadFailed');
}

export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return isApiError(error) && codes.includes(error.code);
}

/**
 * What a form or dialog should say about a failed call, in place; null when the client has told
 * the user already (a toast for an unexpected error, say), so it is not said twice. A change that
 * could not reach the server is never toasted: it is said here.
 */
export function inlineErrorMessage(error: unknown): string | null {
  if (isApiError(error)) return error.notified ? null : errorText(error);
  return ERROR_MESSAGES.unexpected;
}
