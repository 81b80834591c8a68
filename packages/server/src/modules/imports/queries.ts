import { setImmediate } from 'node:timers/promises';
import type { ImportState, ImportWallTime } from '@kopiyka/shared';
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { importParts, imports, transactions } from '../../db/schema.ts';
import { pieceEnd } from './text-pieces.ts';

export type ImportRow = typeof imports.$inferSelect;
type NewImportRow = typeof imports.$inferInsert;

/** What an import looks like to the API: everything but the file, the options and the lease. */
const viewColumns = {
  id: imports.id,
  userId: imports.userId,
  accountId: imports.accountId,
  fileName: imports.fileName,
  // No view is of an import being stored: every query answering one leaves `storing` out.
  state: sql<ImportState>`${imports.state}`,
  done: imports.done,
  total: imports.total,
  imported: imports.imported,
  duplicates: imports.duplicates,
  failed: imports.failed,
  failedCount: imports.failedCount,
  error: imports.error,
  errorIssue: imports.errorIssue,
  createdAt: imports.createdAt,
  finishedAt: imports.finishedAt,
};
export type ImportViewRow = Omit<Pick<ImportRow, keyof typeof viewColumns>, 'state'> & { state: ImportState };

/** The imports shown in the history: the latest this many. */
const LIST_LIMIT = 100;

/** The user's import `id`, once its file is stored (one being stored is nobody's to see yet). */
const own = (userId: number, id: number) =>
  and(eq(imports.userId, userId), eq(imports.id, id), ne(imports.state, 'storing'));

/** The most characters of the file one row of `import_parts` holds (see importParts). */
export const IMPORT_PART_CHARS = 256 * 1024;

/** An upload's row, `storing` until its parts are (storeImportParts); answers its id. */
export async function insertStoringImport(db: Executor, row: Omit<NewImportRow, 'state'>): Promise<number> {
  const [inserted] = await db
    .insert(imports)
    .values({ ...row, state: 'storing' })
    .returning({ id: imports.id });
  return inserted!.id;
}

/**
 * Stores an upload's file's text in parts, each part a statement of its own and not one
 * transaction: the embedded database has one connection, and a transaction holding it through a
 * 63 MiB file's 250 parts kept every other request (`/health`'s `select 1` too) waiting for 2–7 s.
 * The import is stored `storing`, which no query of a user's imports sees, and becomes `uploaded`
 * with its last part; one that cannot be stored is dropped with what it stored. Answers nothing
 * when the import was dropped meanwhile (its account or its user deleted).
 */
export async function storeImportParts(db: Executor, importId: number, text: readonly string[]) {
  try {
    let part = 0;
    for (const piece of text) {
      for (let at = 0; at < piece.length; part++) {
        const end = pieceEnd(piece, at, IMPORT_PART_CHARS);
        await db.insert(importParts).values({ importId, part, text: piece.slice(at, end) });
        // The embedded database answers on this thread without a turn of the event loop: the
        // requests waiting for it are let in between two parts.
        await setImmediate();
        at = end;
      }
    }
    const [stored] = await db
      .update(imports)
      .set({ state: 'uploaded' })
      .where(and(eq(imports.id, importId), eq(imports.state, 'storing')))
      .returning(viewColumns);
    return stored;
  } catch (error) {
    const [dropped] = await db.delete(imports).where(eq(imports.id, importId)).returning({ id: imports.id });
    // A part refused because its import is gone already is no failure of the database.
    if (!dropped) return undefined;
    throw error;
  }
}

/**
 * Drops the imports whose file was being stored: at the start of the only instance, what was
 * storing one died with its process.
 */
export async function dropUnstoredImports(db: Executor) {
  await db.delete(imports).where(eq(imports.state, 'storing'));
}

/** The text of an import's file, in its parts. */
export async function selectImportParts(db: Executor, importId: number): Promise<string[]> {
  const parts = await db
    .select({ text: importParts.text })
    .from(importParts)
    .where(eq(importParts.importId, importId))
    .orderBy(importParts.part);
  return parts.map((part) => part.text);
}

