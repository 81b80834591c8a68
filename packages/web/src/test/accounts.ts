import type { Account, AccountGroup } from '@kopiyka/shared';

/** A manual UAH account with nothing in it, changed by `overrides`. */
export function makeAccount(overrides: Partial<Account> & Pick<Account, 'id' | 'name'>): Account {
  return {
    currencyId: 1,
    currencyCode: 'UAH',
    type: 'system',
    accountCategory: 'general',
    isEnabled: true,
    creditLimit: 0,
    currentBalance: 0,
    initialBalance: 0,
    refCreditLimit: overrides.creditLimit ?? 0,
    refCurrentBalance: overrides.currentBalance ?? 0,
    refInitialBalance: overrides.initialBalance ?? 0,
    accountGroupId: null,
    externalId: null,
    openingAt: '2025-02-01T10:00:00.000Z',
    openingBalance: overrides.initialBalance ?? 0,
    createdAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<AccountGroup> & Pick<AccountGroup, 'id' | 'name'>): AccountGroup {
  return { parentGroupId: null, accountIds: [], ...overrides };
}
