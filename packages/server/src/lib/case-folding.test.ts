import { describe, expect, it } from 'vitest';
import { caseInsensitivePattern, foldCase } from './case-folding.ts';

/** Whether the pattern finds the word in `text`, read as PostgreSQL reads it for these characters. */
const finds = (word: string, text: string) => new RegExp(caseInsensitivePattern(word), 'u').test(text);

describe('case folding for search', () => {
  it('folds letters of every script, leaving what has no case', () => {
    expect(foldCase('СІЛЬПО Їжа ΣΟΦΊΑ Straße 42%')).toBe('сільпо їжа σοφία straße 42%');
  });

  it('makes each letter stand for all the characters folding alike', () => {
    expect(caseInsensitivePattern('сІ')).toBe('[сС][іІ]');
    expect(finds('сІЛЬПО', 'Сільпо, молоко')).toBe(true);
    expect(finds('ґанок', 'ҐАНОК')).toBe(true);
    // The Kelvin sign folds to k: either finds the other.
    expect(finds('k', '\u212A')).toBe(true);
    expect(finds('сільпо', 'АТБ')).toBe(false);
  });

  it('keeps %, _ and the characters of regular expressions as themselves', () => {
    expect(finds('%', '100% бавовна')).toBe(true);
    expect(finds('a_b', 'axb')).toBe(false);
    expect(finds('1.5', '125')).toBe(false);
    expect(finds('1.5', 'x1.5y')).toBe(true);
    expect(finds('(a)', '(A)')).toBe(true);
    expect(finds('[a', 'b[Ab')).toBe(true);
  });
});
