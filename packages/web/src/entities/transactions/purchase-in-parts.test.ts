import type { Transaction } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { makeRecurring } from '../../test/recurring.ts';
import { savedTimeZoneEachTest } from '../../test/time-zone.ts';
import { makeTransaction } from '../../test/transactions.ts';
import { isPlanned, type PurchaseInParts, purchaseInParts } from './purchase-in-parts.ts';

/** A Monobank expense of UAH 12,499.00 whose note (the bank's description) is `note`, at noon in Kyiv on 31 January. */
const bankRow = (note: string, overrides: Partial<Transaction> = {}) =>
  makeTransaction({
    id: 1,
    note,
    amount: 1_249_900,
    accountType: 'monobank',
    externalId: 'pQ9rT3vW7yZ=',
    time: '2026-01-31T10:00:00.000Z',
    ...overrides,
  });

describe('a purchase in parts', () => {
  savedTimeZoneEachTest('Europe/Kyiv');

  it('is a Monobank expense whose description says "частинами", in any case, named after the shop it names', () => {
    expect(purchaseInParts(bankRow('Покупка частинами: Rozetka'))).toEqual({
      name: 'Rozetka',
      total: 1_249_900,
      firstDay: '2026-02-28',
    });
    expect(purchaseInParts(bankRow('ПОКУПКА ЧАСТИНАМИ. Comfy'))?.name).toBe('Comfy');
    expect(purchaseInParts(bankRow('Rozetka, покупка частинами'))?.name).toBe('Rozetka');
    // The payer's comment after the description is not the shop.
    expect(purchaseInParts(bankRow('Покупка частинами: Фокстрот — пральна машина'))?.name).toBe('Фокстрот');
  });

  it('is named by the description itself when it names no shop', () => {
    expect(purchaseInParts(bankRow('Покупка частинами'))?.name).toBe('Покупка частинами');
    expect(purchaseInParts(bankRow(' покупка частинами: '))?.name).toBe('покупка частинами');
  });

  it('has its first part a month after the purchase’s day in the person’s time zone', () => {
    // 23:30 on 14 March in UTC is already the 15th in Kyiv.
    expect(purchaseInParts(bankRow('Покупка частинами', { time: '2026-03-14T23:30:00.000Z' }))?.firstDay).toBe(
      '2026-04-15',
    );
    expect(purchaseInParts(bankRow('Покупка частинами', { time: '2026-12-05T12:00:00.000Z' }))?.firstDay).toBe(
      '2027-01-05',
    );
  });

  it('is not an ordinary purchase, a refund, a transfer or a row typed by hand', () => {
    expect(purchaseInParts(bankRow('Rozetka'))).toBeNull();
    expect(purchaseInParts(bankRow('Покупка частинами', { transactionType: 'income' }))).toBeNull();
    expect(
      purchaseInParts(bankRow('Покупка частинами', { transferNature: 'transfer_between_user_accounts' })),
    ).toBeNull();
    expect(purchaseInParts(bankRow('Покупка частинами', { accountType: 'system', externalId: null }))).toBeNull();
    // A comment of the payer's is not the bank's description.
    expect(purchaseInParts(bankRow('Rozetka — частинами'))).toBeNull();
  });
});

describe('a purchase made a plan already', () => {
  const purchase: PurchaseInParts = { name: 'Rozetka', total: 1_249_900, firstDay: '2026-02-28' };
  const plan = (overrides: Parameters<typeof makeRecurring>[0]) =>
    makeRecurring({
      kind: 'instalments',
      total: 1_249_900,
      schedule: { frequency: 'month', interval: 1, startDate: '2026-02-28', endDate: null, count: 3 },
      ...overrides,
    });

  it('is an instalment plan of its total from its first day, or of its total and name', () => {
    expect(isPlanned(purchase, [plan({ id: 1, name: 'Ноутбук' })])).toBe(true);
    expect(
      isPlanned(purchase, [
        plan({
          id: 1,
          name: 'ROZETKA',
          schedule: { frequency: 'month', interval: 1, startDate: '2026-03-31', endDate: null, count: 4 },
        }),
      ]),
    ).toBe(true);
  });

  it('is not a plan of another total, of another day and name, or a schedule', () => {
    expect(isPlanned(purchase, [])).toBe(false);
    expect(isPlanned(purchase, [plan({ id: 1, name: 'Rozetka', total: 999_900 })])).toBe(false);
    expect(
      isPlanned(purchase, [
        plan({
          id: 1,
          name: 'Comfy',
          schedule: { frequency: 'month', interval: 1, startDate: '2026-03-01', endDate: null, count: 3 },
        }),
      ]),
    ).toBe(false);
    expect(isPlanned(purchase, [makeRecurring({ id: 1, name: 'Rozetka', total: null })])).toBe(false);
  });
});
