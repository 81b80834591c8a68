import type { Account } from '@kopiyka/shared';
import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { loadFailureText } from '../../api/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { DialogBody } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { selectableAccounts } from './account-select.tsx';

type AccountsDialogBodyProps = {
  /** A new record needs an account to go on; an edited one already has its own. */
  needsAccount: boolean;
  /** What the person is told when there is no account to choose. */
  noAccountsText: string;
  onClose: () => void;
  children: (accounts: Account[]) => ReactNode;
};

/**
 * A dialog's body that waits for the accounts: loading, failed to load (with a retry), or no account
 * to record on (with a way to add one); once they are known, the dialog's own content.
 */
export function AccountsDialogBody({ needsAccount, noAccountsText, onClose, children }: AccountsDialogBodyProps) {
  const accounts = useAccounts();
  const t = useT();
  if (accounts.isPending) {
    return (
      <DialogBody role="status" aria-label={t('sidebar.loading')}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </DialogBody>
    );
  }
  if (accounts.isError) {
    return (
      <DialogBody>
        <EmptyState
          icon={Wallet}
          title={t('accounts.loadError.title')}
          description={loadFailureText(accounts.error)}
          action={<RetryButton onRetry={() => void accounts.refetch()} retrying={accounts.isFetching} />}
        />
      </DialogBody>
    );
  }
  if (needsAccount && selectableAccounts(accounts.data).length === 0) {
    return (
      <DialogBody className="justify-center">
        <EmptyState
          icon={Wallet}
          title={t('transaction.noAccounts.title')}
          description={noAccountsText}
          action={
            <Button asChild>
              <Link to="/create-account" onClick={onClose}>
                {t('transaction.noAccounts.add')}
              </Link>
            </Button>
          }
        />
      </DialogBody>
    );
  }
  return children(accounts.data);
}
