import { balancePointSchema, successEnvelope, transactionSchema } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** A transaction as the list answers it, with text to escape and nulls beside numbers. */
const transaction = {
  id: 7,
  accountId: 3,
  accountType: 'system',
  currencyId: 1,
  currencyCode: 'UAH',
  categoryId: null,
  budgetId: 2,
  tagIds: [3, 5],
  refundOfId: null,
  refundedRefAmount: 0,
  splits: [],
  transferId: null,
  transferNature: 'not_transfer',
  destinationAccountId: 4,
  destinationAmount: null,
  transactionType: 'expense',
  paymentType: 'cash',
  amount: 12_345,
  cashbackAmount: 0,
  commissionRate: 0,
  refAmount: 12_345,
  refCommissionRate: 0,
  refCurrencyCode: 'UAH',
  note: 'Кава "на винос", \\ і новий\nрядок',
  externalId: null,
  importId: null,
  time: '2026-11-20T10:11:12.000Z',
  createdAt: '2026-11-20T10:11:12.000Z',
};

describe('the answers serializer', () => {
  it('writes what zod would: the same JSON for a page of transactions and balance points, nulls and text escapes included', () => {
    const page = successEnvelope(z.array(transactionSchema));
    const body = { status: 'success', response: [transaction, { ...transaction, id: 8, categoryId: 5 }] };
    expect(JSON.parse(compile(page)(body))).toEqual(z.encode(page, body as z.output<typeof page>));
    const points = successEnvelope(z.array(balancePointSchema));
    const history = {
      status: 'success',
      response: [
        { date: '2026-01-01', accountId: 1, balance: -5, refBalance: null },
        { date: '2026-01-02', accountId: 1, balance: 10, refBalance: 400 },
      ],
    };
    expect(compile(points)(history)).toBe(JSON.stringify(history));
  });

  it('writes only the properties the schema declares', () => {
    const account = successEnvelope(z.object({ id: z.number().int(), name: z.string() }));
    const written = compile(account)({ status: 'success', response: { id: 1, name: 'Card', tokenHash: 'secret' } });
    expect(JSON.parse(written)).toEqual({ status: 'success', response: { id: 1, name: 'Card' } });
  });

  it('refuses an answer without a required property', () => {
    const account = successEnvelope(z.object({ id: z.number().int(), name: z.string() }));
    expect(() => compile(account)({ status: 'success', response: { id: 1 } })).toThrow();
  });

  it('keeps zod for what JSON Schema cannot say', () => {
    const stamped = z.object({ at: z.date() });
    expect(compile(stamped)({ at: new Date('2026-11-20T10:11:12Z'), extra: 1 })).toBe(
      '{"at":"2026-11-20T10:11:12.000Z"}',
    );
  });
});
