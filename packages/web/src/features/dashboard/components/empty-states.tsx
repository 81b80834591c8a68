import { ReceiptText, Wallet } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/*
 * What a widget shows before there is anything to count. The checklist above the widgets says
 * what to do about it, so they only say what will be here.
 */

export function NoAccounts({ description }: { description: string }) {
  return <EmptyState icon={Wallet} title="No accounts yet" description={description} />;
}

export function NoTransactions({ description }: { description: string }) {
  return <EmptyState icon={ReceiptText} title="No transactions yet" description={description} />;
}
