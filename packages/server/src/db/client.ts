import { cpSync, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Client as PgClient } from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { PGLITE_TEMPLATE_DIR, SERVER_ROOT } from '../paths.ts';
import { prepareStatementsOn } from './pg-statements.ts';
import { preparingClient } from './pglite-statements.ts';
import * as schema from './schema.ts';
import { seedReferenceData } from './seed.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Queries take either the pool-level handle or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a server database, so that every instance hears each NOTIFY. Absent on the embedded
   * database: one process, nothing to hear from.
   */
  notifications?: Notifications;
  close(): Promise<void>;
}

export interface Notifications {
  /**
   * Calls `onPayload` for every NOTIFY on the channel; answers the function that stops listening.
   * `onHearing` is told true each time LISTEN is in place (again, after a broken connection), and
   * false when the connection breaks: what is published until the next true is not heard.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onHearing?: (hearing: boolean) => void,
  ): Promise<() => Promise<void>>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');

/** Several app instances may start at once on one PostgreSQL; only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_406_163_421;

/** Opens the database, applies pending migrations and seeds reference data. */
export interface OpenOptions {
  /** Told about a pooled PostgreSQL connection that broke while idle (the pool replaces it). */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') return openPostgres(config.url, options);
  if (config.dataDir) {
    // PGlite needs its data folder's parent to exist.
    await mkdir(path.dirname(config.dataDir), { recursive: true });
    await startFromTemplate(config.dataDir);
  }
  return openPglite(embeddedDatabase(config.dataDir ?? undefined));
}

/**
 * PostgreSQL's shared buffers on the embedded database, a quarter of its default 128 MB. They live
 * in PGlite's WebAssembly memory, which stays resident once touched and is never given back, so an
 * import or a scan of years of history left the server about 150 MB larger for good. A page that
 * misses them is read from the operating system's file cache, which is cheap.
 */
const EMBEDDED_SHARED_BUFFERS = '32MB';

/** A PGlite instance on `dataDir` (in memory without one), not yet opened. */
export function embeddedDatabase(dataDir: string | undefined): PGlite {
  return new PGlite({
    dataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
}

/**
 * A fresh data folder starts as a copy of the build's ready database when there is one: creating
 * a database (initdb) takes seconds, copying one a fraction of that. Migrations still run after.
 */
async function startFromTemplate(dataDir: string) {
  if (existsSync(dataDir) || !existsSync(PGLITE_TEMPLATE_DIR)) return;
  // Copied beside it and renamed, so a start cut short never leaves half a database behind.
  const copying = `${dataDir}.${process.pid}.partial`;
  // Synchronously: its ~1,100 files took 0.6–0.9 s through fs.promises.cp and 0.16 s this way,
  // and nothing is served before the database is open anyway.
  cpSync(PGLITE_TEMPLATE_DIR, copying, { recursive: true });
  await rename(copying, dataDir);
}

/** Wraps a PGlite instance (a fresh one, or one loaded from a dump) and brings it up to date. */
export async function openPglite(client: PGlite): Promise<DatabaseHandle> {
  await client.waitReady;
  const db = drizzlePglite({ client: preparingClient(client) as unknown as PGlite, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  await seedReferenceData(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The PostgreSQL driver: loaded only when a server database is configured, so the embedded one starts without it. */
type PgDriver = typeof import('pg').default;

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  prepareStatementsOn(pool);
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const migrationDb = drizzlePg({ client, schema });
    await migratePg(migrationDb, { migrationsFolder: MIGRATIONS_DIR });
    await seedReferenceData(migrationDb);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    notifications: listenerOn(pg, url, options),
    close: () => pool.end(),
  };
}

/** How long to wait before listening again after the listening connection broke. */
const RELISTEN_AFTER_MS = 2_000;

/**
 * A connection of its own for LISTEN (a pooled one would be handed to queries), made again when it
 * breaks: events published meanwhile are missed, which costs a stream an update, not data.
 */
function listenerOn(pg: PgDriver, url: string, options: OpenOptions): Notifications {
  return {
    async listen(channel, onPayload, onHearing = () => {}) {
      let stopped = false;
      let client: PgClient | undefined;
      let retry: NodeJS.Timeout | undefined;
      const again = () => {
        if (stopped) return;
        retry = setTimeout(() => void connect().catch(again), RELISTEN_AFTER_MS);
        retry.unref();
      };
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        next.on('error', (error) => {
          onHearing(false);
          options.onConnectionError?.(error);
          void next.end().catch(() => undefined);
          again();
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        onHearing(true);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        onHearing(false);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
