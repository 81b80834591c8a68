import type { Database } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { setCategoryOf } from '../transactions/index.ts';
import {
  deleteMerchantRule,
  selectItemMerchant,
  selectMerchantRules,
  selectMerchantTransactionIds,
  upsertMerchantRule,
} from './queries.ts';
import type { MonobankService } from './service.ts';

/** Merchant rules: a bank item's merchant files its transactions under a category. */
export function createMerchantRules(
  db: Database,
): Pick<MonobankService, 'merchantRules' | 'saveMerchantRule' | 'deleteMerchantRule'> {
  return {
    merchantRules(userId) {
      return selectMerchantRules(db, userId);
    },

    async saveMerchantRule(userId, { transactionId, applyToExisting }) {
      const found = await selectItemMerchant(db, userId, transactionId);
      if (!found) throw notFound('Bank transaction', 'transactionId');
      if (found.categoryId === null) throw validationError('transactionId', 'monobank.noCategoryToRemember');
      const categoryId = found.categoryId;
      return db.transaction(async (tx) => {
        const rule = await upsertMerchantRule(tx, userId, found.merchant, categoryId);
        const updated = applyToExisting
          ? await setCategoryOf(tx, userId, await selectMerchantTransactionIds(tx, userId, found.merchant), categoryId)
          : 0;
        return { rule, updated };
      });
    },

    async deleteMerchantRule(userId, id) {
      if (!(await deleteMerchantRule(db, userId, id))) throw notFound('Merchant rule');
    },
  };
}
