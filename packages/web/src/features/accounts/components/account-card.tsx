import type { Account } from '@kopiyka/shared';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { ACCOUNT_CATEGORY_INFO } from '../../../entities/accounts/account-categories.ts';
import { AccountIcon } from '../../../entities/accounts/account-icon.tsx';
import { ownMoney, refOwnMoney } from '../../../entities/accounts/account-tree.ts';
import { cn } from '../../../lib/utils.ts';

/** One account in the list: what it is, and how much of the money in it is the owner's. */
export function AccountCard({ account, baseCode }: { account: Account; baseCode: string | undefined }) {
  const refValue = refOwnMoney(account);
  const foreign = baseCode !== undefined && account.currencyCode !== baseCode;
  return (
    <Link
      to={`/account/${account.id}`}
      className={cn(
        'group flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-elevated transition-colors hover:border-primary/50',
        !account.isEnabled && 'opacity-60',
      )}
    >
      <div className="flex items-start gap-3">
        <AccountIcon category={account.accountCategory} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate font-medium group-hover:text-primary">{account.name}</span>
          <span className="truncate text-xs text-muted-foreground">
            {ACCOUNT_CATEGORY_INFO[account.accountCategory].label} · {account.currencyCode}
          </span>
        </div>
        {account.isEnabled ? null : <Badge>Hidden</Badge>}
      </div>
      <div className="flex flex-col gap-1">
        <Money minor={ownMoney(account)} currency={account.currencyCode} className="text-xl font-semibold" />
        {foreign ? (
          <span className="text-sm text-muted-foreground">
            {refValue === null ? (
              'No exchange rate'
            ) : (
              <>
                ≈ <Money minor={refValue} currency={baseCode} />
              </>
            )}
          </span>
        ) : null}
        {account.creditLimit > 0 ? (
          <span className="text-xs text-muted-foreground">
            Credit limit <Money minor={account.creditLimit} currency={account.currencyCode} />
          </span>
        ) : null}
      </div>
    </Link>
  );
}
