import { describe, expect, it } from 'vitest';
import { defaultCategoryKeys, defaultCategoryName, hasUkrainianName } from './default-category-names.ts';

describe('defaultCategoryName', () => {
  it('names every category of the default tree in Ukrainian', () => {
    expect(defaultCategoryKeys().filter((key) => !hasUkrainianName(key))).toEqual([]);
  });

  it('keeps the English name in English and tells same-named children apart by their root', () => {
    expect(defaultCategoryName('en', 'Food & Drinks', 'Groceries')).toBe('Groceries');
    expect(defaultCategoryName('uk', 'Food & Drinks')).toBe('Їжа та напої');
    expect(defaultCategoryName('uk', 'Shopping', 'Gifts')).toBe('Подарунки');
    expect(defaultCategoryName('uk', 'Income', 'Refunds')).toBe('Повернення коштів');
  });
});
