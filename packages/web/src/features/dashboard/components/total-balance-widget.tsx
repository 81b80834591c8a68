import { Link } from 'react-router';
import { useTotalBalance, useTotalBalanceChange } from '../../../api/stats.ts';
import { Money } from '../../../components/ui/money.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMonth, shiftMonth } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatMoney, formatSignedMoney } from '../../../lib/money.ts';
import { monthEnd } from '../../../lib/periods.ts';
import { percentChange } from './change.ts';
import { ChangeLine } from './change-line.tsx';
import type { DashboardContext } from './dashboard-context.ts';
import { NoAccounts } from './empty-states.tsx';
import { UnvaluedNote } from './unvalued-note.tsx';
import { Widget } from './widget.tsx';

/**
 * Everything the user owns in the base currency, and how that grew since the month before ended;
 * money of accounts opened or connected since is said apart, as it is no growth.
 */
export function TotalBalanceWidget({ context }: { context: DashboardContext }) {
  const { month, today, periods, currency } = context;
  const previousMonth = shiftMonth(month, -1);
  const current = useTotalBalance(periods.balanceDay);
  const change = useTotalBalanceChange(periods.balanceChange);
  const running = monthEnd(month) >= today;
  const t = useT();
  return (
    <Widget
      title={t('dashboard.total.title')}
      description={
        running ? t('dashboard.total.now', { currency }) : t('dashboard.total.atEnd', { month: formatMonth(month) })
      }
      queries={[...context.basics, current, change]}
      empty={
        // Crypto held with no account yet is a total of its own.
        context.noAccounts && current.data && current.data.cryptoRefBalance == null ? (
          <NoAccounts description={t('dashboard.total.noAccounts')} />
        ) : null
      }
      skeleton={
        <div className="flex flex-col gap-3">
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-5 w-64" />
        </div>
      }
    >
      {() => {
        const now = current.data?.refBalance ?? 0;
        const { previousRefBalance = 0, change: growth = 0, added = 0 } = change.data ?? {};
        const against = t('dashboard.total.against', { month: formatMonth(previousMonth) });
        return (
          <div className="flex flex-col gap-3">
            <Money wrap minor={now} currency={currency} className="text-3xl font-semibold tracking-tight" />
            <ChangeLine
              change={percentChange(previousRefBalance + growth, previousRefBalance)}
              currency={currency}
              against={against}
              goodWhen="up"
            />
            {added !== 0 ? (
              <p className="text-xs text-muted-foreground">
                {t('dashboard.total.added', { amount: formatSignedMoney(added, currency), against })}
              </p>
            ) : null}
            <UnvaluedNote accountIds={current.data?.unvaluedAccountIds ?? []} when="fromTotal" />
            {current.data?.cryptoRefBalance != null ? (
              <p className="text-xs text-muted-foreground">
                {t('dashboard.total.crypto', { amount: formatMoney(current.data.cryptoRefBalance, currency) })}{' '}
                <Link to="/crypto" className="font-medium text-primary underline-offset-4 hover:underline">
                  {t('dashboard.total.cryptoLink')}
                </Link>
              </p>
            ) : null}
          </div>
        );
      }}
    </Widget>
  );
}
