import { AMOUNT_TOO_LARGE_MESSAGE } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { type AccountFormValues, accountFormSchema, readAccountAmount } from './account-form.ts';

const TODAY = '2026-11-25';
const schema = accountFormSchema(TODAY);

const values = (overrides: Partial<AccountFormValues> = {}): AccountFormValues => ({
  name: 'Visa Gold',
  currencyId: 2,
  accountCategory: 'general',
  initialBalance: '',
  openingDay: TODAY,
  creditLimit: '',
  accountGroupId: '',
  ...overrides,
});

const issues = (overrides: Partial<AccountFormValues>) => {
  const result = schema.safeParse(values(overrides));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

/** A limit is never negative: a minus is refused as it is typed. */
const NO_MINUS = 'Enter the amount without a minus: it cannot be negative here';

describe('account form', () => {
  it('converts typed amounts to minor units, either decimal mark, empty or zero as 0', () => {
    expect(readAccountAmount('1 250,50').minor).toBe(125_050);
    expect(readAccountAmount('-99.99').minor).toBe(-9_999);
    expect(readAccountAmount('').minor).toBe(0);
    expect(readAccountAmount('0').minor).toBe(0);
    expect(readAccountAmount('ten')).toEqual({ minor: null, problem: 'Enter an amount, e.g. 1,250.50' });
  });

  it('asks about a mark before three digits and says a too large balance is too large', () => {
    expect(issues({ initialBalance: '1.500' })).toEqual({ initialBalance: 'Is this 1,500 or 1.5? Write 1500 or 1.50' });
    expect(issues({ creditLimit: '200000000000000' })).toEqual({ creditLimit: AMOUNT_TOO_LARGE_MESSAGE });
    expect(issues({ initialBalance: '100000000000000000' })).toEqual({ initialBalance: AMOUNT_TOO_LARGE_MESSAGE });
  });

  it('becomes the body of POST /accounts, with the contract defaults', () => {
    expect(
      schema.parse(
        values({
          name: '  Visa Gold ',
          accountCategory: 'credit-card',
          initialBalance: '1,250.5',
          creditLimit: '5000',
          accountGroupId: '4',
        }),
      ),
    ).toEqual({
      name: 'Visa Gold',
      currencyId: 2,
      accountCategory: 'credit-card',
      initialBalance: 125_050,
      creditLimit: 500_000,
      isEnabled: true,
      accountGroupId: 4,
    });
  });

  it('keeps a credit limit typed for any category, not only the lending ones', () => {
    expect(schema.parse(values({ accountCategory: 'cash', creditLimit: '300' })).creditLimit).toBe(30_000);
    expect(issues({ accountCategory: 'general', creditLimit: '-5' })).toEqual({ creditLimit: NO_MINUS });
  });

  it('says what is wrong in the contract’s words, field by field', () => {
    expect(issues({ name: '   ' })).toEqual({ name: 'Name is required' });
    expect(issues({ currencyId: null })).toEqual({ currencyId: 'Choose a currency' });
    expect(issues({ initialBalance: '12abc' })).toEqual({ initialBalance: 'Enter an amount, e.g. 1,250.50' });
    expect(issues({ accountCategory: 'loan', creditLimit: '-5' })).toEqual({ creditLimit: NO_MINUS });
    expect(issues({ name: 'x'.repeat(101) })).toEqual({ name: 'Name must be at most 100 characters' });
  });

  it('gives a balance of today as of the creation, and one of an earlier day as of that day’s start', () => {
    expect(schema.parse(values()).openingAt).toBeUndefined();
    const earlier = schema.parse(values({ openingDay: '2026-11-01' })).openingAt;
    expect(earlier).toBe(new Date(2026, 10, 1).toISOString());
  });

  it('refuses a balance on a day still to come, or on no day', () => {
    expect(issues({ openingDay: '2026-11-26' })).toEqual({ openingDay: 'The balance can’t be on a day still to come' });
    expect(issues({ openingDay: '' })).toEqual({ openingDay: 'Choose a day' });
  });
});