export function selectImports(db: Executor, userId: number) {
  return db
    .select(viewColumns)
    .from(imports)
    .where(and(eq(imports.userId, userId), ne(imports.state, 'storing')))
    .orderBy(desc(imports.id))
    .limit(LIST_LIMIT);
}

export async function selectImport(db: Executor, userId: number, id: number) {
  const [row] = await db.select(viewColumns).from(imports).where(own(userId, id));
  return row;
}

/** What the upload's reading kept of an import's file (the header's width, the columns' names), without the file. */
export async function selectImportReading(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ state: imports.state, columns: imports.columns, categoryNames: imports.categoryNames })
    .from(imports)
    .where(own(userId, id));
  return row;
}

/** Locks the import's row for the rest of the database transaction (undo against a commit or the job). */
export async function lockImport(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ ...viewColumns, options: imports.options })
    .from(imports)
    .where(own(userId, id))
    .for('update');
  return row;
}

/** An uploaded import starts: its options stored, its state running. Answers nothing when it was not uploaded any more. */
export async function startImport(db: Executor, userId: number, id: number, options: ImportRow['options']) {
  const [row] = await db
    .update(imports)
    .set({ state: 'running', options })
    .where(and(own(userId, id), eq(imports.state, 'uploaded')))
    .returning(viewColumns);
  return row;
}

export async function updateImport(db: Executor, userId: number, id: number, changes: Partial<NewImportRow>) {
  const [row] = await db.update(imports).set(changes).where(own(userId, id)).returning(viewColumns);
  return row;
}

export async function deleteImport(db: Executor, userId: number, id: number) {
  await db.delete(imports).where(own(userId, id));
}

/**
 * What the file said of the rows a batch brought in (their text and MCC), one statement for the
 * batch: the rows travel as one JSON parameter, as the batch's transactions do.
 */
export async function insertImportItems(
  db: Executor,
  items: Array<{ transactionId: number; text: string; mcc: number | null }>,
) {
  if (items.length === 0) return;
  const payload = JSON.stringify(
    items.map((item) => ({ transaction_id: item.transactionId, text: item.text, mcc: item.mcc })),
  );
  await db.execute(sql`
    insert into import_items (transaction_id, text, mcc)
    select r.transaction_id, r.text, r.mcc
    from jsonb_to_recordset(${payload}::jsonb) as r(transaction_id integer, text varchar, mcc integer)`);
}

/** Drops an import's file: once it has ended nothing reads it again (undo goes by the rows' import id). */
export async function deleteImportParts(db: Executor, importId: number) {
  await db.delete(importParts).where(eq(importParts.importId, importId));
}

/**
 * Uploads not imported: those waiting, and those whose file is being stored (or whose storing
 * process died on a server of several instances, where no start drops them) — both count against
 * the cap, and both expire.
 */
const PENDING_STATES: Array<(typeof imports.state.enumValues)[number]> = ['uploaded', 'storing'];

/** First key of pg_advisory_xact_lock(int, int) for a user's uploads; the second key is the user id. */
const UPLOADS_LOCK = 741_601;

/**
 * How many of the user's uploads wait to be imported, counted under the user's uploads lock (held
 * to the end of `tx`), so two uploads at once cannot both take the last place.
 */
