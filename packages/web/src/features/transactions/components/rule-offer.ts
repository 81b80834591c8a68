import {
  type CreateRuleBody,
  createRuleBodySchema,
  foldCase,
  RULE_NAME_MAX,
  RULE_TEXT_MAX,
  type Rule,
  type RuleAction,
  type Transaction,
  type UpdateRuleBody,
} from '@kopiyka/shared';
import { useCategoryById } from '../../../api/categories.ts';
import { useCreateRule, useLoadRules, useUpdateRule } from '../../../api/rules.ts';
import { useSubmission } from '../../../api/submission.ts';
import { OFFER_VISIBLE_MS, useApplyOffer } from '../../../entities/rules/apply-offer.ts';
import { merchantOf } from '../../../entities/transactions/describe.ts';
import { t } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

/**
 * What a rule sees as the description of a row that came from a bank or a file, to learn from;
 * null for a row entered by hand, which teaches nothing. A file's row keeps the file's text as its
 * note; a bank row's note is the merchant, then the payer's comment.
 */
export function arrivedDescription(transaction: Pick<Transaction, 'note' | 'externalId' | 'importId'>): string | null {
  if (transaction.importId !== null) return transaction.note.trim() || null;
  return transaction.externalId === null ? null : merchantOf(transaction.note);
}

/** What a new category on a bank or imported row teaches: a rule to make, or the category of one made before to change. */
export type RuleLesson =
  | { kind: 'create'; merchant: string; body: CreateRuleBody }
  | { kind: 'update'; merchant: string; rule: Rule; body: UpdateRuleBody };

/** The one condition a learned rule has: the bank's description is the merchant (past the longest text a rule takes, starts with it). */
function merchantCondition(merchant: string) {
  return merchant.length > RULE_TEXT_MAX
    ? { field: 'description' as const, op: 'startsWith' as const, value: merchant.slice(0, RULE_TEXT_MAX).trim() }
    : { field: 'description' as const, op: 'equals' as const, value: merchant };
}

/**
 * What putting a row of `merchant` (as the bank names it) in `categoryId` teaches, given the
 * rules there are. A rule learned before for the merchant (its one condition on the description)
 * takes the new category rather than a second rule that the first would win against; none is
 * offered when that rule sets this category already, or when the merchant makes no valid rule.
 */
export function ruleLesson(merchant: string, categoryId: number, rules: readonly Rule[]): RuleLesson | null {
  const condition = merchantCondition(merchant);
  const learned = rules.find(
    (rule) =>
      rule.conditions.length === 1 &&
      rule.conditions[0]?.field === 'description' &&
      rule.conditions[0].op === condition.op &&
      typeof rule.conditions[0].value === 'string' &&
      foldCase(rule.conditions[0].value.trim()) === foldCase(condition.value),
  );
  const setCategory: RuleAction = { type: 'setCategory', categoryId };
  if (learned) {
    const current = learned.actions.find((action) => action.type === 'setCategory');
    if (learned.enabled && current?.categoryId === categoryId) return null;
    const actions = [setCategory, ...learned.actions.filter((action) => action.type !== 'setCategory')];
    return { kind: 'update', merchant, rule: learned, body: { enabled: true, actions } };
  }
  const body: CreateRuleBody = {
    name: merchant.slice(0, RULE_NAME_MAX).trim(),
    match: 'all',
    conditions: [condition],
    actions: [setCategory],
  };
  return createRuleBodySchema.safeParse(body).success ? { kind: 'create', merchant, body } : null;
}

/**
 * After a row got another category: says it is saved and, for a bank's or a file's row, asks
 * "Always put «Сільпо» in Groceries?". Yes makes the rule (or moves a rule learned before to the new category), then
 * offers to apply it to the past rows it matches. The offer is a toast and outlives the dialog.
 */
export function useRuleOffer(): (transaction: Transaction, categoryId: number) => void {
  const loadRules = useLoadRules();
  const createRule = useCreateRule();
  const updateRule = useUpdateRule();
  const offerToApply = useApplyOffer();
  const categoryById = useCategoryById();
  const categoryName = (rule: Rule) => {
    const action = rule.actions.find((one) => one.type === 'setCategory');
    return (action && categoryById.get(action.categoryId)?.name) ?? t('rules.learn.thisCategory');
  };
  const learn = useSubmission({
    send: (lesson: RuleLesson) =>
      lesson.kind === 'create'
        ? createRule.mutateAsync(lesson.body)
        : updateRule.mutateAsync({ id: lesson.rule.id, body: lesson.body }),
    onSuccess: (rule, { merchant }) =>
      offerToApply(rule, t('rules.learn.saved', { merchant, category: categoryName(rule) })),
  });

  return (transaction, categoryId) => {
    const merchant = arrivedDescription(transaction);
    if (!merchant) {
      notify('success', t('transaction.saved'));
      return;
    }
    const category = categoryById.get(categoryId)?.name ?? t('rules.learn.thisCategory');
    void loadRules()
      // Without the rules the offer is still worth making: at worst the rule made is a second one.
      .catch((): Rule[] => [])
      .then((rules) => {
        const lesson = ruleLesson(merchant, categoryId, rules);
        if (!lesson) {
          notify('success', t('transaction.saved'));
          return;
        }
        notify('success', t('rules.learn.offer', { merchant: lesson.merchant, category }), {
          id: `rule-offer-${transaction.id}`,
          title: t('transaction.saved'),
          duration: OFFER_VISIBLE_MS,
          action: {
            label: t('rules.learn.yes'),
            run: () =>
              void learn.submit(lesson).then((refusal) => {
                if (refusal) notify('error', refusal, { title: t('rules.learn.failed') });
              }),
          },
        });
      });
  };
}
