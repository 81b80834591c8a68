/** Server error codes (docs/api.md), with the HTTP status each one answers with. */
export const ERROR_STATUS = {
  TOO_MANY_REQUESTS: 429,
  NOT_FOUND: 404,
  NOT_ALLOWED: 403,
  UNEXPECTED: 500,
  VALIDATION_ERROR: 422,
  CONFLICT: 409,
  FORBIDDEN: 403,
  BAD_REQUEST: 400,
  BAD_GATEWAY: 502,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  USER_ALREADY_EXISTS: 409,
  MONOBANK_USER_NOT_PAIRED: 404,
  MONOBANK_USER_ALREADY_CONNECTED: 409,
  MONOBANK_USER_NOT_EXIST: 404,
  MONOBANK_USER_TOKEN_INVALID: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Numeric codes for missing crypto exchange keys; they answer HTTP 422. */
export const BINANCE_KEY_ERRORS = {
  BOTH_KEYS_MISSING: 10101,
  PUBLIC_KEY_MISSING: 10102,
  SECRET_KEY_MISSING: 10103,
} as const;

export type BinanceKeyErrorCode = (typeof BINANCE_KEY_ERRORS)[keyof typeof BINANCE_KEY_ERRORS];

/** The HTTP status an error code answers with: its entry in ERROR_STATUS, 422 for a missing-key code. */
export function errorStatus(code: ErrorCode | BinanceKeyErrorCode): number {
  return typeof code === 'number' ? 422 : ERROR_STATUS[code];
}
