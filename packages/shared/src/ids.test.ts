import { describe, expect, it } from 'vitest';
import { ID_MAX, idSchema } from './ids.ts';
import { codedIssueOf } from './issues.ts';

describe('idSchema: an id in a JSON body', () => {
  it('takes a number, or the same number written as plain decimal digits', () => {
    expect(idSchema.parse(146)).toBe(146);
    expect(idSchema.parse('146')).toBe(146);
    expect(idSchema.parse('1')).toBe(1);
    expect(idSchema.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each(['0146', '+146', '-146', '1e2', '0x92', ' 146', '146 ', '146.0', '0', '', String(ID_MAX + 1), '99999999999'])(
    'refuses %j as an id',
    (text) => {
      const [issue] = idSchema.safeParse(text).error?.issues ?? [];
      expect(issue && codedIssueOf(issue)?.code).toBe('value.id');
    },
  );

  it('refuses what is no id as a number either', () => {
    for (const value of [0, -1, 1.5, ID_MAX + 1, null, true, [1]])
      expect(idSchema.safeParse(value).success).toBe(false);
  });
});
