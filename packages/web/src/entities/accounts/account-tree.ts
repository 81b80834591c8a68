import { type Account, type AccountGroup, isInParentLoop } from '@kopiyka/shared';
import { type FlatNode, flattenTree } from '../../lib/tree.ts';

/** What the account holds of the owner's own money, in its currency. */
export function ownMoney(account: Account): number {
  return account.currentBalance - account.creditLimit;
}

/** The same in the base currency at the latest rate; null when there is no rate for the account's currency. */
export function refOwnMoney(account: Account): number | null {
  if (account.refCurrentBalance === null || account.refCreditLimit === null) return null;
  return account.refCurrentBalance - account.refCreditLimit;
}

export type MoneyTotal = {
  /** In base-currency minor units. */
  amount: number;
  /** Visible accounts left out of `amount` because their currency has no rate. */
  unvalued: number;
};

/** The own money of the visible accounts, in the base currency: hidden ones stay out of totals. */
export function totalOwnMoney(accounts: readonly Account[]): MoneyTotal {
  const total: MoneyTotal = { amount: 0, unvalued: 0 };
  for (const account of accounts) {
    if (!account.isEnabled) continue;
    const value = refOwnMoney(account);
    if (value === null) total.unvalued += 1;
    else total.amount += value;
  }
  return total;
}

export type AccountGroupNode = {
  group: AccountGroup;
  /** The group's own accounts, by name. */
  accounts: Account[];
  subgroups: AccountGroupNode[];
  /** Over the group's accounts and those of all its subgroups. */
  total: MoneyTotal;
  accountCount: number;
};

export type AccountTree = {
  /** Top-level groups, by name, with their subgroups nested. */
  groups: AccountGroupNode[];
  /** Accounts in no group (or in one that no longer exists), by name. */
  ungrouped: Account[];
};

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * Nests the groups by `parentGroupId` and puts every account in the group its `accountGroupId`
 * names. A group whose parent is missing, or that sits in a parent loop of corrupt data, is shown
 * at the top rather than lost.
 */
export function buildAccountTree(groups: readonly AccountGroup[], accounts: readonly Account[]): AccountTree {
  const nodes = new Map<number, AccountGroupNode>();
  for (const group of [...groups].sort(byName)) {
    nodes.set(group.id, { group, accounts: [], subgroups: [], total: { amount: 0, unvalued: 0 }, accountCount: 0 });
  }
  const ungrouped: Account[] = [];
  for (const account of [...accounts].sort(byName)) {
    const node = account.accountGroupId === null ? undefined : nodes.get(account.accountGroupId);
    if (node) node.accounts.push(account);
    else ungrouped.push(account);
  }
  const parentOf = (id: number) => nodes.get(id)?.group.parentGroupId;
  const roots: AccountGroupNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.group.parentGroupId === null ? undefined : nodes.get(node.group.parentGroupId);
    if (parent && !isInParentLoop(node.group.id, parentOf)) parent.subgroups.push(node);
    else roots.push(node);
  }
  const sum = (node: AccountGroupNode): void => {
    node.total = totalOwnMoney(node.accounts);
    node.accountCount = node.accounts.length;
    for (const subgroup of node.subgroups) {
      sum(subgroup);
      node.total.amount += subgroup.total.amount;
      node.total.unvalued += subgroup.total.unvalued;
      node.accountCount += subgroup.accountCount;
    }
  };
  for (const root of roots) sum(root);
  return { groups: roots, ungrouped };
}

/**
 * The groups as an indented list for a picker. `excludeId` leaves out a group and everything
 * under it: where a group cannot be moved to (itself, or its own subgroups).
 */
export function groupChoices(tree: AccountTree, excludeId?: number): FlatNode<AccountGroupNode>[] {
  return flattenTree(
    tree.groups,
    (node) => node.subgroups,
    (node) => node.group.id === excludeId,
  );
}
