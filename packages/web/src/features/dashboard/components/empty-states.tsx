import { ReceiptText, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AddTransactionButton } from '../../../entities/transactions/add-transaction-button.tsx';

/** Nothing to count without an account: the first step is to add one. */
export function NoAccounts({ description }: { description: string }) {
  return (
    <EmptyState
      icon={Wallet}
      title="No accounts yet"
      description={description}
      action={
        <Button asChild size="sm">
          <Link to="/create-account">Add your first account</Link>
        </Button>
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
