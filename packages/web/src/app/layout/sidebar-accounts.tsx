import type { Account } from '@kopiyka/shared';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Money } from '../../components/ui/money.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TruncatedName } from '../../components/ui/truncated-name.tsx';
import { type AccountGroupNode, ownMoney } from '../../entities/accounts/account-tree.ts';
import { useAccountTree } from '../../entities/accounts/use-account-tree.ts';
import { BankMark } from '../../entities/monobank/bank-badge.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';

function indent(depth: number) {
  return { paddingLeft: `${0.75 + depth * 0.75}rem` };
}

function AccountLinks({ accounts, depth }: { accounts: Account[]; depth: number }) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col">
      {accounts.map((account) => {
        const to = `/account/${account.id}`;
        const active = pathname === to;
        return (
          <li key={account.id}>
            <Link
              to={to}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-baseline justify-between gap-3 rounded-md py-1.5 pr-3 text-sm transition-colors',
                active ? 'bg-primary/12 text-primary' : 'text-foreground hover:bg-accent',
                !account.isEnabled && 'opacity-50',
              )}
              style={indent(depth)}
            >
              <span className="flex min-w-0 items-center gap-1.5">
                <TruncatedName name={account.name} />
                {account.type === 'monobank' ? <BankMark /> : null}
              </span>
              <Money
                minor={ownMoney(account)}
                currency={account.currencyCode}
                // The short form leaves the name room in the narrow column; the full amount is its title.
                compact
                className={cn('text-xs', !active && 'text-muted-foreground')}
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function GroupLinks({ node, depth }: { node: AccountGroupNode; depth: number }) {
  if (node.accountCount === 0) return null;
  return (
    <li>
      <p className="truncate pt-2.5 pb-1 text-xs font-medium text-muted-foreground" style={indent(depth)}>
        {node.group.name}
      </p>
      <AccountLinks accounts={node.accounts} depth={depth + 1} />
      {node.subgroups.length > 0 ? (
        <ul>
          {node.subgroups.map((subgroup) => (
            <GroupLinks key={subgroup.group.id} node={subgroup} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The user's accounts by group under the main navigation: a name and own money each. */
export function SidebarAccounts() {
  const state = useAccountTree();
  const t = useT();
  let content: ReactNode;
  if (state.status === 'pending') {
    content = (
      <div role="status" aria-label={t('sidebar.loading')} className="flex flex-col gap-2 px-3 py-1">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-5 w-full" />
        ))}
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <p className="px-3 text-xs text-muted-foreground">
        {t('sidebar.loadError')}{' '}
        <button
          type="button"
          onClick={state.retry}
          disabled={state.retrying}
          className="cursor-pointer font-medium text-primary hover:underline"
        >
          {t('shell.tryAgain')}
        </button>
      </p>
    );
  } else if (state.accounts.length === 0) {
    content = (
      <p className="px-3 text-xs text-muted-foreground">
        {t('sidebar.empty')}{' '}
        <Link to="/create-account" className="font-medium text-primary hover:underline">
          {t('sidebar.addOne')}
        </Link>
      </p>
    );
  } else {
    const { tree } = state;
    const grouped = tree.groups.some((node) => node.accountCount > 0);
    content = (
      <>
        <ul>
          {tree.groups.map((node) => (
            <GroupLinks key={node.group.id} node={node} depth={0} />
          ))}
        </ul>
        {tree.ungrouped.length > 0 ? (
          <>
            {grouped ? (
              <p className="px-3 pt-2.5 pb-1 text-xs font-medium text-muted-foreground">{t('sidebar.ungrouped')}</p>
            ) : null}
            <AccountLinks accounts={tree.ungrouped} depth={grouped ? 1 : 0} />
          </>
        ) : null}
      </>
    );
  }
  return (
    <nav aria-labelledby="sidebar-accounts-title" className="flex flex-col gap-1 border-t px-3 pt-4 pb-3">
      <div className="flex items-center justify-between pr-1 pl-3">
        <h2 id="sidebar-accounts-title" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t('nav.accounts')}
        </h2>
        <Link
          to="/create-account"
          aria-label={t('sidebar.addAccount')}
          title={t('sidebar.addAccount')}
          className="flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <Plus aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {content}
    </nav>
  );
}
