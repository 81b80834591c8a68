/**
 * Drizzle's queries on PostgreSQL as prepared statements, as pglite-statements.ts does on the
 * embedded database. node-postgres sends a query without a name as an unnamed statement, which
 * PostgreSQL parses and plans again at every run: a page of the list, whose per-row lookups are
 * subplans, or a year of statistics spent a millisecond or more of each request planning. Given a
 * name, node-postgres parses a statement once per connection and later only binds and executes it,
 * and PostgreSQL keeps its plan when a generic one is as good, as the embedded database does.
 *
 * A text seen twice gets a name of its own; a text seen once stays unnamed, so one-off statements
 * fill no cache. Names are never taken back (that would take a DEALLOCATE on every connection that
 * parsed them), so only the first MOST_NAMED texts get one, and the rest stay unnamed.
 */
import type { Pool, PoolClient, QueryConfig } from 'pg';

/** Texts given a name: each connection that runs one keeps its plan, so their number is bounded. */
const MOST_NAMED = 300;

/** "cached plan must not change result type": a table changed under a kept plan. */
const CACHED_PLAN_CHANGED = '0A000';

/** Gives the pool's connections, made now or later, statements named by their text. */
export function prepareStatementsOn(pool: Pool, mostNamed = MOST_NAMED) {
  const seenOnce = new Set<string>();
  const named = new Map<string, string>();
  /** Texts whose kept plans broke: unnamed from then on (the broken name stays parsed on some connections). */
  const unnamed = new Set<string>();

  let nextName = 1;

  const nameOf = (text: string): string | undefined => {
    const name = named.get(text);
    if (name !== undefined || unnamed.has(text)) return name;
    if (!seenOnce.has(text)) {
      seenOnce.add(text);
      if (seenOnce.size > mostNamed) seenOnce.delete(seenOnce.keys().next().value!);
      return undefined;
    }
    seenOnce.delete(text);
    if (named.size >= mostNamed) return undefined;
    const fresh = `k${nextName++}`;
    named.set(text, fresh);
    return fresh;
  };

  const forget = (text: string, error: unknown) => {
    if ((error as { code?: string } | null)?.code !== CACHED_PLAN_CHANGED) return;
    named.delete(text);
    unnamed.add(text);
  };

  const prepareOn = (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // A config object with a text (drizzle's queries, by the pool's callback or as a promise in a
    // transaction) is named by its text, whatever name it came with: drizzle's prepared queries
    // (db/built-once.ts) carry one, and a name of this map's is the one a broken plan is forgotten
    // by. Anything else goes as it came.
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const { text, name } = (typeof config === 'object' && config !== null ? config : {}) as Partial<QueryConfig>;
      if (typeof text !== 'string') return query(config, values, callback);
      const given = nameOf(text);
      if (given === undefined) {
        return query(name === undefined ? config : { ...(config as QueryConfig), name: undefined }, values, callback);
      }
      const withName = { ...(config as QueryConfig), name: given };
      if (typeof callback === 'function') {
        return query(withName, values, (error: unknown, result: unknown) => {
          forget(text!, error);
          callback(error, result);
        });
      }
      return (query(withName, values) as Promise<unknown>).catch((error: unknown) => {
        forget(text!, error);
        throw error;
      });
    };
  };
  pool.on('connect', prepareOn);
}
