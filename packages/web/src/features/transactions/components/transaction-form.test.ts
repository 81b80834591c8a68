import type { Rate, Transaction } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { OUT_OF_WALLET } from '../../../entities/accounts/account-select.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { makeAccount } from '../../../test/accounts.ts';
import { savedTimeZoneEachTest } from '../../../test/time-zone.ts';
import { makeTransaction } from '../../../test/transactions.ts';
import {
  changeAccount,
  crossRate,
  initialFormValues,
  leftToAssign,
  removePart,
  startSplit,
  switchKind,
  type TransactionFormValues,
  transactionFormSchema,
} from './transaction-form.ts';

const card = makeAccount({ id: 1, name: 'Card' });
const cash = makeAccount({ id: 2, name: 'Cash', accountCategory: 'cash' });
const savings = makeAccount({ id: 3, name: 'Savings', currencyId: 2, currencyCode: 'USD' });
const accounts = [card, cash, savings];
const currencyOf = (id: string) => accounts.find((account) => String(account.id) === id)?.currencyCode;

const LOCAL_TIME = '2026-03-18T14:30';
const ISO_TIME = new Date(LOCAL_TIME).toISOString();

const expense: TransactionFormValues = {
  kind: 'expense',
  amount: '1 250,50',
  accountId: '1',
  toAccountId: '',
  destinationAmount: '',
  categoryId: 2,
  time: LOCAL_TIME,
  paymentType: 'debitCard',
  note: 'Lunch',
  budgetId: null,
  refundOfId: null,
  tagIds: [],
  splits: [],
};

function check(values: Partial<TransactionFormValues>, original?: Transaction) {
  return transactionFormSchema({ currencyOf, original }).safeParse({ ...expense, ...values });
}

function requestOf(values: Partial<TransactionFormValues>, original?: Transaction) {
  const result = check(values, original);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data.request;
}

