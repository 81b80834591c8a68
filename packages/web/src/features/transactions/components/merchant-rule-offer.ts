import type { Transaction } from '@kopiyka/shared';
import { useCategoryById } from '../../../api/categories.ts';
import { useSaveMerchantRule } from '../../../api/monobank.ts';
import { useSubmission } from '../../../api/submission.ts';
import { merchantOf } from '../../../entities/transactions/describe.ts';
import { t } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

/** Long enough to read the offer and decide. */
const OFFER_VISIBLE_MS = 12_000;

/** What the person hears once the rule is kept: "Сільпо goes to Groceries from now on; 12 earlier transactions moved." */
export function ruleSavedMessage(merchant: string, category: string, updated: number): string {
  return t('transaction.rule.saved', { merchant, category, updated });
}

/**
 * After a bank transaction got another category: says it is saved, and offers to remember that
 * category for its merchant, moving the merchant's earlier transactions too. The offer outlives
 * the dialog (it is a toast), so the call it makes does not depend on the dialog staying open.
 */
export function useMerchantRuleOffer(): (transaction: Transaction, categoryId: number) => void {
  const saveRule = useSaveMerchantRule();
  const submission = useSubmission({
    send: ({ transactionId }: { transactionId: number; category: string }) =>
      saveRule.mutateAsync({ transactionId, applyToExisting: true }),
    onSuccess: ({ rule, updated }, { category }) =>
      notify('success', ruleSavedMessage(rule.merchant, category, updated)),
  });
  const categoryById = useCategoryById();
  return (transaction, categoryId) => {
    const category = categoryById.get(categoryId)?.name ?? t('transaction.rule.thisCategory');
    const merchant = merchantOf(transaction.note);
    const remember = async () => {
      const refusal = await submission.submit({ transactionId: transaction.id, category });
      if (refusal) notify('error', refusal, { title: t('transaction.rule.failed') });
    };
    notify('success', t('transaction.saved'), {
      id: `merchant-rule-offer-${transaction.id}`,
      duration: OFFER_VISIBLE_MS,
      action: {
        label: merchant
          ? t('transaction.rule.offer', { merchant, category })
          : t('transaction.rule.offerNoMerchant', { category }),
        run: () => void remember(),
      },
    });
  };
}