export async function countPendingUploads(tx: Transaction, userId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOADS_LOCK}::int, ${userId}::int)`);
  const [row] = await tx
    .select({ pending: count() })
    .from(imports)
    .where(and(eq(imports.userId, userId), inArray(imports.state, PENDING_STATES)));
  return row!.pending;
}

/**
 * Deletes at most `limit` uploads sent before `sentBefore` and never committed, their parts with
 * them (on delete cascade); answers how many went. The state is checked again on the row deleted,
 * so an upload committed meanwhile stays; rows a commit holds are passed over, not waited for.
 */
export async function deleteExpiredUploads(db: Executor, sentBefore: Date, limit: number): Promise<number> {
  const expired = and(inArray(imports.state, PENDING_STATES), lt(imports.createdAt, sentBefore));
  const deleted = await db
    .delete(imports)
    .where(
      and(
        expired,
        inArray(
          imports.id,
          db.select({ id: imports.id }).from(imports).where(expired).orderBy(imports.id).limit(limit).for('update', {
            skipLocked: true,
          }),
        ),
      ),
    )
    .returning({ id: imports.id });
  return deleted.length;
}

/**
 * Takes the lease of a running import nobody holds (or whose holder died), people taking turns: of
 * those with no import under a lease (worked on elsewhere), the one served longest ago (their last
 * import to finish, none first) has their oldest import taken. So one person's many files queue
 * behind each other, not in front of everyone else's.
 */
export async function claimRunningImport(db: Executor, now: Date, leaseMs: number, leaseToken: string) {
  const [row] = await db
    .update(imports)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), leaseToken })
    .where(
      eq(
        imports.id,
        sql`(
          select i.id from ${imports} i
          where i.state = 'running' and (i.locked_until is null or i.locked_until < ${now})
            and not exists (select 1 from ${imports} busy
              where busy.user_id = i.user_id and busy.state = 'running' and busy.locked_until >= ${now})
          order by (select max(served.finished_at) from ${imports} served where served.user_id = i.user_id)
            nulls first, i.id
          limit 1
          for update skip locked
        )`,
      ),
    )
    .returning();
  return row;
}

/** Writes a batch's outcome only while the lease is this worker's; answers the import, or nothing when it was not. */
export async function updateLeasedImport(
  db: Executor,
  id: number,
  leaseToken: string,
  changes: Partial<NewImportRow>,
): Promise<ImportViewRow | undefined> {
  const [row] = await db
    .update(imports)
    .set(changes)
    .where(and(eq(imports.id, id), eq(imports.leaseToken, leaseToken), eq(imports.state, 'running')))
    .returning(viewColumns);
  return row;
}

/** Lets every lease go: at the start of the only instance, what held one died with its process. */
export async function releaseImportLeases(db: Executor) {
  await db.update(imports).set({ lockedUntil: null, leaseToken: null }).where(eq(imports.state, 'running'));
}

/**
 * The account's transactions within a span of time that are not this import's own: what a row of
 * the file may repeat (the duplicates rule, docs/decisions.md).
 */
export function selectTransactionsBetween(db: Executor, accountId: number, from: Date, to: Date, importId: number) {
  return db
    .select({
      time: transactions.time,
      amount: transactions.amount,
      transactionType: transactions.transactionType,
      note: transactions.note,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        gte(transactions.time, from),
        lte(transactions.time, to),
        or(isNull(transactions.importId), ne(transactions.importId, importId)),
      ),
    );
}

/** Which of these bank ids the account's transactions carry already. */
export async function selectKnownExternalIds(db: Executor, accountId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ externalId: transactions.externalId })
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), inArray(transactions.externalId, ids)));
  return new Set(rows.map((row) => row.externalId!));
}

const wallText = (w: ImportWallTime) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
};

/**
 * Wall-clock times as instants in the user's time zone, by PostgreSQL's zone rules (DST included:
 * a time the clocks skipped is read as the hour after).
 */
export async function instantsInUserZone(db: Executor, userId: number, times: ImportWallTime[]): Promise<Date[]> {
  if (times.length === 0) return [];
  const walls = times.map(wallText);
  const result = await db.execute(sql`
    select round(extract(epoch from w.wall::timestamp at time zone (
      select s.time_zone from user_settings s where s.user_id = ${userId})) * 1000)::text as ms
    from jsonb_array_elements_text(${JSON.stringify(walls)}::jsonb) with ordinality as w(wall, n)
    order by w.n`);
  return (result as unknown as { rows: Array<{ ms: string }> }).rows.map((row) => new Date(Number(row.ms)));
}
