/**
 * POST /transactions/bulk: one change to many transactions, or their deletion, in one database
 * transaction, moving balances, day figures and statistics as the single edit and delete do
 * (docs/decisions.md "Tags and bulk edits"), in a handful of statements whatever the number of rows.
 */
import type { BulkSkipReason, BulkTransactionsChange, BulkTransactionsResult } from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { assertOwnCategory } from '../categories/index.ts';
import { addTagsTo, assertOwnTags, removeTagsFrom } from '../tags/index.ts';
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
  const skipped =
    categoryId === undefined
      ? []
      : rows.flatMap((row) => {
          const reason = bulkSkipReason(row, 'category');
          return reason ? [{ id: row.id, reason }] : [];
        });
  const ids = rows.map((row) => row.id);
  const skippedIds = new Set(skipped.map((skip) => skip.id));
  const recategorised = categoryId === undefined ? [] : ids.filter((id) => !skippedIds.has(id));
  // A row counts as updated when any change reached it: only a category change can pass a row by.
  const onlyCategory = addTagIds === undefined && removeTagIds === undefined && note === undefined;
  await db.transaction(async (tx) => {
    await lockForWrite(tx, userId, rows);
    if (categoryId !== undefined) await assertOwnCategory(tx, userId, categoryId, 'set.categoryId');
    await assertOwnTags(tx, userId, addTagIds ?? [], 'set.addTagIds');
    await assertOwnTags(tx, userId, removeTagIds ?? [], 'set.removeTagIds');
    if (categoryId !== undefined) await setCategoryOf(tx, userId, recategorised, categoryId);
    if (note !== undefined) await setNoteOf(tx, userId, ids, note);
    // Additions first, then removals: a tag named in both ends up off.
    if (addTagIds) await addTagsTo(tx, ids, addTagIds);
    if (removeTagIds) await removeTagsFrom(tx, ids, removeTagIds);
  });
  return { updated: onlyCategory ? recategorised.length : ids.length, deleted: 0, skipped };
}
