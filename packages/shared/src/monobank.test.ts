import { describe, expect, it } from 'vitest';
import { loadMonobankTransactionsQuerySchema, monobankStatementItemSchema, monobankTokenSchema } from './monobank.ts';

describe('a Monobank token', () => {
  it('is letters, digits, "-" and "_", as api.monobank.ua shows it; spaces around are dropped', () => {
    expect(monobankTokenSchema.parse('  uDemoKopiykaOffline_notARealToken_2026-11-25 ')).toBe(
      'uDemoKopiykaOffline_notARealToken_2026-11-25',
    );
    for (const bad of [
      '',
      'short',
      'x'.repeat(129),
      'with space inside the token 1234',
      'nul\u0000inside-the-token-12345',
    ]) {
      expect(monobankTokenSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('load-transactions moments', () => {
  it('takes epoch milliseconds (numbers or text) and ISO timestamps, from 2017 on', () => {
    const ms = Date.UTC(2026, 10, 1);
    expect(loadMonobankTransactionsQuerySchema.parse({ from: String(ms) })).toEqual({ from: ms });
    expect(loadMonobankTransactionsQuerySchema.parse({ from: ms })).toEqual({ from: ms });
    expect(loadMonobankTransactionsQuerySchema.parse({ from: '2026-11-01T02:00:00+02:00' })).toEqual({ from: ms });
    for (const from of ['2016-12-31T23:59:59Z', '1e12', 'yesterday', '-1', '']) {
      expect(loadMonobankTransactionsQuerySchema.safeParse({ from }).success, from).toBe(false);
    }
    const order = loadMonobankTransactionsQuerySchema.safeParse({ from: ms, to: ms });
    expect(order.error?.issues[0]?.path).toEqual(['to']);
  });
});

describe('a statement item', () => {
  it('loses control characters from its texts (a database text cannot hold NUL), and keeps what it knows', () => {
    const item = monobankStatementItemSchema.parse({
      id: 'ZuHWzqkKGVo=',
      time: 1_767_182_400,
      description: 'Сільпо\u0000\n',
      mcc: 5411,
      hold: false,
      amount: -48_990,
      operationAmount: -48_990,
      currencyCode: 980,
      commissionRate: 0,
      cashbackAmount: 490,
      balance: 1_534_250,
      comment: 'a\u0007b',
      unknownField: 'ignored',
    });
    expect(item).toMatchObject({ description: 'Сільпо', comment: 'a b', cashbackAmount: 490 });
    expect(item).not.toHaveProperty('unknownField');
    expect(monobankStatementItemSchema.safeParse({ ...item, id: 'has space' }).success).toBe(false);
  });
});
