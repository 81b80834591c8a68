import { describe, expect, it } from 'vitest';
import { loginBodySchema, PASSWORD_MAX, PASSWORD_MIN, passwordSchema, usernameSchema } from './auth.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('passwordSchema (issue 15)', () => {
  it.each([
    ['eight spaces', ' '.repeat(8)],
    ['tabs and line breaks', '\t\t\t\n\n\r\t\t'],
    ['no-break and ideographic spaces', '\u00a0\u00a0\u00a0\u3000\u3000\u3000\u2003\u2003'],
  ])('refuses a password of %s only', (_, password) => {
    expect(messagesOf(passwordSchema.safeParse(password))).toEqual(['Password cannot be made of spaces only']);
  });

  it.each(['password', 'Password123', 'QWERTYUIOP', ' iloveyou ', '1q2w3e4r', 'Йцукенгш'])(
    'refuses the common password %j, whatever its case',
    (password) => {
      expect(messagesOf(passwordSchema.safeParse(password))).toEqual([
        'This password is one of the most common ones. Choose one that is harder to guess',
      ]);
    },
  );

  it.each([
    'correct horse battery',
    'a brand new secret',
    'another long secret',
    'long enough password',
    'long enough 1',
    'kopiyka-demo',
    'bench password',
    '  spaced  out  ',
    'password is long now',
  ])('accepts %j', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it('lists only lower-case passwords that the length rule alone would accept, a few hundred at most', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(100);
    expect(COMMON_PASSWORDS.size).toBeLessThanOrEqual(500);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(password.length).toBeLessThanOrEqual(PASSWORD_MAX);
    }
  });
});

describe('usernameSchema (issue 15)', () => {
  const oneAlphabet = 'Username must use letters of one alphabet only (for example all Latin or all Cyrillic)';

  it.each([
    ['a Cyrillic а among Latin letters', '\u0430dmin'],
    ['a Latin a among Cyrillic letters', 'Ol\u0435na'],
    ['Latin and Cyrillic halves', 'ivan.Іван'],
    ['a Greek omicron among Latin letters', 'r\u03bfot'],
  ])('refuses %s', (_, username) => {
    expect(messagesOf(usernameSchema.safeParse(username))).toEqual([oneAlphabet]);
  });

  it.each(['admin', 'Тарас', 'Олена_1990', 'Ґанна-Їжак', 'χρήστης', '山田たろう', 'user.42'])(
    'accepts %j, written in one alphabet',
    (username) => {
      expect(usernameSchema.parse(username)).toBe(username);
    },
  );

  it('stores one spelling (NFKC) of what looks alike: full-width letters, a separately typed accent', () => {
    expect(usernameSchema.parse('\uff41\uff44\uff4d\uff49\uff4e')).toBe('admin');
    expect(usernameSchema.parse('e\u0301mile')).toBe('\u00e9mile');
    expect(usernameSchema.parse('\ufb01sh')).toBe('fish');
  });

  it('normalises the name at login alike, so either spelling finds the account', () => {
    expect(loginBodySchema.parse({ username: ' \uff41\uff44\uff4d\uff49\uff4e ', password: 'x' }).username).toBe(
      'admin',
    );
  });
});
