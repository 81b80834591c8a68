import { ReceiptText, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { useBankUser } from '../../../api/monobank.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ConnectMonobankButton } from '../../../entities/monobank/connect-monobank-button.tsx';
import { AddTransactionButton } from '../../../entities/transactions/add-transaction-button.tsx';

/** Nothing to count without an account: the first step is to add one, or to connect the bank that has them. */
export function NoAccounts({ description }: { description: string }) {
  const canConnectBank = useBankUser().data === null;
  return (
    <EmptyState
      icon={Wallet}
      title="No accounts yet"
      description={description}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild size="sm">
            <Link to="/create-account">Add your first account</Link>
          </Button>
          {canConnectBank ? <ConnectMonobankButton size="sm" variant="outline" /> : null}
        </div>
      }
    />
  );
}

/** Accounts but no transactions: recording one fills the widget. */
export function NoTransactions({ description }: { description: string }) {
  return (
    <EmptyState
      icon={ReceiptText}
      title="No transactions yet"
      description={description}
      action={<AddTransactionButton label="Record your first transaction" />}
    />
  );
}
