import { describe, expect, it } from 'vitest';
import { categoryKeyForMcc, defaultTreeKeys, INCOME_KEY, MAPPED_KEYS, OTHER_KEY, REFUNDS_KEY } from './mcc.ts';

describe('categories from merchant category codes', () => {
  it('maps only onto categories of the default tree', () => {
    const tree = defaultTreeKeys();
    for (const key of [...MAPPED_KEYS, OTHER_KEY, INCOME_KEY, REFUNDS_KEY]) expect(tree, key).toContain(key);
  });

  it.each([
    [5411, 'food-drinks/groceries'],
    [5812, 'food-drinks/restaurants-fast-food'],
    [5814, 'food-drinks/restaurants-fast-food'],
    [5813, 'food-drinks/bars-cafes'],
    [4121, 'transportation/taxi'],
    [5912, 'shopping/pharmacy'],
    [4814, 'communication-pc/phone'],
    [4899, 'life-entertainment/tv-streaming'],
    [4900, 'housing/energy-utilities'],
    [5818, 'life-entertainment/books-audio-subscriptions'],
    [7832, 'life-entertainment/culture-events'],
    [5541, 'vehicle/fuel'],
    [7011, 'life-entertainment/holidays-trips-hotels'],
  ])('files spending with code %i under %s', (mcc, key) => {
    expect(categoryKeyForMcc(mcc, false)).toBe(key);
  });

  it('tells unlisted codes apart by their description in the MCC data: airlines, hotels, car rental', () => {
    expect(categoryKeyForMcc(3000, false)).toBe('transportation/long-distance');
    expect(categoryKeyForMcc(3501, false)).toBe('life-entertainment/holidays-trips-hotels');
    expect(categoryKeyForMcc(3357, false)).toBe('vehicle/rentals');
  });

  it('leaves money moves and unknown codes to "Other"', () => {
    for (const mcc of [4829, 6010, 6011, 6012, 6538, 9999, 0])
      expect(categoryKeyForMcc(mcc, false), String(mcc)).toBe(OTHER_KEY);
  });

  it('takes money in as income, and a shop’s money back as a refund', () => {
    expect(categoryKeyForMcc(4829, true)).toBe(INCOME_KEY);
    expect(categoryKeyForMcc(9999, true)).toBe(INCOME_KEY);
    expect(categoryKeyForMcc(5732, true)).toBe(REFUNDS_KEY);
  });
});
