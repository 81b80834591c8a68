/**
 * Drizzle's queries on the embedded database as prepared statements. PGlite's own `query` parses,
 * plans and describes every statement again, in six calls into its WebAssembly; planning an
 * insert into the transactions table (ten indexes, six foreign keys) took longer than running it.
 * A statement seen twice is prepared under a name of its own, and from then on each run is one call
 * (bind, describe, execute, sync) whose plan PostgreSQL keeps when a generic one is as good, as it
 * does for any client that prepares. A statement seen once goes through PGlite's `query` as before,
 * so one-off statements (a VACUUM of a named table) fill no cache.
 */
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Prepared statements kept; the least recently used is closed beyond this. */
const MOST_PREPARED = 300;

/** "cached plan must not change result type": a table changed under a prepared statement. */
const CACHED_PLAN_CHANGED = '0A000';

interface Prepared {
  name: string;
  /** The parameters' type ids as PostgreSQL described them: PGlite's serializers are chosen by them. */
  paramTypes: number[];
}

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** What drizzle's PGlite session calls: query, and transaction, whose session calls query alone. */
export interface DrizzlePgliteClient {
  query: Query;
  transaction<T>(run: (tx: { query: Query }) => Promise<T>): Promise<T>;
}

const serialize = protocol.serialize;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * The client drizzle is given. Each query's parsers (drizzle reads dates, times and intervals as
 * text and names those parsers with every query) become the instance's own and are not passed on:
 * given parsers, PGlite copies all of its own (about 300) into a new object per statement, 85 µs.
 */
export function preparingClient(client: PGlite, mostPrepared = MOST_PREPARED): DrizzlePgliteClient {
  /** Texts seen once, then texts prepared, each in the order last used (both keep insertion order). */
  const seenOnce = new Set<string>();
  const prepared = new Map<string, Prepared>();
  /** Close messages of statements evicted from `prepared`, sent ahead of the next call. */
  let toClose: Uint8Array[] = [];
  let nextName = 1;

  /** One call into PGlite with the closes waiting before `messages` (inside the query lock). */
  async function call(messages: Uint8Array[]) {
    const closes = toClose;
    toClose = [];
    return (await client.execProtocol(concat([...closes, ...messages]), { syncToFs: false })).messages;
  }

  function forget(text: string) {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    toClose.push(serialize.close({ type: 'S', name: statement.name }));
  }

  const withInstanceParsers = (options?: QueryOptions) => {
    if (!options?.parsers) return options;
    Object.assign(client.parsers, options.parsers);
    return { ...options, parsers: undefined };
  };

  /** Parses and describes `text` under a new name (inside the query lock). */
  async function prepare(text: string): Promise<Prepared> {
    const name = `k${nextName++}`;
    const messages = await call([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    if (prepared.size > mostPrepared) forget(prepared.keys().next().value!);
    return statement;
  }

  /** One run of a prepared statement: bind, describe, execute and sync in one call (inside the query lock). */
  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    try {
      let statement = prepared.get(text);
      if (statement) {
        // Last used now.
        prepared.delete(text);
        prepared.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const { name, paramTypes } = statement;
      // Serialized as PGlite's query does: by the type PostgreSQL gave each parameter.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await call([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      return parse.parseResults(messages, client.parsers, options)[0]!;
    } catch (error) {
      // A table whose columns changed under a kept plan: prepared again at the next run.
      if ((error as { code?: string }).code === CACHED_PLAN_CHANGED) forget(text);
      // The statement's error, with the text that failed, as PGlite's own query reports it.
      throw Object.assign(error as Error, { query: text, params });
    }
  }

  /** The query lock alone inside a transaction (which holds the transaction lock), both outside one. */
  const queryFor =
    (inTransaction: boolean, own: Query): Query =>
    (text, params = [], options) => {
      const lean = withInstanceParsers(options);
      if (!prepared.has(text) && !seenOnce.has(text)) {
        seenOnce.add(text);
        if (seenOnce.size > mostPrepared) seenOnce.delete(seenOnce.keys().next().value!);
        return own(text, params, lean);
      }
      seenOnce.delete(text);
      const locked = () => client._runExclusiveQuery(() => run(text, params, lean));
      if (inTransaction) return locked();
      return client._runExclusiveTransaction(async () => {
        const result = await locked();
        // As PGlite's query does after a statement outside a transaction.
        await client.syncToFs();
        return result;
      });
    };

  return {
    query: queryFor(false, (text, params, options) => client.query(text, params, options)),
    transaction: (work) =>
      client.transaction((tx) =>
        work({ query: queryFor(true, (text, params, options) => tx.query(text, params, options)) }),
      ),
  };
}
