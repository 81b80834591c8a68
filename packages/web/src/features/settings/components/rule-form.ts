import {
  type CreateRuleBody,
  createRuleBodySchema,
  type NewRule,
  type PreviewRuleBody,
  previewRuleBodySchema,
  RULE_FIELDS,
  RULE_MATCHES,
  RULE_OPS,
  RULE_OPS_BY_FIELD,
  type Rule,
  type RuleAction,
  type RuleCondition,
  type RuleField,
  type RuleOp,
  type UpdateRuleBody,
} from '@kopiyka/shared';
import { z } from 'zod';
import { t } from '../../../lib/i18n.ts';
import { amountText, readAmount } from '../../../lib/money.ts';

/** How a field's value is entered: typed text, an amount, a whole number, or picked from a list. */
export type ValueKind = 'text' | 'amount' | 'number' | 'account' | 'type';

const TYPED_TEXT: ValueKind = 'text';

export const VALUE_KIND: Record<RuleField, ValueKind> = {
  description: TYPED_TEXT,
  note: TYPED_TEXT,
  amount: 'amount',
  mcc: 'number',
  accountId: 'account',
  transactionType: 'type',
};

/** The value is picked (accounts, income or expense), not typed. */
export const isPicked = (field: RuleField) => VALUE_KIND[field] === 'account' || VALUE_KIND[field] === 'type';

const conditionDraftSchema = z.object({
  field: z.enum(RULE_FIELDS),
  op: z.enum(RULE_OPS),
  /**
   * One value as typed or picked (text, an amount in the language's marks, an MCC, an account id,
   * income or expense); for `in` over typed values, one value a line.
   */
  value: z.string(),
  /** For `in` over picked values: the account ids or types picked. */
  picked: z.array(z.string()),
});
export type ConditionDraft = z.infer<typeof conditionDraftSchema>;

export const ruleFormValuesSchema = z.object({
  name: z.string(),
  match: z.enum(RULE_MATCHES),
  conditions: z.array(conditionDraftSchema),
  /** The actions: a category, tags, a note; each left out when empty. */
  categoryId: z.number().nullable(),
  tagIds: z.array(z.number()),
  note: z.string(),
});
export type RuleFormValues = z.infer<typeof ruleFormValuesSchema>;
export type RuleFormField = keyof RuleFormValues;

export const RULE_FORM_FIELDS: readonly RuleFormField[] = ruleFormValuesSchema.keyof().options;

/** A new condition: the bank's description contains what is typed, the commonest rule. */
export const newCondition = (): ConditionDraft => ({ field: 'description', op: 'contains', value: '', picked: [] });

/** The lines of a list typed one value a line, without blank ones. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** How a condition's value shows in the form. */
function valueText(field: RuleField, value: string | number): string {
  return VALUE_KIND[field] === 'amount' && typeof value === 'number' ? amountText(value) : String(value);
}

export function conditionDraft(condition: RuleCondition): ConditionDraft {
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  const shown = values.map((value) => valueText(condition.field, value));
  if (condition.op === 'in' && isPicked(condition.field)) {
    return { field: condition.field, op: 'in', value: '', picked: shown };
  }
  return { field: condition.field, op: condition.op, value: shown.join('\n'), picked: [] };
}

/** The form for a new rule, or filled in from `rule`. */
export function ruleFormValues(rule?: Rule): RuleFormValues {
  const category = rule?.actions.find((action) => action.type === 'setCategory');
  const tags = rule?.actions.find((action) => action.type === 'addTags');
  const note = rule?.actions.find((action) => action.type === 'setNote');
  return {
    name: rule?.name ?? '',
    match: rule?.match ?? 'all',
    conditions: rule ? rule.conditions.map(conditionDraft) : [newCondition()],
    categoryId: category?.categoryId ?? null,
    tagIds: tags?.tagIds ?? [],
    note: note?.note ?? '',
  };
}

/**
 * The condition with another field: the comparison stays when the field takes it, else the
 * field's first; a value typed stays when it is typed for the new field too.
 */
export function withField(draft: ConditionDraft, field: RuleField): ConditionDraft {
  const ops = RULE_OPS_BY_FIELD[field];
  const op = ops.includes(draft.op) ? draft.op : (ops[0] as RuleOp);
  const sameKind = VALUE_KIND[field] === VALUE_KIND[draft.field];
  return { field, op, value: sameKind ? draft.value : '', picked: sameKind ? draft.picked : [] };
}

/** The condition with another comparison: a value carried between one and a list of them. */
export function withOp(draft: ConditionDraft, op: RuleOp): ConditionDraft {
  if (!isPicked(draft.field)) {
    return { ...draft, op, value: op === 'in' ? draft.value : (linesOf(draft.value)[0] ?? draft.value.trim()) };
  }
  if (op === 'in') return { ...draft, op, picked: draft.value ? [draft.value] : draft.picked, value: '' };
  return { ...draft, op, value: draft.value || (draft.picked[0] ?? ''), picked: [] };
}

/** Why a value typed cannot be read, or the value as the contract takes it (checked there). */
type Reading = { value: unknown } | { problem: string };

