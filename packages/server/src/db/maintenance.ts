import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PeriodicTask } from '../jobs/scheduler.ts';
import type { Database, DatabaseHandle, Executor } from './client.ts';

/**
 * The tables that grow with use and that lists and statistics read (docs/decisions.md "Database
 * maintenance"); the others stay small or are read by key only.
 */
export const GROWING_TABLES = [
  'transactions',
  'account_day_deltas',
  'account_day_totals',
  'account_month_totals',
  'monobank_items',
  'exchange_rates',
  'exchange_rate_days',
] as const;
export type GrowingTable = (typeof GROWING_TABLES)[number];

/** A table is analyzed again once it grew by this share of its size at the last analyze. */
const GROWTH_TO_ANALYZE = 0.1;
/** Writes of fewer rows than this leave the statistics to the periodic check. */
export const LARGE_WRITE_ROWS = 1_000;

interface TableSize {
  table: GrowingTable;
  /** Pages at the last ANALYZE or VACUUM (pg_class.relpages); reltuples -1: never analyzed. */
  relpages: number;
  reltuples: number;
  /** Pages now. */
  pages: number;
}

/**
 * Sizes from the catalog and the files, not pg_stat_user_tables: PGlite neither keeps those
 * counters across a restart nor flushes them while its one connection is busy, so changes since
 * the last ANALYZE are read as growth in pages (an insert-mostly ledger grows as it changes).
 */
