import { ArrowLeft, PiggyBank } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function BudgetPage() {
  return (
    <EmptyCard
      icon={PiggyBank}
      title="Budget details will appear here"
      description="This page will show what a budget has spent against its limit, its dates and categories, and its transactions."
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/budgets">
            <ArrowLeft aria-hidden="true" className="size-4" />
            All budgets
          </Link>
        </Button>
      }
    />
  );
}
