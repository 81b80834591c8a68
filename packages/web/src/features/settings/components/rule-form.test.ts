import { describe, expect, it } from 'vitest';
import { makeRule } from '../../../test/rules.ts';
import {
  conditionDraft,
  newCondition,
  previewBody,
  ruleFormSchema,
  ruleFormValues,
  withField,
  withOp,
} from './rule-form.ts';

describe('the rule form', () => {
  it('keeps a comparison the new field takes, else takes its first, and clears a value of another kind', () => {
    const typed = { ...newCondition(), op: 'equals' as const, value: 'Uber' };
    expect(withField(typed, 'note')).toEqual({ field: 'note', op: 'equals', value: 'Uber', picked: [] });
    expect(withField(typed, 'amount')).toEqual({ field: 'amount', op: 'equals', value: '', picked: [] });
    expect(withField({ ...typed, op: 'startsWith' }, 'mcc').op).toBe('equals');
    expect(withField(typed, 'transactionType')).toEqual({
      field: 'transactionType',
      op: 'equals',
      value: '',
      picked: [],
    });
  });

  it('carries a value between one and a list', () => {
    const text = { ...newCondition(), value: 'АТБ' };
    expect(withOp(text, 'in').value).toBe('АТБ');
    expect(withOp({ ...text, op: 'in', value: 'АТБ\nСільпо' }, 'equals').value).toBe('АТБ');
    const account = { field: 'accountId' as const, op: 'equals' as const, value: '4', picked: [] };
    expect(withOp(account, 'in')).toEqual({ field: 'accountId', op: 'in', value: '', picked: ['4'] });
    expect(withOp({ ...account, op: 'in', value: '', picked: ['4', '5'] }, 'equals').value).toBe('4');
  });

  it('shows a rule’s conditions as typed: amounts in major units, lists a line each', () => {
    expect(conditionDraft({ field: 'amount', op: 'in', value: [150_050, 9_900] }).value).toBe('1500.50\n99.00');
    expect(conditionDraft({ field: 'transactionType', op: 'in', value: ['income'] }).picked).toEqual(['income']);
    expect(ruleFormValues(makeRule({ id: 1 })).categoryId).toBe(2);
  });

  it('asks about the newest rows only once every condition can be read and passes the contract', () => {
    expect(previewBody({ match: 'all', conditions: [newCondition()] })).toBeNull();
    expect(
      previewBody({ match: 'all', conditions: [{ field: 'amount', op: 'gt', value: '1,500', picked: [] }] }),
    ).toBeNull();
    expect(
      previewBody({ match: 'any', conditions: [{ field: 'amount', op: 'gt', value: '1 500,25', picked: [] }] }),
    ).toEqual({ match: 'any', conditions: [{ field: 'amount', op: 'gt', value: 150_025 }] });
    expect(
      previewBody({ match: 'all', conditions: [{ field: 'mcc', op: 'in', value: '5411\n5499', picked: [] }] }),
    ).toEqual({ match: 'all', conditions: [{ field: 'mcc', op: 'in', value: [5411, 5499] }] });
  });

  it('makes the actions of what is filled in, trimming the note', () => {
    const parsed = ruleFormSchema.safeParse({
      ...ruleFormValues(),
      name: 'Lunch',
      conditions: [{ ...newCondition(), value: 'Puzata' }],
      tagIds: [3],
      note: '  Lunch  ',
    });
    expect(parsed.success && parsed.data.actions).toEqual([
      { type: 'addTags', tagIds: [3] },
      { type: 'setNote', note: 'Lunch' },
    ]);
  });
});