async function tableSizes(db: Executor, tables: readonly GrowingTable[]): Promise<TableSize[]> {
  const names = sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select c.relname as table, c.relpages, c.reltuples,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname in (${names})`)) as unknown as {
    rows: TableSize[];
  };
  return result.rows;
}

/** Never analyzed, or grown by a tenth since (a page at least: small tables cost nothing to analyze). */
const isStale = ({ relpages, reltuples, pages }: TableSize) =>
  reltuples < 0 || pages > relpages + Math.max(1, Math.floor(relpages * GROWTH_TO_ANALYZE));

/** The tables kept per day (or month), with the date column every statistics range is planned by. */
const DAY_TABLES: Partial<Record<GrowingTable, 'day' | 'month'>> = {
  account_day_deltas: 'day',
  account_day_totals: 'day',
  account_month_totals: 'month',
};

/** How far the newest day may run past the last day the planner's statistics know. */
const DAYS_PAST_STATISTICS = 7;

/**
 * Those of `tables` kept per day whose newest day is more than DAYS_PAST_STATISTICS past the last
 * day of their statistics (histogram or most common values). The planner reads a range past that
 * day as holding one row: a month of statistics is then planned again at every run for a handful
 * of rows, and its sort outweighs the work. A tenth's growth, at years of history, is months.
 * The newest day is each user's, from the front of their (user_id, day) index.
 */
async function daysPastStatistics(db: Executor, tables: readonly GrowingTable[]): Promise<GrowingTable[]> {
  const dayTables = tables.flatMap((table) => {
    const column = DAY_TABLES[table];
    return column ? [{ table, column }] : [];
  });
  if (dayTables.length === 0) return [];
  const checks = dayTables.map(
    ({ table, column }) => sql`
    select ${table}::text as table,
      (select max(n.day) from users u
        cross join lateral (select max(d.${sql.identifier(column)}) as day from ${sql.identifier(table)} d
          where d.user_id = u.id) n) as newest,
      (select greatest(s.bounds[cardinality(s.bounds)], (select max(v) from unnest(s.common) v))
        from (select histogram_bounds::text::date[] as bounds, most_common_vals::text::date[] as common
          from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = ${column}) s) as known`,
  );
  const result = (await db.execute(sql`
    select c.table from (${sql.join(checks, sql` union all `)}) c
    where c.newest > coalesce(c.known + ${DAYS_PAST_STATISTICS}::int, '-infinity'::date)`)) as unknown as {
    rows: Array<{ table: GrowingTable }>;
  };
  return result.rows.map((row) => row.table);
}

/**
 * The tables every write updates in place (a day's or a month's figures): any update takes its
 * page's all-visible mark, and the list's deep pages and the statistics read them by index only.
 * Growth says little about them, so after writes they are vacuumed whatever their size: they are
 * small, and VACUUM visits only the pages that lost the mark. A day-skip of a page 15,000 rows deep
 * took 12.4 ms with the marks gone (2,372 heap fetches) and 4.5 ms once vacuumed, at 20,000 rows.
 */
const UPDATED_IN_PLACE: readonly GrowingTable[] = ['account_day_deltas', 'account_day_totals', 'account_month_totals'];

/**
 * VACUUM (for the visibility map that index-only scans read, and dead rows) and ANALYZE (for
 * the planner's row counts and histograms) of those of `tables` that changed enough or whose
 * statistics end well before their newest day, and VACUUM of those updated in place when
 * `afterWrites` (requests wrote since the last pass); answers the tables it maintained. VACUUM of
 * rows that are only new costs a pass over the new pages; on PGlite every request waits meanwhile,
 * which is why only changed tables are visited.
 */
export async function maintainStaleTables(
  db: Database,
  tables: readonly GrowingTable[] = GROWING_TABLES,
  afterWrites = false,
): Promise<GrowingTable[]> {
  const grown = (await tableSizes(db, tables)).filter(isStale).map((size) => size.table);
  const behind = await daysPastStatistics(db, tables);
  const stale = tables.filter((table) => grown.includes(table) || behind.includes(table));
  for (const table of stale) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  const updated = afterWrites
    ? tables.filter((table) => UPDATED_IN_PLACE.includes(table) && !stale.includes(table))
    : [];
  for (const table of updated) await db.execute(sql`vacuum ${sql.identifier(table)}`);
  return [...stale, ...updated];
}

/**
 * After an import, a restore or a bank's history wrote `rows` rows: the tables it grew are
 * brought up to date before the user looks at them (on PostgreSQL too: autovacuum may take
 * minutes to notice, and does not at all below a tenth of a large table). Never fails the
 * write it follows: a failure is logged, and the periodic check tries again.
 */
export async function maintainAfterLargeWrite(
  db: Database,
  log: FastifyBaseLogger,
  rows: number,
  tables: readonly GrowingTable[],
): Promise<void> {
  if (rows < LARGE_WRITE_ROWS) return;
  await maintainStaleTables(db, tables).catch((err) => log.error({ err, tables }, 'could not maintain the database'));
}

/** How often the embedded database's tables are looked at (as often as autovacuum looks): a query on the catalog when nothing changed. */
const EVERY_MS = 60_000;
/**
 * Writing requests between two looks outside the periodic ones. A person who enters or syncs a
 * burst of rows reads the list right after: statistics a minute old, of a table a fraction of its
 * size, made the first page of a history grown to 20,000 rows cost three times what it did once
 * analyzed (docs/decisions.md "Upkeep follows the writes").
 */
export const WRITES_PER_LOOK = 500;
/**
 * A look this long after the last of a run of writes: the pages its last writes touched are marked
 * again before the person reads what they wrote (UPDATED_IN_PLACE).
 */
export const QUIET_AFTER_WRITES_MS = 2_000;

/** The embedded database's upkeep: its periodic task, and the looks that writes bring forward. */
export interface DatabaseUpkeep {
  tasks: PeriodicTask[];
  /**
   * A request wrote: every `writesPerLook`-th looks at the tables now rather than at the next
   * periodic pass, and the last of a run of writes has a look follow once writes pause.
   */
  noteWrite(): void;
  /** Settles once no pass runs and none waits for writes to pause (before the database closes). */
  idle(): Promise<void>;
}

/**
 * The embedded database has no autovacuum: this is it. PostgreSQL's own autovacuum does the same
 * there, so there it has no task and counts no writes. One pass at a time: a look that writes bring
 * forward while one runs waits for it instead of visiting the same tables again.
 */
export function databaseUpkeep(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  { writesPerLook = WRITES_PER_LOOK, quietMs = QUIET_AFTER_WRITES_MS } = {},
): DatabaseUpkeep {
  if (database.kind !== 'pglite') return { tasks: [], noteWrite() {}, idle: async () => {} };
  let running: Promise<unknown> | undefined;
  let wrote = false;
  const pass = () => {
    if (!running) {
      const afterWrites = wrote;
      wrote = false;
      running = maintainStaleTables(database.db, GROWING_TABLES, afterWrites).finally(() => {
        running = undefined;
      });
    }
    return running;
  };
  const passNow = () => {
    pass().catch((err) => log.error({ err }, 'could not maintain the database'));
  };
  let writes = 0;
  /** Set again by every write (`refresh`), so it fires once writes pause. */
  let quiet: NodeJS.Timeout | undefined;
  return {
    tasks: [
      {
        name: 'database-maintenance',
        everyMs: EVERY_MS,
        run: async () => {
          await pass();
        },
      },
    ],
    noteWrite() {
      wrote = true;
      if (quiet) quiet.refresh();
      else {
        quiet = setTimeout(() => {
          quiet = undefined;
          passNow();
        }, quietMs).unref();
      }
      if (++writes < writesPerLook) return;
      writes = 0;
      passNow();
    },
    async idle() {
      clearTimeout(quiet);
      quiet = undefined;
      await running?.catch(() => {});
    },
  };
}
