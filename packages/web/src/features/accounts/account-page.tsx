import { ArrowLeft, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function AccountPage() {
  return (
    <EmptyCard
      icon={Wallet}
      title="Account details will appear here"
      description="This page will show the balance, the credit limit and the transactions of one account."
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/accounts">
            <ArrowLeft aria-hidden="true" className="size-4" />
            All accounts
          </Link>
        </Button>
      }
    />
  );
}
