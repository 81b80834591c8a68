import type { Transaction } from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { changeLeg, lockForWrite, onFreshRows, pairAsTransfer } from './ledger.ts';
import { selectTransactions, selectTransferLegs } from './queries/rows.ts';
import type { TransactionsService } from './service.ts';
import { standaloneChanges } from './transfer-rules.ts';

/**
 * Link pairs two existing opposite transactions on different accounts into a transfer; unlink makes
 * a transfer's legs two standalone transactions again. Neither moves money.
 */
export function createTransferLinks(
  db: Database,
  views: (userId: number, ids: number[]) => Promise<Transaction[]>,
): Pick<TransactionsService, 'link' | 'unlink'> {
  return {
    async link(userId, { ids }) {
      const all = ids.flat();
      const duplicate = all.findIndex((id, index) => all.indexOf(id) !== index);
      if (duplicate >= 0) throw validationError('ids', 'transaction.repeated', { id: all[duplicate]! });
      await onFreshRows(async () => {
        const read = await selectTransactions(db, userId, all);
        const rows = new Map(read.map((row) => [row.id, row]));
        all.forEach((id, index) => {
          if (!rows.has(id)) throw notFound(`Transaction ${id}`, `ids.${Math.floor(index / 2)}.${index % 2}`);
        });
        ids.forEach(([a, b], index) => {
          const [first, second] = [rows.get(a)!, rows.get(b)!];
          if (first.accountId === second.accountId) {
            throw validationError(`ids.${index}`, 'link.sameAccount');
          }
          if (first.transactionType === second.transactionType) {
            throw validationError(`ids.${index}`, 'link.sameType');
          }
          if (first.transferNature !== 'not_transfer' || second.transferNature !== 'not_transfer') {
            throw validationError(`ids.${index}`, 'link.alreadyTransfer');
          }
        });
        // The checks above hold for the locked rows too: lockForWrite answers only unchanged rows.
        await db.transaction(async (tx) => {
          const locked = await lockForWrite(tx, userId, read);
          for (const [index, pair] of ids.entries()) {
            await pairAsTransfer(tx, userId, [locked.get(pair[0])!, locked.get(pair[1])!], `ids.${index}`);
          }
        });
      });
      return Promise.all(ids.map((pair) => views(userId, pair)));
    },

    unlink(userId, { transferIds }) {
      return onFreshRows(async () => {
        const legs = await selectTransferLegs(db, userId, transferIds);
        transferIds.forEach((transferId, index) => {
          if (!legs.some((leg) => leg.transferId === transferId)) {
            throw notFound(`Transfer ${transferId}`, `transferIds.${index}`);
          }
        });
        await db.transaction(async (tx) => {
          for (const leg of (await lockForWrite(tx, userId, legs)).values()) {
            await changeLeg(tx, userId, leg, await standaloneChanges(tx, userId, leg));
          }
        });
        const ids = legs.map((leg) => leg.id);
        return views(userId, ids);
      });
    },
  };
}
