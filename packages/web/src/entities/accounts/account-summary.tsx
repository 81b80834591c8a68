import type { Account } from '@kopiyka/shared';
import { Money } from '../../components/ui/money.tsx';
import { TruncatedName } from '../../components/ui/truncated-name.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { ACCOUNT_CATEGORY_INFO } from './account-categories.ts';
import { AccountIcon } from './account-icon.tsx';

type AccountSummaryProps = { account: Account; iconClassName?: string; nameClassName?: string };

/** How a list names an account: its icon, its name, and what it is ("Credit card · UAH"). */
export function AccountSummary({ account, iconClassName, nameClassName }: AccountSummaryProps) {
  const t = useT();
  return (
    <>
      <AccountIcon category={account.accountCategory} className={iconClassName} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <TruncatedName name={account.name} className={cn('font-medium', nameClassName)} />
        <span className="truncate text-xs text-muted-foreground">
          {t(ACCOUNT_CATEGORY_INFO[account.accountCategory].label)} · {account.currencyCode}
        </span>
      </div>
    </>
  );
}

/** The credit limit under an account's own money, when it has one: the money is not the owner's. */
export function CreditLimitNote({ account }: { account: Account }) {
  const t = useT();
  if (account.creditLimit <= 0) return null;
  return (
    <span className="text-xs text-muted-foreground">
      {t('accountCategory.creditLimit')} <Money minor={account.creditLimit} currency={account.currencyCode} />
    </span>
  );
}
