/**
 * POST /transactions/bulk: one change to many transactions, or their deletion, in one database
 * transaction, moving balances, day figures and statistics as the single edit and delete do
 * (docs/decisions.md "Tags and bulk edits"), in a handful of statements whatever the number of rows.
 */
import {
  type BulkSkipReason,
  type BulkTransactionsChange,
  type BulkTransactionsResult,
  TRANSACTION_TAGS_MAX,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { inBatches } from '../../lib/batches.ts';
import { notFound } from '../../lib/errors.ts';
import { assertOwnCategory } from '../categories/index.ts';
import { addTagsTo, assertOwnTags, removeTagsFrom, tagIdsOf } from '../tags/index.ts';
import { changeLeg, lockForWrite, removeLegs } from './ledger.ts';
import {
  selectTransactions,
  selectTransferLegs,
  setCategoryOf,
  setNoteOf,
  type TransactionRow,
} from './queries/rows.ts';
import { BETWEEN, isBankLeg, standaloneChanges } from './transfer-rules.ts';

/** What of a bulk request a row may be spared: its category change, or its deletion. */
type BulkPart = 'category' | 'delete';

/**
 * The one place that decides which rows a part of a bulk change leaves alone, and why: a leg of a
 * transfer between accounts has no category of its own to change (statistics leave transfers out),
 * a split transaction's category is its largest part's (its parts are changed in its own dialog),
 * and a bank transaction is never deleted (its edit keeps the fields the bank does not own).
 */
export function bulkSkipReason(row: TransactionRow, part: BulkPart): BulkSkipReason | undefined {
  if (part === 'category' && row.transferNature === BETWEEN) return 'transfer';
  if (part === 'category' && row.isSplit) return 'split';
  if (part === 'delete' && isBankLeg(row)) return 'bank';
  return undefined;
}

/**
 * Applies a bulk request. Every id must be one of the caller's: a missing or foreign one refuses
 * the whole request (NOT_FOUND on `ids`) before anything is written. The rows are read, decided
 * on, then locked in the ledger's order (lockForWrite), which starts the request over when they
 * changed meanwhile (the caller runs it under onFreshRows).
 */
export async function applyBulk(
  db: Database,
  userId: number,
  body: BulkTransactionsChange,
): Promise<BulkTransactionsResult> {
  const ids = [...new Set(body.ids)];
  const rows = await selectTransactions(db, userId, ids);
  if (rows.length !== ids.length) throw notFound('Transaction', 'ids');
  return body.delete ? deleteRows(db, userId, rows) : setOnRows(db, userId, rows, body.set!);
}

async function deleteRows(db: Database, userId: number, rows: TransactionRow[]): Promise<BulkTransactionsResult> {
  const skipped = rows.flatMap((row) => {
    const reason = bulkSkipReason(row, 'delete');
    return reason ? [{ id: row.id, reason }] : [];
  });
  const going = rows.filter((row) => !bulkSkipReason(row, 'delete'));
  // As the single delete does: both legs of a transfer go, except a bank leg, which stays on its own.
  const transferIds = [...new Set(going.flatMap((row) => (row.transferId === null ? [] : [row.transferId])))];
  const legs = new Map(going.map((row) => [row.id, row]));
  if (transferIds.length > 0) {
    for (const leg of await selectTransferLegs(db, userId, transferIds)) if (!legs.has(leg.id)) legs.set(leg.id, leg);
  }
  const deleted = await db.transaction(async (tx) => {
    const locked = await lockForWrite(tx, userId, [...legs.values()]);
    const removed: TransactionRow[] = [];
    for (const leg of locked.values()) {
      if (isBankLeg(leg)) await changeLeg(tx, userId, leg, await standaloneChanges(tx, userId, leg));
      else removed.push(leg);
    }
    await removeLegs(tx, userId, removed);
    return removed.length;
  });
  return { updated: 0, deleted, skipped };
}

async function setOnRows(
  db: Database,
  userId: number,
  rows: TransactionRow[],
  set: NonNullable<BulkTransactionsChange['set']>,
): Promise<BulkTransactionsResult> {
  const { categoryId, addTagIds, removeTagIds, note } = set;
  const skipped: BulkTransactionsResult['skipped'] =
    categoryId === undefined
      ? []
      : rows.flatMap((row) => {
          const reason = bulkSkipReason(row, 'category');
          return reason ? [{ id: row.id, reason }] : [];
        });
  const ids = rows.map((row) => row.id);
  const skippedIds = new Set(skipped.map((skip) => skip.id));
  const recategorised = categoryId === undefined ? [] : ids.filter((id) => !skippedIds.has(id));
  const tagged = addTagIds ? { tagIds: addTagIds, ids } : undefined;
  await db.transaction(async (tx) => {
    await writeRowsChange(tx, userId, rows, {
      category: categoryId === undefined ? undefined : { categoryId, ids: recategorised },
      note: note === undefined ? undefined : { note, ids },
      addTags: tagged ? [tagged] : [],
      removeTags: removeTagIds ? { tagIds: removeTagIds, ids } : undefined,
      async checked(within) {
        if (categoryId !== undefined) await assertOwnCategory(within, userId, categoryId, 'set.categoryId');
        await assertOwnTags(within, userId, addTagIds ?? [], 'set.addTagIds');
        await assertOwnTags(within, userId, removeTagIds ?? [], 'set.removeTagIds');
        if (!tagged) return;
        // Read under the rows' locks: a row the tags would take past the most it carries keeps its own.
        const full = overfullWith(await tagIdsOf(within, ids), tagged.tagIds, removeTagIds ?? []);
        tagged.ids = ids.filter((id) => !full.has(id));
        skipped.push(...[...full].map((id) => ({ id, reason: 'tags' as const })));
      },
    });
  });
  // A row counts as updated when any change reached it.
  const reached = new Set([
    ...recategorised,
    ...(note === undefined && !removeTagIds ? [] : ids),
    ...(tagged?.ids ?? []),
  ]);
  return { updated: reached.size, deleted: 0, skipped };
}

/**
 * The rows (of `tagsOf`'s, by id) that would carry more than TRANSACTION_TAGS_MAX tags once
 * `added` are added and then `removed` taken off.
 */
function overfullWith(
  tagsOf: Map<number, number[]>,
  added: readonly number[],
  removed: readonly number[],
): Set<number> {
  const full = new Set<number>();
  // A row without tags takes at most what a request adds, which is within the most.
  for (const [id, current] of tagsOf) {
    const after = new Set([...current, ...added]);
    for (const tagId of removed) after.delete(tagId);
    if (after.size > TRANSACTION_TAGS_MAX) full.add(id);
  }
  return full;
}

/** Rows locked and written per round: each statement's list of ids stays well under the parameters' limit. */
const WRITE_BATCH = 1_000;

/**
 * What a change of many rows writes, each part on the rows named with it (all of them among the
 * rows read): a category (rows bulkSkipReason spares left out by the caller), a note, tags added
 * (in groups, each its own tags) and tags taken off.
 */
export interface RowsChange {
  category?: { categoryId: number; ids: number[] };
  note?: { note: string; ids: number[] };
  addTags: Array<{ tagIds: readonly number[]; ids: number[] }>;
  removeTags?: { tagIds: readonly number[]; ids: number[] };
  /**
   * Runs once the rows are locked, before anything is written, with the executor and the rows as
   * locked: the place to check what the change names, or that the rows still are what the change
   * was decided on (throwing ChangedMeanwhile starts the caller's work over, under onFreshRows).
   * It may also narrow a part's `ids` to what only the locked rows can tell (the bulk edit leaves
   * out the rows added tags would overfill): the parts are read after it returns.
   */
  checked?: (tx: Executor, locked: TransactionRow[]) => Promise<void>;
}

/**
 * Writes a change decided on rows read before (a bulk request, a rule run over past rows) inside
 * the caller's database transaction: the rows are locked in the ledger's order (lockForWrite, all
 * their accounts first, then the rows a batch at a time in ascending id order), which throws
 * ChangedMeanwhile when they changed since they were read; then each part is written with the
 * ledger's own moves, a few statements per batch whatever the number of rows: `setCategoryOf`
 * (the day and month totals follow, and with them budgets and statistics), one note update, one
 * tag insert and one tag delete.
 */
export async function writeRowsChange(tx: Executor, userId: number, rows: TransactionRow[], change: RowsChange) {
  const accountIds = [...new Set(rows.map((row) => row.accountId))];
  const locked: TransactionRow[] = [];
  for (const batch of inBatches(
    [...rows].sort((a, b) => a.id - b.id),
    WRITE_BATCH,
  )) {
    locked.push(...(await lockForWrite(tx, userId, batch, accountIds)).values());
  }
  await change.checked?.(tx, locked);
  const { category, note, addTags, removeTags } = change;
  for (const ids of inBatches(category?.ids ?? [], WRITE_BATCH))
    await setCategoryOf(tx, userId, ids, category!.categoryId);
  for (const ids of inBatches(note?.ids ?? [], WRITE_BATCH)) await setNoteOf(tx, userId, ids, note!.note);
  // Additions first, then removals: a tag named in both ends up off.
  for (const { tagIds, ids: all } of addTags) {
    for (const ids of inBatches(all, WRITE_BATCH)) await addTagsTo(tx, ids, tagIds);
  }
  for (const ids of inBatches(removeTags?.ids ?? [], WRITE_BATCH)) await removeTagsFrom(tx, ids, removeTags!.tagIds);
}
