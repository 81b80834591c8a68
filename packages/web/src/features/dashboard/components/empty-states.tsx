import { ReceiptText, Wallet } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useT } from '../../../lib/i18n.ts';

/*
 * What a widget shows before there is anything to count. The checklist above the widgets says
 * what to do about it, so they only say what will be here.
 */

export function NoAccounts({ description }: { description: string }) {
  const t = useT();
  return <EmptyState icon={Wallet} title={t('dashboard.noAccounts')} description={description} />;
}

export function NoTransactions({ description }: { description: string }) {
  const t = useT();
  return <EmptyState icon={ReceiptText} title={t('dashboard.noTransactions')} description={description} />;
}
