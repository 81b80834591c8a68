import { fromMinorUnits, type Rule, type RuleCondition, type RuleField, type RuleOp } from '@kopiyka/shared';
import { type MessageKey, t } from '../../../lib/i18n.ts';
import { numberFormat } from '../../../lib/locale.ts';
import { VALUE_KIND, type ValueKind } from './rule-form.ts';

export const FIELD_LABELS: Record<RuleField, MessageKey> = {
  description: 'rules.field.description',
  note: 'rules.field.note',
  amount: 'rules.field.amount',
  accountId: 'rules.field.accountId',
  mcc: 'rules.field.mcc',
  transactionType: 'rules.field.transactionType',
};

/** "is" reads differently for a text, a number and a choice, in Ukrainian above all. */
const EQUALS_LABELS: Record<ValueKind, MessageKey> = {
  text: 'rules.op.equals.text',
  amount: 'rules.op.equals.number',
  number: 'rules.op.equals.number',
  account: 'rules.op.equals.choice',
  type: 'rules.op.equals.choice',
};

/** What a comparison is called for `field`: "contains", "starts with", "more than"… */
export function opLabel(field: RuleField, op: RuleOp): string {
  if (op === 'equals') return t(EQUALS_LABELS[VALUE_KIND[field]]);
  return t(`rules.op.${op}`);
}

/** Names of what a rule refers to by id; undefined for one that is gone. */
export type RuleNames = {
  account: (id: number) => string | undefined;
  category: (id: number) => string | undefined;
  tag: (id: number) => string | undefined;
};

function oneValue(field: RuleField, value: string | number, names: RuleNames): string {
  switch (VALUE_KIND[field]) {
    case 'text':
      return t('rules.summary.quoted', { text: String(value) });
    case 'amount':
      return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fromMinorUnits(Number(value)));
    case 'account':
      return names.account(Number(value)) ?? t('rules.summary.unknownAccount');
    case 'type':
      return t(value === 'income' ? 'transaction.kind.income' : 'transaction.kind.expense');
    default:
      return String(value);
  }
}

/** A field's name inside a sentence: lower case, but for an abbreviation ("MCC"). */
function midSentence(label: string): string {
  return label === label.toLocaleUpperCase() ? label : label.toLocaleLowerCase();
}

/**
 * "Description is “Сільпо”", "Amount more than 1,000.00", "Account is one of Card, Cash"; `within`
 * a sentence, the field's name in lower case ("… and amount more than 1,000.00").
 */
export function conditionText(condition: RuleCondition, names: RuleNames, within = false): string {
  const values: ReadonlyArray<string | number> = Array.isArray(condition.value) ? condition.value : [condition.value];
  const value = values.map((one) => oneValue(condition.field, one, names)).join(', ');
  const field = t(FIELD_LABELS[condition.field]);
  return `${within ? midSentence(field) : field} ${opLabel(condition.field, condition.op)} ${value}`;
}

/** The conditions in a sentence, joined by "and" or "or" as the rule takes them. */
export function conditionsText(rule: Pick<Rule, 'match' | 'conditions'>, names: RuleNames): string {
  const joiner = ` ${t(rule.match === 'all' ? 'rules.summary.and' : 'rules.summary.or')} `;
  return rule.conditions.map((condition, index) => conditionText(condition, names, index > 0)).join(joiner);
}

/** What the rule sets, a phrase an action: "Category: Groceries", "Tags: Trip, Work", "Note: “Lunch”". */
export function actionTexts(rule: Pick<Rule, 'actions'>, names: RuleNames): string[] {
  return rule.actions.map((action) => {
    if (action.type === 'setCategory') {
      return t('rules.summary.category', {
        name: names.category(action.categoryId) ?? t('rules.summary.unknownCategory'),
      });
    }
    if (action.type === 'addTags') {
      const tags = action.tagIds.map((id) => names.tag(id) ?? t('rules.summary.unknownTag'));
      return t('rules.summary.tags', { names: tags.join(', ') });
    }
    return t('rules.summary.note', { note: action.note });
  });
}
