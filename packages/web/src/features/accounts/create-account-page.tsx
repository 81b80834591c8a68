import { ArrowLeft, WalletCards } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function CreateAccountPage() {
  return (
    <EmptyCard
      icon={WalletCards}
      title="Account creation is not available yet"
      description="Here you will add an account with its name, currency, type and starting balance. Until then, your dashboard stays empty."
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
