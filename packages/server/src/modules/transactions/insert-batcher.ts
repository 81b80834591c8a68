/**
 * New single legs (the plain income or expense of `POST /transactions`) written together when
 * several arrive at once: a batch is one database transaction with one lock statement per user, one
 * insert and one balance move per account, instead of all of those for each. On the embedded
 * database every statement costs a fixed share of its one connection, so with several clients
 * writing most of that cost is shared. A batch that fails (an account removed meanwhile, a balance
 * past the limit) is written again one leg at a time, so each request gets its own answer and none
 * fails for another's sake.
 */
import type { Database, Executor } from '../../db/client.ts';
import { type Pending, perTurn } from '../../lib/per-turn.ts';
import { insertLeg, insertLegs, lockForWrite } from './ledger.ts';
import type { NewTransactionRow, TransactionRow } from './queries/rows.ts';

/** Enough to share the statements, small enough that no request waits long behind the others. */
const MOST_IN_A_BATCH = 64;

type Waiting = Pending<{ userId: number; row: NewTransactionRow & { accountId: number } }, TransactionRow>;

export type InsertLeg = (userId: number, row: NewTransactionRow & { accountId: number }) => Promise<TransactionRow>;

/**
 * Legs queue up and are written on the event loop's next turn (lib/per-turn.ts): the creates whose
 * requests arrived in the same turn have queued their legs by then.
 */
export function createInsertBatcher(db: Database): InsertLeg {
  const insert = perTurn(MOST_IN_A_BATCH, (batch: Waiting[]) => writeBatch(db, batch));
  return (userId, row) => insert({ userId, row });
}

/** The batch in one database transaction, or, when that fails, each leg alone with its own answer. */
async function writeBatch(db: Database, batch: Waiting[]) {
  if (batch.length > 1) {
    const written = await db.transaction((tx) => insertBatch(tx, batch)).catch(() => undefined);
    if (written) {
      for (const [i, item] of batch.entries()) item.resolve(written[i]!);
      return;
    }
  }
  for (const item of batch) {
    await db
      .transaction(async (tx) => {
        await lockForWrite(tx, item.input.userId, [], [item.input.row.accountId], [item.input.row.refCurrencyId]);
        return insertLeg(tx, item.input.userId, item.input.row);
      })
      .then(item.resolve, item.reject);
  }
}

/** Every user's legs under their accounts' locks (users in id order, as every writer locks), in arrival order. */
async function insertBatch(tx: Executor, batch: Waiting[]): Promise<TransactionRow[]> {
  const written = new Map<Waiting, TransactionRow>();
  for (const userId of [...new Set(batch.map((item) => item.input.userId))].sort((a, b) => a - b)) {
    const items = batch.filter((item) => item.input.userId === userId);
    await lockForWrite(
      tx,
      userId,
      [],
      items.map((item) => item.input.row.accountId),
      items.map((item) => item.input.row.refCurrencyId),
    );
    const rows = await insertLegs(
      tx,
      userId,
      items.map((item) => item.input.row),
    );
    for (const [i, item] of items.entries()) written.set(item, rows[i]!);
  }
  return batch.map((item) => written.get(item)!);
}
