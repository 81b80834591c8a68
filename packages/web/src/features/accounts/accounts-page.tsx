import type { Account } from '@kopiyka/shared';
import { Plus, TriangleAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { loadFailureText } from '../../api/errors.ts';
import { useBankUser } from '../../api/monobank.ts';
import { useTotalBalance } from '../../api/stats.ts';
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
import { useT } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { dayKey } from '../../lib/periods.ts';
import { cn } from '../../lib/utils.ts';
import { AccountCard } from './components/account-card.tsx';

function AddAccountButton({ children }: { children?: string }) {
  const t = useT();
  return (
    <Button asChild>
      <Link to="/create-account">
        <Plus aria-hidden="true" className="size-4" />
        {children ?? t('sidebar.addAccount')}
      </Link>
    </Button>
  );
}

/** The accounts' own money, and the crypto holdings the dashboard's total counts (unless left out in the settings). */
function TotalCard({ total, baseCode, accounts }: { total: MoneyTotal; baseCode: string; accounts: Account[] }) {
  const visible = accounts.filter((account) => account.isEnabled).length;
  const hidden = accounts.length - visible;
  const crypto = useTotalBalance(dayKey(new Date())).data?.cryptoRefBalance ?? null;
  const t = useT();
  return (
    <Card className="gap-1 p-5">
      <h2 className="text-sm font-medium text-muted-foreground">{t('accounts.total.title')}</h2>
      <Money
        wrap
        minor={total.amount + (crypto ?? 0)}
        currency={baseCode}
        className="text-3xl font-semibold tracking-tight"
      />
      <p className="text-sm text-muted-foreground">
        {t('accounts.total.description', { code: baseCode, visible, hidden })}
      </p>
      {crypto !== null ? (
        <p className="text-sm text-muted-foreground">
          {t('dashboard.total.crypto', { amount: formatMoney(crypto, baseCode) })}{' '}
          <Link to="/crypto" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('dashboard.total.cryptoLink')}
          </Link>
        </p>
      ) : null}
      {total.unvalued > 0 ? (
        <p className="mt-2 flex items-start gap-2 text-sm text-warning">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t('accounts.total.unvalued', { count: total.unvalued })}{' '}
            <Link to="/settings/currencies" className="font-medium underline underline-offset-4">
              {t('accounts.total.setRate')}
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
  const t = useT();
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', depth > 0 && 'border-l-2 pl-4')}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading id={headingId} className={cn('font-semibold', depth === 0 ? 'text-base' : 'text-sm')}>
          {node.group.name}
          <span className="ml-2 text-sm font-normal text-muted-foreground">
            {t('accounts.count', { count: node.accountCount })}
          </span>
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
  const t = useT();
  return (
    <div role="status" aria-label={t('sidebar.loading')} className="flex flex-col gap-6">
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
  const t = useT();

  let content: ReactNode;
  if (state.status === 'pending' || !baseCode) {
    content = <AccountsSkeleton />;
  } else if (state.status === 'error') {
    content = (
      <EmptyCard
        icon={Wallet}
        title={t('accounts.loadError.title')}
        description={loadFailureText(state.error)}
        action={<RetryButton onRetry={state.retry} retrying={state.retrying} />}
      />
    );
  } else if (state.accounts.length === 0) {
    content = (
      <EmptyCard
        icon={Wallet}
        title={t('accounts.empty.title')}
        description={t('accounts.empty.description')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <AddAccountButton>{t('accounts.empty.title')}</AddAccountButton>
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
              {t('sidebar.ungrouped')}
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
        <p className="text-sm text-muted-foreground">{t('accounts.description')}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/settings/accounts">{t('accounts.groups')}</Link>
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
