import { ArrowLeftRight } from 'lucide-react';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function TransactionsPage() {
  return (
    <EmptyCard
      icon={ArrowLeftRight}
      title="Transactions will appear here"
      description="Every income, expense and transfer of your accounts, with filters by date, amount and account."
    />
  );
}
