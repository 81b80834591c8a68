/**
 * Rules (docs/decisions.md "Rules"): conditions on a row that arrives from a bank or a file, and
 * what to set on it. Shared: the server runs them on arriving rows and over past ones, and the web
 * shows live which recent rows a rule being written matches, by the same comparisons.
 */

import { z } from 'zod';
import { idSchema, idTextSchema } from './ids.ts';
import { customIssue, issue } from './issues.ts';
import { TRANSACTION_TAGS_MAX } from './tags.ts';
import { freeText } from './text.ts';
import { isoDateSchema } from './time.ts';
import {
  noteSchema,
  positiveMinorAmountSchema,
  TRANSACTION_TYPES,
  type TransactionType,
  tagIdsSchema,
  transactionSchema,
} from './transactions.ts';
import { foldCase } from './usernames.ts';

export const RULE_NAME_MAX = 100;
/** The most rules one user may have. */
export const RULES_MAX = 200;
export const RULE_CONDITIONS_MAX = 20;
/** The longest text a condition compares with. */
export const RULE_TEXT_MAX = 200;
/** The most values of one `in` condition. */
export const RULE_VALUES_MAX = 50;
/** How many of the matching rows `POST /rules/{id}/apply` and `POST /rules/preview` show. */
export const RULE_APPLY_SAMPLE = 10;
/** How many of the newest bank and imported rows `POST /rules/preview` looks at. */
export const RULE_PREVIEW_ROWS = 500;

/**
 * What a condition looks at: `description` is the bank's text (the merchant, or who sent the money)
 * or a file's text column; `amount` the row's amount in its account's currency, in minor units and
 * without sign (`transactionType` says which way it went); `mcc` the bank's merchant category code.
 */
export const RULE_FIELDS = ['description', 'note', 'amount', 'accountId', 'mcc', 'transactionType'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export const RULE_OPS = ['contains', 'equals', 'startsWith', 'gt', 'lt', 'in'] as const;
export type RuleOp = (typeof RULE_OPS)[number];

/** The comparisons each field takes. */
export const RULE_OPS_BY_FIELD: Record<RuleField, readonly RuleOp[]> = {
  description: ['contains', 'equals', 'startsWith', 'in'],
  note: ['contains', 'equals', 'startsWith', 'in'],
  amount: ['equals', 'gt', 'lt', 'in'],
  accountId: ['equals', 'in'],
  mcc: ['equals', 'gt', 'lt', 'in'],
  transactionType: ['equals', 'in'],
};

export const RULE_MATCHES = ['all', 'any'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];

export const RULE_ACTION_TYPES = ['setCategory', 'addTags', 'setNote'] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

const textValueSchema = freeText(z.string(issue('rule.valueText', { max: RULE_TEXT_MAX })).trim(), 'value')
  .min(1, issue('rule.valueText', { max: RULE_TEXT_MAX }))
  .max(RULE_TEXT_MAX, issue('rule.valueText', { max: RULE_TEXT_MAX }));
const MCC_MESSAGE = issue('rule.valueMcc');
const mccValueSchema = z.number(MCC_MESSAGE).int(MCC_MESSAGE).min(0, MCC_MESSAGE).max(9999, MCC_MESSAGE);
const transactionTypeValueSchema = z.enum(TRANSACTION_TYPES, issue('rule.valueType'));

/** What one value of a field is. */
const VALUE_SCHEMAS: Record<RuleField, z.ZodType> = {
  description: textValueSchema,
  note: textValueSchema,
  amount: positiveMinorAmountSchema,
  accountId: idSchema,
  mcc: mccValueSchema,
  transactionType: transactionTypeValueSchema,
};

/** A condition as it is kept and answered: `value` a list for `in`, one value otherwise. */
export type RuleCondition =
  | { field: 'description' | 'note'; op: 'contains' | 'equals' | 'startsWith'; value: string }
  | { field: 'description' | 'note'; op: 'in'; value: string[] }
  | { field: 'amount' | 'mcc'; op: 'equals' | 'gt' | 'lt'; value: number }
  | { field: 'amount' | 'mcc' | 'accountId'; op: 'in'; value: number[] }
  | { field: 'accountId'; op: 'equals'; value: number }
  | { field: 'transactionType'; op: 'equals'; value: TransactionType }
  | { field: 'transactionType'; op: 'in'; value: TransactionType[] };

/**
 * A condition: the field and the comparison first, then the value checked by what they take, so
 * that an issue names the exact place (`conditions.0.value.2`).
 */
export const ruleConditionSchema = z
  .strictObject({
    field: z.enum(RULE_FIELDS, issue('rule.field')),
    op: z.enum(RULE_OPS, issue('rule.op')),
    value: z.unknown(),
  })
  .superRefine((condition, ctx) => {
    if (!RULE_OPS_BY_FIELD[condition.field].includes(condition.op)) {
      ctx.addIssue({ ...customIssue('rule.opForField', { op: condition.op, subject: condition.field }), path: ['op'] });
      return;
    }
    const one = VALUE_SCHEMAS[condition.field];
    const schema =
      condition.op === 'in'
        ? z
            .array(one, issue('rule.valueList', { max: RULE_VALUES_MAX }))
            .min(1, issue('rule.valueList', { max: RULE_VALUES_MAX }))
            .max(RULE_VALUES_MAX, issue('rule.valueList', { max: RULE_VALUES_MAX }))
        : one;
    const checked = schema.safeParse(condition.value);
    if (checked.success) return;
    for (const problem of checked.error.issues) {
      ctx.addIssue({ ...problem, code: 'custom', path: ['value', ...problem.path] } as never);
    }
  })
  .transform((condition): RuleCondition => {
    const one = VALUE_SCHEMAS[condition.field];
    const value = condition.op === 'in' ? z.array(one).parse(condition.value) : one.parse(condition.value);
    return { ...condition, value } as RuleCondition;
  });

export const ruleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('setCategory'), categoryId: idSchema }),
    z.strictObject({ type: z.literal('addTags'), tagIds: tagIdsSchema.min(1, issue('rule.tagIdsEmpty')) }),
    z.strictObject({ type: z.literal('setNote'), note: noteSchema }),
  ],
  issue('rule.actionType'),
);
export type RuleAction = z.output<typeof ruleActionSchema>;

const ruleNameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(RULE_NAME_MAX, issue('name.tooLong', { max: RULE_NAME_MAX }));

const conditionsSchema = z
  .array(ruleConditionSchema, issue('rule.conditionsRequired'))
  .min(1, issue('rule.conditionsRequired'))
  .max(RULE_CONDITIONS_MAX, issue('rule.conditionsTooMany', { max: RULE_CONDITIONS_MAX }));

const actionsSchema = z
  .array(ruleActionSchema, issue('rule.actionsRequired'))
  .min(1, issue('rule.actionsRequired'))
  .superRefine((actions, ctx) => {
    const seen = new Set<RuleActionType>();
    actions.forEach((action, index) => {
      if (seen.has(action.type)) ctx.addIssue({ ...customIssue('rule.actionRepeated'), path: [index, 'type'] });
      seen.add(action.type);
    });
  });

const ruleFields = {
  name: ruleNameSchema,
  enabled: z.boolean(issue('value.notBoolean')),
  match: z.enum(RULE_MATCHES, issue('rule.match')),
  conditions: conditionsSchema,
  actions: actionsSchema,
};

/** A new rule: enabled and `all` unless said; it goes after the caller's other rules. */
export const createRuleBodySchema = z.object({
  ...ruleFields,
  enabled: ruleFields.enabled.default(true),
  match: ruleFields.match.default('all'),
});
export type CreateRuleBody = z.input<typeof createRuleBodySchema>;
export type NewRule = z.output<typeof createRuleBodySchema>;

export const updateRuleBodySchema = z.object(ruleFields).partial();
export type UpdateRuleBody = z.input<typeof updateRuleBodySchema>;
export type RuleChanges = z.output<typeof updateRuleBodySchema>;

export const ruleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** From 0, in the order the rules run. */
  position: z.number().int(),
  match: z.enum(RULE_MATCHES),
  conditions: z.array(
    z.object({
      field: z.enum(RULE_FIELDS),
      op: z.enum(RULE_OPS),
      value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
    }),
  ),
  actions: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('setCategory'), categoryId: z.number().int() }),
      z.object({ type: z.literal('addTags'), tagIds: z.array(z.number().int()) }),
      z.object({ type: z.literal('setNote'), note: z.string() }),
    ]),
  ),
});
/** A rule as answered: its conditions in the exact form they were checked in. */
export type Rule = Omit<z.infer<typeof ruleSchema>, 'conditions'> & { conditions: RuleCondition[] };

export const ruleParamsSchema = z.object({ id: idTextSchema });

/** Every one of the caller's rules, once each, in the order they are to run. */
export const ruleOrderBodySchema = z.object({
  ids: z.array(idSchema).max(RULES_MAX, issue('rules.tooMany', { max: RULES_MAX })),
});
export type RuleOrderBody = z.infer<typeof ruleOrderBodySchema>;

/** Runs a rule over the caller's past rows, on their local days `from`–`to` (both included) when given. */
export const applyRuleBodySchema = z
  .object({
    dryRun: z.boolean(issue('value.notBoolean')).default(false),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    ...issue('range.order'),
    path: ['from'],
  });
export type ApplyRuleBody = z.input<typeof applyRuleBodySchema>;

export const applyRuleResponseSchema = z.object({
  /** Rows the rule's conditions match. */
  matched: z.number().int(),
  /** Of those, rows the actions change (0 on a dry run, which changes nothing). */
  changed: z.number().int(),
  /** Up to RULE_APPLY_SAMPLE of the matched rows, newest first, as they are before the change. */
  sample: z.array(transactionSchema),
});
export type ApplyRuleResult = z.infer<typeof applyRuleResponseSchema>;