function readOne(field: RuleField, text: string): Reading {
  const kind = VALUE_KIND[field];
  if (kind === 'amount') {
    const { minor, problem } = readAmount(text, { positive: true });
    if (problem !== null) return { problem };
    return minor === null ? { problem: t('rules.editor.amountRequired') } : { value: minor };
  }
  if (kind === 'number') return { value: /^\s*\d+\s*$/.test(text) ? Number(text) : text };
  if (kind === 'account') return text === '' ? { problem: t('rules.editor.accountRequired') } : { value: Number(text) };
  if (kind === 'type') return text === '' ? { problem: t('rules.editor.typeRequired') } : { value: text };
  return { value: text };
}

function readCondition(draft: ConditionDraft): Reading {
  if (draft.op !== 'in') return readOne(draft.field, draft.value);
  if (isPicked(draft.field)) {
    if (draft.picked.length === 0) return { problem: t('rules.editor.pickOne') };
    return { value: draft.picked.map((picked) => (VALUE_KIND[draft.field] === 'account' ? Number(picked) : picked)) };
  }
  const values: unknown[] = [];
  for (const line of linesOf(draft.value)) {
    const reading = readOne(draft.field, line);
    if ('problem' in reading) return { problem: `${line}: ${reading.problem}` };
    values.push(reading.value);
  }
  return { value: values };
}

type Issue = { path: string; message: string };

/** The conditions as the contract takes them, and what keeps any from being read. */
function readConditions(drafts: readonly ConditionDraft[]) {
  const issues: Issue[] = [];
  const conditions = drafts.map((draft, index) => {
    const reading = readCondition(draft);
    if ('problem' in reading) {
      issues.push({ path: `conditions.${index}.value`, message: reading.problem });
      return { field: draft.field, op: draft.op, value: null };
    }
    return { field: draft.field, op: draft.op, value: reading.value };
  });
  return { conditions, issues };
}

/** The form's field each action is made of, in the order of `actions`. */
export function actionFieldsOf(actions: ReadonlyArray<{ type: RuleAction['type'] }>): RuleFormField[] {
  return actions.map(({ type }) => (type === 'setCategory' ? 'categoryId' : type === 'addTags' ? 'tagIds' : 'note'));
}

/**
 * The form's field an issue of the contract's body is about (`conditions.2.value.1` is the third
 * condition's value); an issue of the whole list of conditions goes to its `root`, one of the
 * actions as a whole to `actions`.
 */
export function issueFormPath(path: readonly PropertyKey[], actionFields: readonly RuleFormField[]): string {
  const [head, index, place] = path.map(String);
  if (head === 'conditions') {
    return index === undefined ? 'conditions.root' : `conditions.${index}.${place === 'op' ? 'op' : 'value'}`;
  }
  if (head === 'actions') return index === undefined ? 'actions' : (actionFields[Number(index)] ?? 'actions');
  return head ?? 'name';
}

/**
 * The form as typed, turned into the body of POST /rules and checked with the shared contract,
 * so the form says what the server would before anything is sent: each condition's value read as
 * its field takes it (amounts in minor units of the account's currency), the actions made of what
 * is filled in.
 */
export const ruleFormSchema = ruleFormValuesSchema.transform((values, ctx): NewRule => {
  const { conditions, issues } = readConditions(values.conditions);
  const actions: CreateRuleBody['actions'] = [];
  if (values.categoryId !== null) actions.push({ type: 'setCategory', categoryId: values.categoryId });
  if (values.tagIds.length > 0) actions.push({ type: 'addTags', tagIds: values.tagIds });
  if (values.note.trim() !== '') actions.push({ type: 'setNote', note: values.note.trim() });
  const actionFields = actionFieldsOf(actions);
  const body = createRuleBodySchema.safeParse({ name: values.name, match: values.match, conditions, actions });
  const seen = new Set(issues.map((issue) => issue.path));
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  if (!body.success) {
    for (const issue of body.error.issues) {
      const path = issueFormPath(issue.path, actionFields);
      // A value the form could not read has said why already.
      if (seen.has(path)) continue;
      seen.add(path);
      ctx.addIssue({ code: 'custom', path: path.split('.'), message: issue.message });
    }
  }
  if (!body.success || issues.length > 0) return z.NEVER;
  return body.data;
});
export type RuleFormOutput = z.output<typeof ruleFormSchema>;

/** What the newest rows are asked about as the conditions are typed: null until all of them can be read and pass the contract. */
export function previewBody(values: Pick<RuleFormValues, 'match' | 'conditions'>): PreviewRuleBody | null {
  const { conditions, issues } = readConditions(values.conditions);
  if (issues.length > 0) return null;
  const checked = previewRuleBodySchema.safeParse({ match: values.match, conditions });
  return checked.success ? checked.data : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the form changed in `rule`: PUT takes any subset. */
export function ruleChanges(rule: Rule, values: RuleFormOutput): UpdateRuleBody {
  const changes: UpdateRuleBody = {};
  if (values.name !== rule.name) changes.name = values.name;
  if (values.match !== rule.match) changes.match = values.match;
  if (!same(values.conditions, rule.conditions)) changes.conditions = values.conditions;
  if (!same(values.actions, rule.actions)) changes.actions = values.actions;
  return changes;
}
