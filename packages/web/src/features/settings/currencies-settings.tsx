import { Coins, RotateCw } from 'lucide-react';
import { useUserCurrencies } from '../../api/currencies.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

export function CurrenciesSettings() {
  const userCurrencies = useUserCurrencies();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Currencies</CardTitle>
        <CardDescription>
          The base currency values totals, budgets and statistics; the others are the currencies of your accounts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {userCurrencies.isPending ? (
          <div role="status" aria-label="Loading currencies" className="flex flex-col gap-4">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-2/3" />
          </div>
        ) : userCurrencies.isError ? (
          <EmptyState
            icon={Coins}
            title="Currencies could not be loaded"
            description="Check your connection and try again."
            action={
              <Button variant="outline" size="sm" onClick={() => userCurrencies.refetch()}>
                <RotateCw aria-hidden="true" className="size-4" />
                Try again
              </Button>
            }
          />
        ) : userCurrencies.data.length === 0 ? (
          <EmptyState icon={Coins} title="No currencies yet" description="Your base currency will be listed here." />
        ) : (
          <ul className="divide-y">
            {userCurrencies.data.map((userCurrency) => (
              <li key={userCurrency.id} className="flex items-center gap-4 py-3">
                <span className="w-12 font-mono font-semibold">{userCurrency.currency.code}</span>
                <span className="min-w-0 flex-1 truncate text-muted-foreground">{userCurrency.currency.name}</span>
                {userCurrency.isBase ? (
                  <span className="rounded-full bg-primary/12 px-2.5 py-0.5 text-xs font-medium text-primary">
                    Base
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
