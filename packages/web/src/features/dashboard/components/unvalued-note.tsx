import { Link } from 'react-router';
import { useAccounts } from '../../../api/accounts.ts';
import { useT } from '../../../lib/i18n.ts';

/**
 * Names the accounts a figure leaves out because no exchange rate could be had for their currency
 * (the rule of the statistics API), with the way to fix it. Nothing when none is left out.
 */
export function UnvaluedNote({
  accountIds,
  when,
}: {
  accountIds: readonly number[];
  /** Left out of what: the figure, or the chart on some of its days. */
  when: 'fromTotal' | 'onSomeDays';
}) {
  const accounts = useAccounts();
  const t = useT();
  if (accountIds.length === 0) return null;
  const names = accountIds.map(
    (id) => accounts.data?.find((account) => account.id === id)?.name ?? t('dashboard.unvalued.unknownAccount'),
  );
  return (
    <p className="text-xs text-muted-foreground">
      {t(`dashboard.unvalued.${when}`, { count: names.length })}{' '}
      <span className="font-medium text-foreground">{names.join(', ')}</span>.{' '}
      <Link to="/settings/currencies" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('dashboard.unvalued.setRate')}
      </Link>
    </p>
  );
}
