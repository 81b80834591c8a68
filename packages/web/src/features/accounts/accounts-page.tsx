import type { Account } from '@kopiyka/shared';
import { Plus, TriangleAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { useBankUser } from '../../api/monobank.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { Money } from '../../components/ui/money.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type AccountGroupNode, type MoneyTotal, totalOwnMoney } from '../../entities/accounts/account-tree.ts';
import { useAccountTree } from '../../entities/accounts/use-account-tree.ts';
import { ConnectMonobankButton } from '../../entities/monobank/connect-monobank-button.tsx';
import { ActiveImportCard } from '../../entities/monobank/import-progress.tsx';
import { cn, plural } from '../../lib/utils.ts';
import { AccountCard } from './components/account-card.tsx';

function AddAccountButton({ children = 'Add account' }: { children?: string }) {
  return (
    <Button asChild>
      <Link to="/create-account">
        <Plus aria-hidden="true" className="size-4" />
        {children}
      </Link>
    </Button>
  );
}

function TotalCard({ total, baseCode, accounts }: { total: MoneyTotal; baseCode: string; accounts: Account[] }) {
  const visible = accounts.filter((account) => account.isEnabled).length;
  const hidden = accounts.length - visible;
  return (
    <Card className="gap-1 p-5">
      <h2 className="text-sm font-medium text-muted-foreground">Total own money</h2>
      <Money wrap minor={total.amount} currency={baseCode} className="text-3xl font-semibold tracking-tight" />
      <p className="text-sm text-muted-foreground">
        In {baseCode}, across {plural(visible, 'visible account')}
        {hidden > 0 ? `; ${plural(hidden, 'hidden account')} not counted` : ''}. Credit limits are not your money, so
        they are taken off.
      </p>
      {total.unvalued > 0 ? (
        <p className="mt-2 flex items-start gap-2 text-sm text-warning">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {plural(total.unvalued, 'account')} in a currency without an exchange rate{' '}
            {total.unvalued === 1 ? 'is' : 'are'} left out.{' '}
            <Link to="/settings/currencies" className="font-medium underline underline-offset-4">
              Set a rate
            </Link>
          </span>
        </p>
      ) : null}
    </Card>
  );
}

function AccountGrid({ accounts, baseCode }: { accounts: Account[]; baseCode: string | undefined }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {accounts.map((account) => (
        // min-w-0: a long name is cut short rather than widening the column past the screen.
        <li key={account.id} className="flex min-w-0 flex-col [&>a]:flex-1">
          <AccountCard account={account} baseCode={baseCode} />
        </li>
      ))}
    </ul>
  );
}

/** A group with its accounts, then its subgroups nested below it; groups without any account are left out. */
function GroupSection({ node, baseCode, depth }: { node: AccountGroupNode; baseCode: string; depth: number }) {
  const headingId = `account-group-${node.group.id}`;
  const Heading = depth === 0 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', depth > 0 && 'border-l-2 pl-4')}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading id={headingId} className={cn('font-semibold', depth === 0 ? 'text-base' : 'text-sm')}>
          {node.group.name}
          <span className="ml-2 text-sm font-normal text-muted-foreground">{plural(node.accountCount, 'account')}</span>
        </Heading>
        <Money minor={node.total.amount} currency={baseCode} className="text-sm font-medium text-muted-foreground" />
      </div>
      {node.accounts.length > 0 ? <AccountGrid accounts={node.accounts} baseCode={baseCode} /> : null}
      {node.subgroups
        .filter((subgroup) => subgroup.accountCount > 0)
        .map((subgroup) => (
          <GroupSection key={subgroup.group.id} node={subgroup} baseCode={baseCode} depth={depth + 1} />
        ))}
    </section>
  );
}

function AccountsSkeleton() {
  return (
    <div role="status" aria-label="Loading accounts" className="flex flex-col gap-6">
      <Skeleton className="h-32 w-full rounded-xl" />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} className="h-36 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

export function AccountsPage() {
  const state = useAccountTree();
  const baseCode = useBaseCurrencyCode();
  // Offered once it is known that no bank is paired yet.
  const canConnectBank = useBankUser().data === null;

  let content: ReactNode;
  if (state.status === 'pending' || !baseCode) {
    content = <AccountsSkeleton />;
  } else if (state.status === 'error') {
    content = (
      <EmptyCard
        icon={Wallet}
        title="Accounts could not be loaded"
        description="Check your connection and try again."
        action={<RetryButton onRetry={state.retry} retrying={state.retrying} />}
      />
    );
  } else if (state.accounts.length === 0) {
    content = (
      <EmptyCard
        icon={Wallet}
        title="Add your first account"
        description="Add the places you keep money in: a wallet, a card, a savings account. Their balances add up to your total. Or connect Monobank, and its cards come with their history."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <AddAccountButton>Add your first account</AddAccountButton>
            {canConnectBank ? <ConnectMonobankButton variant="outline" /> : null}
          </div>
        }
      />
    );
  } else {
    const { tree, accounts } = state;
    const grouped = tree.groups.filter((node) => node.accountCount > 0);
    content = (
      <>
        <TotalCard total={totalOwnMoney(accounts)} baseCode={baseCode} accounts={accounts} />
        {grouped.map((node) => (
          <GroupSection key={node.group.id} node={node} baseCode={baseCode} depth={0} />
        ))}
        {tree.ungrouped.length > 0 ? (
          <section aria-labelledby="accounts-ungrouped" className="flex flex-col gap-3">
            <h2 id="accounts-ungrouped" className={cn('font-semibold', grouped.length === 0 && 'sr-only')}>
              Not in a group
            </h2>
            <AccountGrid accounts={tree.ungrouped} baseCode={baseCode} />
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Cash, cards, savings and bank accounts, in any currency.</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/settings/accounts">Groups</Link>
          </Button>
          {canConnectBank ? <ConnectMonobankButton variant="outline" /> : null}
          <AddAccountButton />
        </div>
      </div>
      <ActiveImportCard />
      {content}
    </div>
  );
}
