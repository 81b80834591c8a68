import type { Account } from '@kopiyka/shared';
import { Money } from '../../../components/ui/money.tsx';
import { AccountSummary, CreditLimitNote } from '../../../entities/accounts/account-summary.tsx';
import { ownMoney } from '../../../entities/accounts/account-tree.ts';
import { useT } from '../../../lib/i18n.ts';

/** The cards and jars pairing found, as the accounts they became: own money first, the bank's figures under it. */
export function FoundCards({ accounts }: { accounts: readonly Account[] }) {
  const t = useT();
  return (
    <ul aria-label={t('bank.cardsFound')} className="flex flex-col divide-y rounded-lg border">
      {accounts.map((account) => (
        <li key={account.id} className="flex items-center gap-3 px-3 py-3">
          <AccountSummary account={account} iconClassName="size-9" nameClassName="text-sm" />
          <div className="flex shrink-0 flex-col items-end gap-0.5">
            <Money minor={ownMoney(account)} currency={account.currencyCode} className="text-sm font-semibold" />
            <CreditLimitNote account={account} />
          </div>
        </li>
      ))}
    </ul>
  );
}
