import type { Executor } from './client.ts';

/** What drizzle's `prepare` answers: a query built to SQL once, run with its placeholders' values. */
interface BuiltQuery<Values, Result> {
  execute(values: Values): Promise<Result>;
}

/**
 * A query drizzle builds once per database (and per transaction it runs in) instead of at every
 * run. Building a select walks its columns and conditions (drizzle's `is` checks, the SQL text put
 * together): a quarter of the accounts list's time, and part of every request's, whose session and
 * request count are looked up before any handler. The values vary through `sql.placeholder`s. The
 * database keeps the statement's plan as before: drizzle's name for it is not used
 * (db/pg-statements.ts names statements by their text).
 */
export function builtOnce<Values, Result>(
  build: (db: Executor) => BuiltQuery<Values, Result>,
): (db: Executor, values: Values) => Promise<Result> {
  const built = new WeakMap<Executor, BuiltQuery<Values, Result>>();
  return (db, values) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query.execute(values);
  };
}
