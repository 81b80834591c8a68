import { describe, expect, it } from 'vitest';
import { codedIssueOf } from './issues.ts';
import { compileRules, createRuleBodySchema, foldRuleRow, type Rule, type RuleRow, ruleMatcher } from './rules.ts';

const row = (fields: Partial<RuleRow>): RuleRow => ({
  description: '',
  note: '',
  amount: 100,
  accountId: 1,
  mcc: null,
  transactionType: 'expense',
  ...fields,
});

/** The issues of a refused body, as path → code. */
function refusal(body: unknown): Record<string, string> {
  const checked = createRuleBodySchema.safeParse(body);
  if (checked.success) throw new Error('accepted');
  return Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), codedIssueOf(i)?.code ?? i.code]));
}

const rule = (fields: Partial<Rule> & Pick<Rule, 'conditions' | 'actions'>): Rule => ({
  id: 1,
  name: 'r',
  enabled: true,
  position: 0,
  match: 'all',
  ...fields,
});

describe('rule conditions', () => {
  it('compare text whatever its case, in Cyrillic and Latin, and without the spaces around it', () => {
    const silpo = ruleMatcher(
      rule({ conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }], actions: [] }),
    );
    expect(silpo(foldRuleRow(row({ description: 'СІЛЬПО Київ' })))).toBe(true);
    expect(silpo(foldRuleRow(row({ description: 'Сільпо' })))).toBe(true);
    expect(silpo(foldRuleRow(row({ description: 'АТБ' })))).toBe(false);
    const straße = ruleMatcher(rule({ conditions: [{ field: 'note', op: 'equals', value: 'STRASSE' }], actions: [] }));
    expect(straße(foldRuleRow(row({ note: ' Straße ' })))).toBe(true);
    const starts = ruleMatcher(
      rule({ conditions: [{ field: 'description', op: 'startsWith', value: 'ґ' }], actions: [] }),
    );
    expect(starts(foldRuleRow(row({ description: 'Ґалаґан' })))).toBe(true);
    const one = ruleMatcher(
      rule({ conditions: [{ field: 'description', op: 'in', value: ['Nova Poshta', 'УКРПОШТА'] }], actions: [] }),
    );
    expect(one(foldRuleRow(row({ description: 'укрпошта' })))).toBe(true);
    expect(one(foldRuleRow(row({ description: 'укрпошта 2' })))).toBe(false);
  });

  it('compare amounts and MCCs as numbers; a row without an MCC meets no MCC condition', () => {
    const big = ruleMatcher(
      rule({
        conditions: [
          { field: 'amount', op: 'gt', value: 100_000 },
          { field: 'transactionType', op: 'equals', value: 'expense' },
        ],
        actions: [],
      }),
    );
    expect(big(foldRuleRow(row({ amount: 100_001 })))).toBe(true);
    expect(big(foldRuleRow(row({ amount: 100_000 })))).toBe(false);
    expect(big(foldRuleRow(row({ amount: 200_000, transactionType: 'income' })))).toBe(false);
    const lowMcc = ruleMatcher(rule({ conditions: [{ field: 'mcc', op: 'lt', value: 5000 }], actions: [] }));
    expect(lowMcc(foldRuleRow(row({ mcc: 4829 })))).toBe(true);
    expect(lowMcc(foldRuleRow(row({ mcc: null })))).toBe(false);
  });

  it('need all or any of them as the rule says', () => {
    const conditions: Rule['conditions'] = [
      { field: 'accountId', op: 'equals', value: 2 },
      { field: 'mcc', op: 'in', value: [5411, 5499] },
    ];
    const on = (match: 'all' | 'any') => ruleMatcher(rule({ match, conditions, actions: [] }));
    const grocery = foldRuleRow(row({ accountId: 1, mcc: 5411 }));
    expect(on('all')(grocery)).toBe(false);
    expect(on('any')(grocery)).toBe(true);
  });
});

describe('rules in order', () => {
  it('let the first rule that sets a field win it, add up tags, and skip disabled rules', () => {
    const contains = (value: string): Rule['conditions'] => [{ field: 'description', op: 'contains', value }];
    const run = compileRules([
      rule({
        id: 3,
        position: 2,
        conditions: contains('атб'),
        actions: [
          { type: 'setCategory', categoryId: 30 },
          { type: 'addTags', tagIds: [7, 8] },
        ],
      }),
      rule({
        id: 1,
        position: 0,
        enabled: false,
        conditions: contains('атб'),
        actions: [{ type: 'setCategory', categoryId: 10 }],
      }),
      rule({
        id: 2,
        position: 1,
        conditions: contains('атб'),
        actions: [
          { type: 'setCategory', categoryId: 20 },
          { type: 'addTags', tagIds: [8, 9] },
          { type: 'setNote', note: 'закупівля' },
        ],
      }),
    ]);
    expect(run(row({ description: 'АТБ-маркет' }))).toEqual({
      categoryId: 20,
      note: 'закупівля',
      tagIds: [8, 9, 7],
      ruleIds: [2, 3],
    });
    expect(run(row({ description: 'Сільпо' }))).toEqual({ tagIds: [], ruleIds: [] });
  });
});

describe('a rule body', () => {
  const valid = {
    name: 'Доставка',
    conditions: [{ field: 'description', op: 'contains', value: 'Nova Poshta' }],
    actions: [{ type: 'setCategory', categoryId: 5 }],
  };

  it('is enabled and needs all its conditions unless said', () => {
    expect(createRuleBodySchema.parse(valid)).toMatchObject({ enabled: true, match: 'all' });
  });

  it('is refused, naming the place, for an unknown field or operator, a word for an amount, or no conditions or actions', () => {
    expect(refusal({ ...valid, conditions: [{ field: 'payee', op: 'contains', value: 'x' }] })).toEqual({
      'conditions.0.field': 'rule.field',
    });
    expect(refusal({ ...valid, conditions: [{ field: 'note', op: 'like', value: 'x' }] })).toEqual({
      'conditions.0.op': 'rule.op',
    });
    expect(refusal({ ...valid, conditions: [{ field: 'note', op: 'gt', value: 'x' }] })).toEqual({
      'conditions.0.op': 'rule.opForField',
    });
    expect(refusal({ ...valid, conditions: [{ field: 'amount', op: 'gt', value: 'thousand' }] })).toHaveProperty([
      'conditions.0.value',
    ]);
    expect(refusal({ ...valid, conditions: [{ field: 'mcc', op: 'in', value: [5411, 'x'] }] })).toHaveProperty([
      'conditions.0.value.1',
    ]);
    expect(refusal({ ...valid, conditions: [] })).toEqual({ conditions: 'rule.conditionsRequired' });
    expect(refusal({ ...valid, actions: [] })).toEqual({ actions: 'rule.actionsRequired' });
    expect(refusal({ ...valid, actions: [{ type: 'delete' }] })).toHaveProperty(['actions.0.type']);
    expect(
      refusal({
        ...valid,
        actions: [
          { type: 'setNote', note: 'a' },
          { type: 'setNote', note: 'b' },
        ],
      }),
    ).toEqual({ 'actions.1.type': 'rule.actionRepeated' });
    expect(refusal({ ...valid, conditions: [{ ...valid.conditions[0], extra: 1 }] })).toHaveProperty(['conditions.0']);
  });
});
