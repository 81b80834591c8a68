import { Link } from 'react-router';
import { useAccounts } from '../../../api/accounts.ts';

/**
 * Names the accounts a figure leaves out because no exchange rate could be had for their currency
 * (the rule of the statistics API), with the way to fix it. Nothing when none is left out.
 */
export function UnvaluedNote({ accountIds, when }: { accountIds: readonly number[]; when: string }) {
  const accounts = useAccounts();
  if (accountIds.length === 0) return null;
  const names = accountIds.map((id) => accounts.data?.find((account) => account.id === id)?.name ?? 'An account');
  return (
    <p className="text-xs text-muted-foreground">
      Left out {when}, as there is no exchange rate for {names.length === 1 ? 'its' : 'their'} currency:{' '}
      <span className="font-medium text-foreground">{names.join(', ')}</span>.{' '}
      <Link to="/settings/currencies" className="font-medium text-primary underline-offset-4 hover:underline">
        Set a rate
      </Link>
    </p>
  );
}
