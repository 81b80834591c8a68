import { PiggyBank } from 'lucide-react';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function BudgetsPage() {
  return (
    <EmptyCard
      icon={PiggyBank}
      title="Budgets will appear here"
      description="A budget sets a spending limit for a period or for chosen categories, and shows how much of it is left."
    />
  );
}
