/** PostgreSQL SQLSTATEs the app reacts to. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

/** True when the error, or any error it wraps (drizzle wraps the driver's), carries one of these SQLSTATEs. */
function hasSqlState(error: unknown, states: ReadonlySet<string>): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && states.has(code)) return true;
  }
  return false;
}

const UNIQUE = new Set([UNIQUE_VIOLATION]);

/** True when the error (or the driver error drizzle wraps) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, UNIQUE);
}

const CONCURRENT_CHANGE = new Set([UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION, SERIALIZATION_FAILURE, DEADLOCK_DETECTED]);

/**
 * True for the failures a concurrent change causes where no service foresaw it: a row another
 * request deleted or inserted between a check and a write, a deadlock, a serialization failure.
 * Services check input before writing, so these mean "try again on fresh data", never bad input.
 */
export function isConcurrentChange(error: unknown): boolean {
  return hasSqlState(error, CONCURRENT_CHANGE);
}
