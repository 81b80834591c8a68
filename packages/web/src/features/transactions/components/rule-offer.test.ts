import { RULE_TEXT_MAX } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { makeRule } from '../../../test/rules.ts';
import { makeTransaction } from '../../../test/transactions.ts';
import { arrivedDescription, ruleLesson } from './rule-offer.ts';

describe('what a rule sees as the description of a row to learn from', () => {
  it('is a bank row’s merchant, without the payer’s comment', () => {
    expect(arrivedDescription(makeTransaction({ id: 1, externalId: 'mono-1', note: 'Сільпо — на свято' }))).toBe(
      'Сільпо',
    );
  });

  it('is a file’s row’s whole text, a dash in it included, whether or not the file gave it an id', () => {
    const imported = makeTransaction({ id: 2, importId: 3, note: ' ATB — Market 12 ' });
    expect(arrivedDescription(imported)).toBe('ATB — Market 12');
    expect(arrivedDescription({ ...imported, externalId: 'row-9' })).toBe('ATB — Market 12');
  });

  it('is none for a row entered by hand, or a file’s row without text', () => {
    expect(arrivedDescription(makeTransaction({ id: 3, note: 'Lunch' }))).toBeNull();
    expect(arrivedDescription(makeTransaction({ id: 4, importId: 3, note: '  ' }))).toBeNull();
  });
});

describe('what a new category on a bank row teaches', () => {
  it('a rule: the description is the merchant, then the category', () => {
    expect(ruleLesson('Сільпо', 2, [])).toEqual({
      kind: 'create',
      merchant: 'Сільпо',
      body: {
        name: 'Сільпо',
        match: 'all',
        conditions: [{ field: 'description', op: 'equals', value: 'Сільпо' }],
        actions: [{ type: 'setCategory', categoryId: 2 }],
      },
    });
  });

  it('the new category for a rule learned before, whatever the case of its text, keeping its other actions', () => {
    const learned = makeRule({
      id: 4,
      enabled: false,
      conditions: [{ field: 'description', op: 'equals', value: 'СІЛЬПО' }],
      actions: [
        { type: 'addTags', tagIds: [1] },
        { type: 'setCategory', categoryId: 3 },
      ],
    });
    expect(ruleLesson('сільпо', 2, [learned])).toEqual({
      kind: 'update',
      merchant: 'сільпо',
      rule: learned,
      body: {
        enabled: true,
        actions: [
          { type: 'setCategory', categoryId: 2 },
          { type: 'addTags', tagIds: [1] },
        ],
      },
    });
  });

  it('nothing when the rule learned before sets that category already', () => {
    expect(ruleLesson('Сільпо', 2, [makeRule({ id: 4 })])).toBeNull();
  });

  it('a rule of its own beside one that only contains the merchant', () => {
    const wider = makeRule({ id: 4, conditions: [{ field: 'description', op: 'contains', value: 'Сільпо' }] });
    expect(ruleLesson('Сільпо', 3, [wider])?.kind).toBe('create');
  });

  it('the start of a merchant longer than a rule compares, with a name a rule may have', () => {
    const merchant = `ТОВ ${'Дуже довга назва '.repeat(20)}`;
    const lesson = ruleLesson(merchant, 2, []);
    expect(lesson?.kind).toBe('create');
    const body = lesson?.kind === 'create' ? lesson.body : undefined;
    expect(body?.conditions).toEqual([
      { field: 'description', op: 'startsWith', value: merchant.slice(0, RULE_TEXT_MAX).trim() },
    ]);
    expect(body?.name.length).toBeLessThanOrEqual(100);
  });
});
