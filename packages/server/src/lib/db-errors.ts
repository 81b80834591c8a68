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

/** What a log line keeps of a database error besides its message: what failed and where, never a value. */
const LOGGED_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint', 'query'];

type ErrorFields = Error & Record<string, unknown>;

const chainOf = (error: unknown): ErrorFields[] => {
  const chain: ErrorFields[] = [];
  for (let e = error; e instanceof Error && !chain.includes(e as ErrorFields); e = e.cause)
    chain.push(e as ErrorFields);
  return chain;
};

/**
 * A statement's error: drizzle's wrapper and PGlite's error carry the statement's parameters, and
 * PostgreSQL's (pg's and PGlite's) a `detail` that repeats values.
 */
const isDatabaseError = (e: ErrorFields) =>
  ('query' in e && 'params' in e) || (typeof e.severity === 'string' && typeof e.code === 'string');

/**
 * The error as a log line may show it: when a database error is in its chain, a copy of the chain
 * with the statement, the SQLSTATE and the names of what failed, but not the parameters, the
 * `detail` or any quoted value in a message (docs/decisions.md "Database errors are logged without
 * their values"); any other error as it is.
 */
export function withoutQueryValues(error: unknown): unknown {
  const chain = chainOf(error);
  if (!chain.some(isDatabaseError)) return error;
  const statements = chain.flatMap((e) => (typeof e.query === 'string' ? [e.query] : []));
  const copies = chain.map((e) => copyForLog(e, statements));
  copies.forEach((copy, i) => {
    if (copies[i + 1]) copy.cause = copies[i + 1];
  });
  // A log line shows the first error's fields only: the driver's SQLSTATE is under drizzle's wrapper.
  const [first] = copies;
  for (const field of LOGGED_FIELDS) first![field] ??= copies.find((copy) => copy[field] !== undefined)?.[field];
  return first;
}

function copyForLog(error: ErrorFields, statements: string[]): ErrorFields {
  const copy = new Error(messageForLog(error, statements)) as ErrorFields;
  // PostgreSQL's errors come from a minified class in PGlite.
  const type = typeof error.severity === 'string' ? 'DatabaseError' : error.constructor?.name || error.name;
  copy.name = type;
  for (const field of LOGGED_FIELDS) if (error[field] !== undefined) copy[field] = error[field];
  // The stack's frames only: its first lines repeat the message.
  const header = String(error);
  const frames = error.stack?.startsWith(header) ? error.stack.slice(header.length) : '';
  copy.stack = `${type}: ${copy.message}${frames}`;
  return copy;
}

/**
 * A message without values: drizzle's ends in its parameters ("Failed query: …\nparams: …"), and
 * PostgreSQL quotes the value it refused (`invalid input syntax for type integer: "…"`) as it quotes
 * names. A quoted part that is neither in the statement nor a name the error gives is cut from its
 * opening quote to the message's last, as a value may hold quotes itself.
 */
function messageForLog(error: ErrorFields, statements: string[]): string {
  const message = error.message.split('\nparams: ')[0]!;
  const names = ['schema', 'table', 'column', 'dataType', 'constraint'].map((field) => error[field]);
  for (const quoted of message.matchAll(/"([^"]*)"/g)) {
    const text = quoted[1]!;
    if (names.includes(text) || statements.some((statement) => statement.includes(text))) continue;
    return `${message.slice(0, quoted.index)}"…"${message.slice(message.lastIndexOf('"') + 1)}`;
  }
  return message;
}

/** A log call's arguments with its error (`{ err }` first, or the error itself) as withoutQueryValues gives it. */
export function logArgsWithoutQueryValues<Args extends unknown[]>(args: Args): Args {
  const [first, ...rest] = args;
  if (first instanceof Error) return [withoutQueryValues(first), ...rest] as Args;
  if (typeof first === 'object' && first !== null && 'err' in first) {
    return [{ ...first, err: withoutQueryValues(first.err) }, ...rest] as Args;
  }
  return args;
}