function errorsOf(values: Partial<TransactionFormValues>, original?: Transaction) {
  const result = check(values, original);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('a new transaction’s body', () => {
  it('sends an expense in minor units with an ISO time', () => {
    expect(requestOf({})).toEqual({
      kind: 'create',
      body: {
        amount: 125_050,
        transactionType: 'expense',
        accountId: 1,
        categoryId: 2,
        paymentType: 'debitCard',
        time: ISO_TIME,
        note: 'Lunch',
        transferNature: 'not_transfer',
      },
    });
  });

  it('multiplies by 100 and rounds', () => {
    expect(requestOf({ amount: '0.125' })?.body.amount).toBe(13);
    expect(requestOf({ amount: '1234.567' })?.body.amount).toBe(123_457);
  });

  it('does not convert an empty or zero amount: it asks for one', () => {
    expect(errorsOf({ amount: '' })).toEqual({ amount: 'Enter an amount' });
    expect(errorsOf({ amount: '0,00' })).toEqual({ amount: 'Enter an amount' });
    expect(errorsOf({ amount: 'lots' })).toEqual({ amount: 'Enter an amount, e.g. 1,250.50' });
    expect(errorsOf({ amount: '-5' })).toEqual({
      amount: 'Enter the amount without a minus: it cannot be negative here',
    });
  });

  it('asks for an account, a category and a time', () => {
    expect(errorsOf({ accountId: '', categoryId: null, time: '' })).toEqual({
      accountId: 'Choose an account',
      categoryId: 'Choose a category',
      time: 'Enter a date and time',
    });
  });

  it('checks the note against the contract', () => {
    expect(errorsOf({ note: 'x'.repeat(1001) })).toEqual({ note: 'Note must be at most 1000 characters' });
  });
});

describe('a split into parts', () => {
  const parts = (...split: Array<[number | null, string]>) =>
    split.map(([categoryId, amount]) => ({ categoryId, amount, note: '' }));

  it('starts with the category and the whole amount in the first part, and says what is left as one types', () => {
    const split = startSplit(expense);
    expect(split.splits).toEqual(parts([2, '1 250,50'], [null, '']));
    expect(leftToAssign(split)).toBe(0);
    expect(leftToAssign({ ...split, splits: parts([2, '1000'], [3, '']) })).toBe(25_050);
    expect(leftToAssign({ ...split, splits: parts([2, '1000'], [3, '300']) })).toBe(-4_950);
    expect(leftToAssign({ ...split, splits: parts([2, 'lots'], [3, '']) })).toBeNull();
  });

  it('sends the parts, not a category, once they add up to the amount', () => {
    const body = requestOf({ splits: parts([2, '1000'], [3, '250,50']) })?.body;
    expect(body).toMatchObject({
      amount: 125_050,
      splits: [
        { categoryId: 2, amount: 100_000, note: '' },
        { categoryId: 3, amount: 25_050, note: '' },
      ],
    });
    expect(body?.categoryId).toBeUndefined();
  });

  it('refuses to save until every part has a category and nothing is left to assign', () => {
    expect(errorsOf({ splits: parts([2, '1000'], [null, '250,50']) })).toEqual({
      splits: 'Choose a category for each part',
    });
    expect(errorsOf({ splits: parts([2, '1000'], [3, '']) })).toEqual({ splits: 'Enter an amount for each part' });
    expect(errorsOf({ splits: parts([2, '1000'], [3, '200']) })).toEqual({
      splits: `Assign the rest too: ${formatMoney(5_050, 'UAH')} left`,
    });
    expect(errorsOf({ splits: parts([2, '1000'], [3, '300']) })).toEqual({
      splits: `The parts come to ${formatMoney(4_950, 'UAH')} more than the amount`,
    });
  });

  it('joins the parts when one is left, into its category', () => {
    const split = { ...expense, splits: parts([2, '1000'], [5, '250,50']) };
    expect(removePart(split, 0)).toMatchObject({ categoryId: 5, splits: [] });
    expect(removePart({ ...split, splits: [...split.splits, ...parts([6, '1'])] }, 1).splits).toHaveLength(2);
  });

  it('an edit sends the parts whole when they or the amount change, and joins them with a category', () => {
    const original = makeTransaction({
      id: 41,
      amount: 30_000,
      categoryId: 2,
      time: ISO_TIME,
      splits: [
        { id: 1, categoryId: 2, amount: 20_000, refAmount: 20_000, note: '' },
        { id: 2, categoryId: 3, amount: 10_000, refAmount: 10_000, note: 'soap' },
      ],
    });
    const start = initialFormValues({ mode: 'edit', transaction: original }, accounts);
    const edit = (changes: Partial<TransactionFormValues>) => requestOf({ ...start, ...changes }, original);
    expect(edit({ note: 'Silpo' })?.body).toEqual({ note: 'Silpo' });
    expect(edit({ amount: '400', splits: parts([2, '300'], [3, '100']) })?.body).toEqual({
      amount: 40_000,
      splits: [
        { categoryId: 2, amount: 30_000, note: '' },
        { categoryId: 3, amount: 10_000, note: '' },
      ],
    });
    expect(edit(removePart(start, 1))?.body).toEqual({ splits: [], categoryId: 2 });
  });
});

describe('transfers', () => {
  const transfer = { kind: 'transfer' as const, categoryId: null, note: '' };

  it('between accounts in one currency: no destination amount, no category', () => {
    expect(requestOf({ ...transfer, accountId: '1', toAccountId: '2', amount: '2000' })?.body).toEqual({
      amount: 200_000,
      transactionType: 'expense',
      accountId: 1,
      destinationAccountId: 2,
      transferNature: 'transfer_between_user_accounts',
      paymentType: 'debitCard',
      time: ISO_TIME,
      note: '',
    });
  });

  it('across currencies: what arrives, in the other account’s currency', () => {
    expect(
      requestOf({ ...transfer, accountId: '1', toAccountId: '3', amount: '4100', destinationAmount: '98.44' })?.body,
    ).toMatchObject({ amount: 410_000, accountId: 1, destinationAccountId: 3, destinationAmount: 9844 });
    expect(errorsOf({ ...transfer, accountId: '1', toAccountId: '3', amount: '4100' })).toEqual({
      destinationAmount: 'Enter the amount that arrives, in USD',
    });
  });

  it('out of the wallet: transfer_out_wallet, with no destination', () => {
    expect(requestOf({ ...transfer, accountId: '2', toAccountId: OUT_OF_WALLET, amount: '150' })?.body).toEqual({
      amount: 15_000,
      transactionType: 'expense',
      accountId: 2,
      transferNature: 'transfer_out_wallet',
      paymentType: 'debitCard',
      time: ISO_TIME,
      note: '',
    });
  });

  it('into the wallet: an income on the account it reaches', () => {
    expect(requestOf({ ...transfer, accountId: OUT_OF_WALLET, toAccountId: '3', amount: '20' })?.body).toMatchObject({
      amount: 2000,
      transactionType: 'income',
      accountId: 3,
      transferNature: 'transfer_out_wallet',
    });
  });

  it('needs two sides, one of them an account, and two different accounts', () => {
    expect(errorsOf({ ...transfer, accountId: '1', toAccountId: '' })).toEqual({
      toAccountId: 'Choose where the money goes',
    });
    expect(errorsOf({ ...transfer, accountId: OUT_OF_WALLET, toAccountId: OUT_OF_WALLET })).toEqual({
      toAccountId: 'One side of a transfer must be one of your accounts',
    });
    expect(errorsOf({ ...transfer, accountId: '1', toAccountId: '1' })).toEqual({
      toAccountId: 'Choose two different accounts',
    });
  });
});

describe('an edit sends what changed', () => {
  const original = makeTransaction({
    id: 40,
    amount: 125_050,
    accountId: 1,
    categoryId: 2,
    time: ISO_TIME,
    note: 'Lunch',
  });
  const edit = (changes: Partial<TransactionFormValues>) =>
    requestOf({ ...initialFormValues({ mode: 'edit', transaction: original }, accounts), ...changes }, original);

  it('nothing when nothing changed', () => {
    expect(edit({})).toBeNull();
  });

  it('only the changed fields', () => {
    expect(edit({ note: 'Dinner', amount: '1300' })).toEqual({
      kind: 'update',
      id: 40,
      body: { note: 'Dinner', amount: 130_000 },
    });
    expect(edit({ kind: 'income' })?.body).toEqual({ transactionType: 'income' });
  });

  it('assigns it to a budget, and takes it out again with null', () => {
    expect(edit({ budgetId: 9 })?.body).toEqual({ budgetId: 9 });
    const assigned = { ...original, budgetId: 9 };
    const unassign = requestOf(
      { ...initialFormValues({ mode: 'edit', transaction: assigned }, accounts), budgetId: null },
      assigned,
    );
    expect(unassign?.body).toEqual({ budgetId: null });
  });

  it('links an income to the expense it refunds, and unlinks it with null, also when it stops being an income', () => {
    const pay = { ...original, transactionType: 'income' as const };
    const editPay = (changes: Partial<TransactionFormValues>, transaction = pay) =>
      requestOf({ ...initialFormValues({ mode: 'edit', transaction }, accounts), ...changes }, transaction);
    expect(editPay({ refundOfId: 7 })?.body).toEqual({ refundOfId: 7 });
    // An expense refunds nothing: the choice stays in the form but is not sent.
    expect(edit({ refundOfId: 7 })).toBeNull();
    const refund = { ...pay, refundOfId: 7 };
    expect(editPay({ refundOfId: null }, refund)?.body).toEqual({ refundOfId: null });
    expect(editPay({ kind: 'expense' }, refund)?.body).toEqual({ transactionType: 'expense', refundOfId: null });
  });

  it('sends its tags whole when they changed, in any order, and an empty list to take them all off', () => {
    expect(edit({ tagIds: [5, 3] })?.body).toEqual({ tagIds: [5, 3] });
    const tagged = { ...original, tagIds: [3, 5] };
    const values = initialFormValues({ mode: 'edit', transaction: tagged }, accounts);
    expect(requestOf({ ...values, tagIds: [5, 3] }, tagged)).toBeNull();
    expect(requestOf({ ...values, tagIds: [] }, tagged)?.body).toEqual({ tagIds: [] });
  });

  it('sends the tags of a new one', () => {
    expect(requestOf({ tagIds: [4] })?.body).toMatchObject({ tagIds: [4] });
  });

  it('turns it into an out-of-wallet transfer', () => {
    expect(edit({ kind: 'transfer', toAccountId: OUT_OF_WALLET })?.body).toEqual({
      transferNature: 'transfer_out_wallet',
    });
  });

  it('turns it into a transfer between accounts, destination and all', () => {
    expect(edit({ kind: 'transfer', toAccountId: '3', destinationAmount: '30' })?.body).toEqual({
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: 3,
      destinationAmount: 3000,
    });
  });

  describe('of the incoming leg of a transfer', () => {
    // 4,100 UAH left the card and 98.44 USD reached savings; the USD leg is opened.
    const incoming = makeTransaction({
      id: 41,
      transactionType: 'income',
      accountId: 3,
      currencyCode: 'USD',
      amount: 9844,
      categoryId: null,
      time: ISO_TIME,
      transferNature: 'transfer_between_user_accounts',
      transferId: 9,
      destinationAccountId: 1,
      destinationAmount: 410_000,
    });
    const values = initialFormValues({ mode: 'edit', transaction: incoming }, accounts);

    it('reads it from "From" to "To"', () => {
      expect(values).toMatchObject({ accountId: '1', toAccountId: '3', amount: '4100.00', destinationAmount: '98.44' });
    });

    it('keeps it the income leg: the amount sent is its destination amount', () => {
      expect(requestOf({ ...values, amount: '4200' }, incoming)).toEqual({
        kind: 'update',
        id: 41,
        body: { destinationAmount: 420_000 },
      });
      expect(requestOf({ ...values, destinationAmount: '100' }, incoming)?.body).toEqual({ amount: 10_000 });
    });

    it('sends the whole destination when "From" changes, since the server needs its amount', () => {
      expect(requestOf({ ...values, accountId: '2' }, incoming)?.body).toEqual({
        destinationAccountId: 2,
        destinationAmount: 410_000,
      });
    });

    it('puts the server’s complaints where the user typed', () => {
      const result = check(values, incoming);
      expect(result.success && result.data.fieldOf('amount')).toBe('destinationAmount');
      expect(result.success && result.data.fieldOf('destinationAmount')).toBe('amount');
      expect(result.success && result.data.fieldOf('accountId')).toBe('toAccountId');
      expect(result.success && result.data.fieldOf('destinationAccountId')).toBe('accountId');
    });
  });
});

describe('the form’s moves', () => {
  it('starts a new expense on the first enabled manual account, paying as its kind does', () => {
    const hidden = makeAccount({ id: 7, name: 'Old', isEnabled: false });
    const bank = makeAccount({ id: 8, name: 'Mono', type: 'monobank' });
    const now = new Date(2026, 2, 18, 14, 30);
    expect(initialFormValues({ mode: 'create' }, [hidden, bank, cash, card], now)).toMatchObject({
      kind: 'expense',
      accountId: '2',
      paymentType: 'cash',
      time: LOCAL_TIME,
    });
    expect(initialFormValues({ mode: 'create', accountId: 1 }, accounts, now)).toMatchObject({
      accountId: '1',
      paymentType: 'debitCard',
    });
  });

  it('puts an income’s account on the receiving side of a transfer, and back', () => {
    const income = { ...expense, kind: 'income' as const, accountId: '3', amount: '20' };
    const transfer = switchKind(income, 'transfer');
    expect(transfer).toMatchObject({ kind: 'transfer', accountId: '', toAccountId: '3', amount: '20' });
    const crossed = { ...transfer, accountId: '1', amount: '830', destinationAmount: '20' };
    expect(switchKind(crossed, 'income')).toMatchObject({ accountId: '3', amount: '20', destinationAmount: '' });
    expect(switchKind(crossed, 'expense')).toMatchObject({ accountId: '1', amount: '830' });
  });

  it('keeps each amount in its own currency when "From" becomes or stops being an account', () => {
    const intoWallet = {
      ...expense,
      kind: 'transfer' as const,
      accountId: OUT_OF_WALLET,
      toAccountId: '3',
      amount: '20',
    };
    expect(changeAccount(intoWallet, 'accountId', '1', currencyOf)).toEqual({
      next: { ...intoWallet, accountId: '1', amount: '', destinationAmount: '20' },
      destinationKept: true,
    });
    const crossed = { ...intoWallet, accountId: '1', amount: '830', destinationAmount: '20' };
    expect(changeAccount(crossed, 'accountId', OUT_OF_WALLET, currencyOf).next).toMatchObject({
      amount: '20',
      destinationAmount: '',
    });
  });
});

describe('cross rates from the rates list', () => {
  const rate = (code: string, value: number | null): Rate => ({
    baseCode: code,
    quoteCode: 'UAH',
    rate: value,
    date: '2026-03-18',
    custom: false,
    source: value === null ? 'none' : 'live',
    rateDate: null,
    effectiveFrom: null,
  });
  const rates = [rate('USD', 41.5), rate('EUR', 45), rate('XAU', null)];

  it('goes through the base currency, which is worth 1', () => {
    expect(crossRate('USD', 'UAH', rates, 'UAH')).toBe(41.5);
    expect(crossRate('UAH', 'USD', rates, 'UAH')).toBeCloseTo(1 / 41.5);
    expect(crossRate('USD', 'EUR', rates, 'UAH')).toBeCloseTo(41.5 / 45);
  });

  it('has none when either side has no rate', () => {
    expect(crossRate('XAU', 'USD', rates, 'UAH')).toBeNull();
    expect(crossRate('USD', 'PLN', rates, 'UAH')).toBeNull();
  });
});

describe('the date and time field, in the user’s time zone rather than the browser’s', () => {
  savedTimeZoneEachTest('Europe/Kyiv');

  const sentTime = (time: string) => {
    const request = requestOf({ time });
    return request?.kind === 'create' ? request.body.time : undefined;
  };

  it('shows a moment as Kyiv’s wall time, and sends back the moment it names', () => {
    const edited = initialFormValues(
      { mode: 'edit', transaction: makeTransaction({ id: 7, time: '2026-10-31T22:30:00.000Z' }) },
      accounts,
    );
    expect(edited.time).toBe('2026-11-01T00:30');
    expect(initialFormValues({ mode: 'create' }, accounts, new Date('2026-03-28T23:05:00Z')).time).toBe(
      '2026-03-29T01:05',
    );
    expect(sentTime('2026-11-01T00:30')).toBe('2026-10-31T22:30:00.000Z');
    expect(sentTime('2026-07-01T00:30')).toBe('2026-06-30T21:30:00.000Z');
  });

  it('reads the hour the clocks repeat as its first time, and a skipped time an hour on, as Temporal does', () => {
    expect(sentTime('2026-10-25T03:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(sentTime('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
  });
});
