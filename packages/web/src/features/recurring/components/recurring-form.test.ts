import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../../test/accounts.ts';
import { makeRecurring } from '../../../test/recurring.ts';
import { makeTransaction } from '../../../test/transactions.ts';
import {
  initialRecurringValues,
  manualAccountFor,
  type RecurringFormResult,
  type RecurringFormValues,
  recurringFormSchema,
  startAfter,
} from './recurring-form.ts';

const card = makeAccount({ id: 1, name: 'Card' });
const savings = makeAccount({ id: 3, name: 'Savings', currencyId: 2, currencyCode: 'USD' });
const monoUsd = makeAccount({ id: 5, name: 'Monobank USD', type: 'monobank', currencyId: 2, currencyCode: 'USD' });
const accounts = [card, savings, monoUsd];
const currencyOf = (id: string) => accounts.find((account) => String(account.id) === id)?.currencyCode;
const noCategory = () => undefined;

const laptop = makeRecurring({
  id: 3,
  name: 'Laptop',
  kind: 'instalments',
  template: { ...makeRecurring({ id: 0, name: '' }).template, amount: 33_333 },
  schedule: { frequency: 'month', interval: 1, startDate: '2026-10-15', endDate: null, count: 3 },
  total: 100_000,
});

/** The call the form makes for `values` edited from `original`. */
function editRequest(original: typeof laptop, change: Partial<RecurringFormValues>) {
  const values = {
    ...initialRecurringValues({ mode: 'edit', recurring: original }, accounts, noCategory, '2026-11-22'),
    ...change,
  };
  const parsed = recurringFormSchema({ currencyOf, original }).safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.message);
  return (parsed.data as RecurringFormResult).request;
}

describe('the schedule form', () => {
  it('records a bank account’s payments on a manual account in its currency, else on the first', () => {
    expect(manualAccountFor(accounts, monoUsd.id)?.id).toBe(savings.id);
    expect(manualAccountFor([card, monoUsd], monoUsd.id)?.id).toBe(card.id);
    expect(manualAccountFor(accounts, card.id)?.id).toBe(card.id);
  });

  it('starts a step of the rhythm after the transaction, on the last day of a shorter month, not before today', () => {
    expect(startAfter('2026-11-10', 'month', 1, '2026-11-22')).toBe('2026-12-10');
    expect(startAfter('2026-01-31', 'month', 1, '2026-02-01')).toBe('2026-02-28');
    expect(startAfter('2026-08-10', 'month', 1, '2026-11-22')).toBe('2026-12-10');
    expect(startAfter('2026-11-10', 'week', 2, '2026-11-22')).toBe('2026-11-24');
  });

  it('reads a transfer from the account the money left, when its incoming leg was opened', () => {
    const incoming = makeTransaction({
      id: 8,
      transactionType: 'income',
      transferNature: 'transfer_between_user_accounts',
      accountId: savings.id,
      amount: 5_000,
      currencyCode: 'USD',
      destinationAccountId: card.id,
      destinationAmount: 207_500,
      categoryId: null,
      time: '2026-11-10T10:00:00.000Z',
    });
    const values = initialRecurringValues(
      { mode: 'create', from: { transaction: incoming } },
      accounts,
      noCategory,
      '2026-11-22',
    );
    expect(values).toMatchObject({
      type: 'transfer',
      accountId: '1',
      toAccountId: '3',
      amount: '2075.00',
      destinationAmount: '50.00',
    });
  });

  it('makes a purchase in parts an instalment plan asking first: the price in three parts from a month after, even when past', () => {
    const purchase = makeTransaction({
      id: 9,
      note: 'Покупка частинами: Comfy',
      amount: 899_900,
      currencyCode: 'USD',
      accountId: monoUsd.id,
      accountType: 'monobank',
      externalId: 'Zt8nQ1wEr5T=',
      time: '2026-08-14T12:00:00.000Z',
    });
    const values = initialRecurringValues(
      { mode: 'create', from: { transaction: purchase, kind: 'instalments' } },
      accounts,
      noCategory,
      '2026-11-22',
    );
    expect(values).toMatchObject({
      kind: 'instalments',
      type: 'expense',
      name: 'Comfy',
      amount: '8999.00',
      accountId: String(savings.id),
      categoryId: 2,
      count: '3',
      startDate: '2026-09-14',
      confirm: true,
    });
  });

  it('sends an instalment plan’s total, count and start each when changed, the start as a monthly rhythm', () => {
    expect(editRequest(laptop, { amount: '1200' })).toEqual({ kind: 'update', id: 3, body: { total: 120_000 } });
    expect(editRequest(laptop, { count: '4' })).toEqual({ kind: 'update', id: 3, body: { count: 4 } });
    expect(editRequest(laptop, { startDate: '2026-10-20' })).toEqual({
      kind: 'update',
      id: 3,
      body: { schedule: { frequency: 'month', interval: 1, startDate: '2026-10-20' } },
    });
    expect(editRequest(laptop, {})).toBeNull();
  });

  it('refuses a total smaller than one minor unit a part, on the total', () => {
    const values = {
      ...initialRecurringValues({ mode: 'edit', recurring: laptop }, accounts, noCategory, '2026-11-22'),
      amount: '0,02',
    };
    const parsed = recurringFormSchema({ currencyOf, original: laptop }).safeParse(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', 'The total must be at least one minor unit per part'],
    ]);
  });
});
