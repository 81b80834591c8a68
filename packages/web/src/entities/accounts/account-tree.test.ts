import { describe, expect, it } from 'vitest';
import { makeAccount, makeGroup } from '../../test/accounts.ts';
import { buildAccountTree, groupChoices, ownMoney, refOwnMoney, totalOwnMoney } from './account-tree.ts';

describe('own money', () => {
  it('is the balance less the credit limit, in the account currency', () => {
    expect(ownMoney(makeAccount({ id: 1, name: 'Card', currentBalance: 120_000, creditLimit: 500_000 }))).toBe(
      -380_000,
    );
    expect(ownMoney(makeAccount({ id: 2, name: 'Cash', currentBalance: 5_050 }))).toBe(5_050);
  });

  it('is valued in the base currency from the ref figures, or not at all without a rate', () => {
    const card = makeAccount({
      id: 1,
      name: 'Euro card',
      currencyCode: 'EUR',
      currentBalance: 10_000,
      creditLimit: 2_000,
      refCurrentBalance: 450_000,
      refCreditLimit: 90_000,
    });
    expect(refOwnMoney(card)).toBe(360_000);
    expect(refOwnMoney({ ...card, refCurrentBalance: null })).toBeNull();
    expect(refOwnMoney({ ...card, refCreditLimit: null })).toBeNull();
  });
});

describe('totals', () => {
  it('add up the base-currency own money of visible accounts only', () => {
    const total = totalOwnMoney([
      makeAccount({ id: 1, name: 'Wallet', currentBalance: 10_000 }),
      makeAccount({ id: 2, name: 'Card', currentBalance: 30_000, creditLimit: 50_000 }),
      makeAccount({ id: 3, name: 'Hidden', currentBalance: 999_999, isEnabled: false }),
    ]);
    expect(total).toEqual({ amount: -10_000, unvalued: 0 });
  });

  it('leave out and count visible accounts whose currency has no rate', () => {
    const total = totalOwnMoney([
      makeAccount({ id: 1, name: 'Wallet', currentBalance: 10_000 }),
      makeAccount({ id: 2, name: 'Yen', currencyCode: 'JPY', currentBalance: 500, refCurrentBalance: null }),
      makeAccount({ id: 3, name: 'Hidden yen', currencyCode: 'JPY', isEnabled: false, refCurrentBalance: null }),
    ]);
    expect(total).toEqual({ amount: 10_000, unvalued: 1 });
  });

  it('are zero without accounts', () => {
    expect(totalOwnMoney([])).toEqual({ amount: 0, unvalued: 0 });
  });
});

describe('account tree', () => {
  const groups = [
    makeGroup({ id: 10, name: 'Savings' }),
    makeGroup({ id: 11, name: 'Family' }),
    makeGroup({ id: 12, name: 'Kids', parentGroupId: 11 }),
    makeGroup({ id: 13, name: 'Anna', parentGroupId: 12 }),
    // Its parent is gone: shown at the top rather than lost.
    makeGroup({ id: 14, name: 'Orphan', parentGroupId: 99 }),
  ];
  const accounts = [
    makeAccount({ id: 1, name: 'Piggy bank', accountGroupId: 13, currentBalance: 1_000 }),
    makeAccount({ id: 2, name: 'Deposit', accountGroupId: 10, currentBalance: 100_000 }),
    makeAccount({ id: 3, name: 'Joint card', accountGroupId: 11, currentBalance: 20_000, creditLimit: 5_000 }),
    makeAccount({ id: 4, name: 'Wallet', currentBalance: 700 }),
    makeAccount({ id: 5, name: 'Cash', currentBalance: 300 }),
    makeAccount({ id: 6, name: 'Lost group', accountGroupId: 77, currentBalance: 1 }),
    makeAccount({ id: 7, name: 'Old card', accountGroupId: 12, currentBalance: 50_000, isEnabled: false }),
  ];
  const tree = buildAccountTree(groups, accounts);

  it('nests groups by parent and sorts each level by name', () => {
    expect(tree.groups.map((node) => node.group.name)).toEqual(['Family', 'Orphan', 'Savings']);
    const family = tree.groups[0]!;
    expect(family.subgroups.map((node) => node.group.name)).toEqual(['Kids']);
    expect(family.subgroups[0]!.subgroups.map((node) => node.group.name)).toEqual(['Anna']);
  });

  it('puts each account in its group, and the rest (or those of a missing group) apart, by name', () => {
    expect(tree.groups[2]!.accounts.map((account) => account.name)).toEqual(['Deposit']);
    expect(tree.groups[0]!.accounts.map((account) => account.name)).toEqual(['Joint card']);
    expect(tree.ungrouped.map((account) => account.name)).toEqual(['Cash', 'Lost group', 'Wallet']);
  });

  it('totals each group over its subgroups, hidden accounts aside, and counts every account in it', () => {
    const family = tree.groups[0]!;
    expect(family.total).toEqual({ amount: 15_000 + 1_000, unvalued: 0 });
    expect(family.accountCount).toBe(3);
    expect(family.subgroups[0]!.total.amount).toBe(1_000);
    expect(tree.groups[1]!.accountCount).toBe(0);
  });

  it('lists the groups for a picker, depth first, leaving out a group and its subgroups', () => {
    const names = (excludeId?: number) =>
      groupChoices(tree, excludeId).map(({ node, depth }) => `${depth}:${node.group.name}`);
    expect(names()).toEqual(['0:Family', '1:Kids', '2:Anna', '0:Orphan', '0:Savings']);
    expect(names(12)).toEqual(['0:Family', '0:Orphan', '0:Savings']);
  });

  it('shows groups caught in a parent loop at the top, with their accounts and totals, instead of losing them', () => {
    const looped = buildAccountTree(
      [
        makeGroup({ id: 20, name: 'North', parentGroupId: 21 }),
        makeGroup({ id: 21, name: 'South', parentGroupId: 20 }),
        makeGroup({ id: 22, name: 'Inner', parentGroupId: 20 }),
      ],
      [makeAccount({ id: 1, name: 'Deep', accountGroupId: 22, currentBalance: 500 })],
    );
    expect(looped.groups.map((node) => node.group.name)).toEqual(['North', 'South']);
    expect(looped.groups[0]!.subgroups.map((node) => node.group.name)).toEqual(['Inner']);
    expect(looped.groups[0]!.total.amount).toBe(500);
    expect(looped.groups[1]!.subgroups).toEqual([]);
  });
});
