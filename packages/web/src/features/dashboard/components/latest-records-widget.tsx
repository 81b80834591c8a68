import { Link } from 'react-router';
import { useLatestTransactions } from '../../../api/stats.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RecordList } from '../../../entities/transactions/record-list.tsx';
import { TransactionRowSkeleton } from '../../../entities/transactions/transaction-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { DashboardContext } from './dashboard-context.ts';
import { LATEST_RECORDS } from './dashboard-periods.ts';
import { NoAccounts, NoTransactions } from './empty-states.tsx';
import { Widget } from './widget.tsx';

/** The newest transactions, whatever the month shown, with the way to all of them. */
export function LatestRecordsWidget({ context, className }: { context: DashboardContext; className?: string }) {
  const latest = useLatestTransactions(LATEST_RECORDS);
  const t = useT();
  let empty = null;
  if (context.noAccounts) {
    empty = <NoAccounts description={t('dashboard.latest.noAccounts')} />;
  } else if (context.noTransactions) {
    empty = <NoTransactions description={t('dashboard.latest.noTransactions')} />;
  }
  return (
    <Widget
      title={t('dashboard.latest.title')}
      description={t('dashboard.latest.description')}
      aside={
        context.noTransactions ? null : (
          <Button asChild variant="link" size="sm" className="shrink-0">
            <Link to="/transactions">{t('dashboard.latest.showAll')}</Link>
          </Button>
        )
      }
      queries={context.basics}
      empty={empty}
      skeleton={
        <div className="flex flex-col gap-4">
          {[0, 1, 2, 3].map((row) => (
            <TransactionRowSkeleton key={row} />
          ))}
        </div>
      }
      className={className}
    >
      {() => (
        <RecordList
          transactions={latest.data ?? []}
          label={t('dashboard.latest.title')}
          className="-mx-5 -mb-5 overflow-hidden rounded-b-xl border-t"
        />
      )}
    </Widget>
  );
}
