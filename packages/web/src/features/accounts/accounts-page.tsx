import { Plus, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';

export function AccountsPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Cash, cards, savings and bank accounts, in any currency.</p>
        <Button asChild>
          <Link to="/create-account">
            <Plus aria-hidden="true" className="size-4" />
            Add account
          </Link>
        </Button>
      </div>
      <EmptyCard
        icon={Wallet}
        title="Accounts will appear here"
        description="Add the places you keep money in: a wallet, a card, a savings account. Their balances add up to your total."
      />
    </div>
  );
}
