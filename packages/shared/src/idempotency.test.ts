import { describe, expect, it } from 'vitest';
import type { Endpoint } from './api.ts';
import { endpoints } from './endpoints.ts';
import { IDEMPOTENCY_KEY_MAX, idempotencyKeySchema, takesIdempotencyKey } from './idempotency.ts';

describe('Idempotency-Key', () => {
  it('is taken by every create of a signed-in user: each POST but the sign-outs and the streamed restore', () => {
    const taking = Object.entries(endpoints).flatMap(([group, entries]) =>
      Object.entries(entries as Record<string, Endpoint>)
        .filter(([, endpoint]) => takesIdempotencyKey(endpoint))
        .map(([name, endpoint]) => `${group}.${name} ${endpoint.path}`),
    );
    expect(taking).toEqual([
      'currencies.add /user/currencies',
      'currencies.setBase /user/currencies/base',
      'categories.create /categories',
      'accounts.create /accounts',
      'accountGroups.create /account-groups',
      'tags.create /tags',
      'rules.create /rules',
      'rules.preview /rules/preview',
      'rules.apply /rules/:id/apply',
      'recurring.create /recurring',
      'recurring.dismissSuggestion /recurring/suggestions/dismiss',
      'recurring.confirm /recurring/:id/occurrences/:date/confirm',
      'recurring.skip /recurring/:id/occurrences/:date/skip',
      'transactions.bulk /transactions/bulk',
      'transactions.create /transactions',
      'budgets.create /budgets',
      'budgets.addTransactions /budgets/:id/transactions',
      'monobank.replaceToken /banks/monobank/user',
      'monobank.pair /banks/monobank/pair-user',
      'monobank.updateWebhook /banks/monobank/update-webhook',
      'monobank.saveMerchantRule /banks/monobank/merchant-rules',
      'imports.create /imports',
      'imports.commit /imports/:importId/commit',
    ]);
  });

  it('is 1 to 100 visible ASCII characters', () => {
    for (const key of ['a', '!~', 'x'.repeat(IDEMPOTENCY_KEY_MAX), '550e8400-e29b-41d4-a716-446655440000']) {
      expect(idempotencyKeySchema.safeParse(key).success, key).toBe(true);
    }
    for (const key of ['', ' ', 'a b', 'x'.repeat(IDEMPOTENCY_KEY_MAX + 1), 'ключ', 'tab\there', 'line\n']) {
      expect(idempotencyKeySchema.safeParse(key).success, JSON.stringify(key)).toBe(false);
    }
  });
});
