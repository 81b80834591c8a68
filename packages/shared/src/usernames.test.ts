import { describe, expect, it } from 'vitest';
import { foldUsername } from './usernames.ts';

describe('foldUsername (issue 35)', () => {
  it.each([
    ['a sharp s and its capital', ['Straße', 'STRASSE', 'strasse', 'STRAẞE']],
    ['a final sigma', ['ΟΔΟΣ', 'οδος', 'οδοσ']],
    ['an iota subscript, as a letter or a capital', ['ᾳ', 'ᾼ', 'αι', 'ΑΙ']],
    ['a ligature', ['ﬀ', 'FF', 'ff']],
    ['an old Cyrillic variant', ['ᲃвіт', 'СВІТ']],
    ['a long s and the Kelvin sign', ['ſ\u212a', 'SK']],
  ])('gives one form to spellings of %s', (_, spellings) => {
    expect(new Set(spellings.map(foldUsername)).size).toBe(1);
  });

  it('keeps apart what case folding keeps apart: a dotless i, another letter', () => {
    expect(foldUsername('kırmızı')).not.toBe(foldUsername('kirmizi'));
    expect(foldUsername('Straße')).not.toBe(foldUsername('Strase'));
  });
});
