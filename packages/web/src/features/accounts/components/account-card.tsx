import type { Account } from '@kopiyka/shared';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { AccountSummary, CreditLimitNote } from '../../../entities/accounts/account-summary.tsx';
import { ownMoney, refOwnMoney } from '../../../entities/accounts/account-tree.ts';
import { BankBadge } from '../../../entities/monobank/bank-badge.tsx';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';

/** One account in the list: what it is, and how much of the money in it is the owner's. */
export function AccountCard({ account, baseCode }: { account: Account; baseCode: string | undefined }) {
  const refValue = refOwnMoney(account);
  const foreign = baseCode !== undefined && account.currencyCode !== baseCode;
  const t = useT();
  return (
    <Link
      to={`/account/${account.id}`}
      className={cn(
        'group flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-elevated transition-colors hover:border-primary/50',
        !account.isEnabled && 'opacity-60',
      )}
    >
      <div className="flex items-start gap-3">
        <AccountSummary account={account} nameClassName="group-hover:text-primary" />
        <div className="flex flex-col items-end gap-1">
          {account.type === 'monobank' ? <BankBadge /> : null}
          {account.isEnabled ? null : <Badge>{t('account.hidden')}</Badge>}
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <Money wrap minor={ownMoney(account)} currency={account.currencyCode} className="text-xl font-semibold" />
        {foreign ? (
          <span className="text-sm text-muted-foreground">
            {refValue === null ? (
              t('account.noRate')
            ) : (
              <>
                ≈ <Money minor={refValue} currency={baseCode} />
              </>
            )}
          </span>
        ) : null}
        <CreditLimitNote account={account} />
      </div>
    </Link>
  );
}
