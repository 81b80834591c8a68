import type { Account } from '@kopiyka/shared';
import { useMemo } from 'react';
import { useAccountGroups } from '../../api/account-groups.ts';
import { useAccounts } from '../../api/accounts.ts';
import { type AccountTree, buildAccountTree } from './account-tree.ts';

export type AccountTreeState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void; retrying: boolean }
  | { status: 'success'; tree: AccountTree; accounts: Account[] };

/** The accounts nested in their groups, once both lists are loaded. */
export function useAccountTree(): AccountTreeState {
  const accounts = useAccounts();
  const groups = useAccountGroups();
  const tree = useMemo(
    () => (accounts.data && groups.data ? buildAccountTree(groups.data, accounts.data) : null),
    [accounts.data, groups.data],
  );
  if (tree && accounts.data) return { status: 'success', tree, accounts: accounts.data };
  if (accounts.isError || groups.isError) {
    return {
      status: 'error',
      error: accounts.error ?? groups.error,
      retry: () => {
        if (accounts.isError) void accounts.refetch();
        if (groups.isError) void groups.refetch();
      },
      retrying: accounts.isFetching || groups.isFetching,
    };
  }
  return { status: 'pending' };
}