/** A rule being written: which of the newest bank and imported rows its conditions match. */
export const previewRuleBodySchema = z.object({
  match: ruleFields.match.default('all'),
  conditions: conditionsSchema,
});
export type PreviewRuleBody = z.input<typeof previewRuleBodySchema>;

export const previewRuleResponseSchema = z.object({
  /** How many rows were looked at: the newest RULE_PREVIEW_ROWS bank and imported rows, or fewer. */
  looked: z.number().int(),
  /** Of those, how many the conditions match. */
  matched: z.number().int(),
  /** Up to RULE_APPLY_SAMPLE of the matched rows, newest first. */
  sample: z.array(transactionSchema),
});
export type RulePreview = z.infer<typeof previewRuleResponseSchema>;

/** What a rule looks at on a row. */
export interface RuleRow {
  description: string;
  note: string;
  /** In the account's currency, minor units, without sign. */
  amount: number;
  accountId: number;
  mcc: number | null;
  transactionType: TransactionType;
}

/** A row with its texts folded once, for all the rules it meets. */
export interface FoldedRuleRow extends RuleRow {
  foldedDescription: string;
  foldedNote: string;
}

/** `fold` is foldCase, or one that remembers what it folded (compileRules). */
export function foldRuleRow(row: RuleRow, fold: (text: string) => string = foldCase): FoldedRuleRow {
  return { ...row, foldedDescription: fold(row.description), foldedNote: fold(row.note) };
}

/** The most texts one set of compiled rules keeps folded: a statement names its merchants again and again. */
const FOLDED_TEXTS_KEPT = 10_000;

type Test = (row: FoldedRuleRow) => boolean;

function textTest(condition: RuleCondition & { field: 'description' | 'note' }): Test {
  const of = (row: FoldedRuleRow) => (condition.field === 'description' ? row.foldedDescription : row.foldedNote);
  if (condition.op === 'in') {
    const values = new Set(condition.value.map(foldCase));
    return (row) => values.has(of(row).trim());
  }
  const value = foldCase(condition.value);
  if (condition.op === 'contains') return (row) => of(row).includes(value);
  if (condition.op === 'startsWith') return (row) => of(row).trimStart().startsWith(value);
  return (row) => of(row).trim() === value;
}

function conditionTest(condition: RuleCondition): Test {
  if (condition.field === 'description' || condition.field === 'note') return textTest(condition);
  const field = condition.field;
  if (condition.op === 'in') {
    const values = new Set<unknown>(condition.value);
    return (row) => values.has(row[field]);
  }
  const value = condition.value;
  if (condition.op === 'gt') return (row) => row[field] !== null && (row[field] as number) > (value as number);
  if (condition.op === 'lt') return (row) => row[field] !== null && (row[field] as number) < (value as number);
  return (row) => row[field] === value;
}

/**
 * Whether a rule's conditions hold for a row: text compared whatever its case, in every script
 * (`foldCase`), and without the spaces around it; a row without an MCC meets no MCC condition.
 */
export function ruleMatcher(rule: Pick<Rule, 'match' | 'conditions'>): (row: FoldedRuleRow) => boolean {
  const tests = rule.conditions.map(conditionTest);
  return rule.match === 'all' ? (row) => tests.every((test) => test(row)) : (row) => tests.some((test) => test(row));
}

/** What the rules set on a row. */
export interface RuleOutcome {
  categoryId?: number;
  note?: string;
  /** The tags every matching rule adds, in the order the rules run, without repeats. */
  tagIds: number[];
  /** The rules that matched, in order. */
  ruleIds: number[];
}

/**
 * Runs enabled rules in their order on a row: the first rule that sets the category (or the
 * note) wins it; tags add up, to at most TRANSACTION_TAGS_MAX. Rules compiled once by
 * `compileRules` serve any number of rows, each text folded once however often rows repeat it.
 */
export function compileRules(rules: readonly Rule[]): (row: RuleRow) => RuleOutcome {
  const compiled = [...rules]
    .filter((rule) => rule.enabled)
    .sort((a, b) => a.position - b.position)
    .map((rule) => ({ rule, matches: ruleMatcher(rule) }));
  const texts = new Map<string, string>();
  const fold = (text: string) => {
    let folded = texts.get(text);
    if (folded === undefined) {
      folded = foldCase(text);
      if (texts.size < FOLDED_TEXTS_KEPT) texts.set(text, folded);
    }
    return folded;
  };
  return (row) => {
    const folded = foldRuleRow(row, fold);
    const outcome: RuleOutcome = { tagIds: [], ruleIds: [] };
    for (const { rule, matches } of compiled) {
      if (!matches(folded)) continue;
      outcome.ruleIds.push(rule.id);
      for (const action of rule.actions) {
        if (action.type === 'setCategory') outcome.categoryId ??= action.categoryId;
        else if (action.type === 'setNote') outcome.note ??= action.note;
        else {
          for (const tagId of action.tagIds) {
            if (!outcome.tagIds.includes(tagId) && outcome.tagIds.length < TRANSACTION_TAGS_MAX) {
              outcome.tagIds.push(tagId);
            }
          }
        }
      }
    }
    return outcome;
  };
}
