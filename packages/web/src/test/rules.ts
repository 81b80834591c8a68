import type { Rule } from '@kopiyka/shared';

/** An enabled rule: the bank's description is “Сільпо”, then Groceries (category 2); `overrides` change it. */
export function makeRule(overrides: Partial<Rule> & Pick<Rule, 'id'>): Rule {
  return {
    name: 'Сільпо',
    enabled: true,
    position: 0,
    match: 'all',
    conditions: [{ field: 'description', op: 'equals', value: 'Сільпо' }],
    actions: [{ type: 'setCategory', categoryId: 2 }],
    ...overrides,
  };
}
