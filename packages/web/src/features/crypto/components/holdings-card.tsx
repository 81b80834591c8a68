import type { BinanceAccount, BinanceBalance } from '@kopiyka/shared';
import { Coins } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { useT } from '../../../lib/i18n.ts';
import { formatShare } from '../../../lib/locale.ts';
import { cn } from '../../../lib/utils.ts';
import { formatQuantity, formatUsdPrice, hasEarn } from './holdings.ts';

/*
 * One table at every width. From `sm` up it is a table; on a phone each row is a two-column grid
 * (asset and value on top, amount and share below, the price under them), so nothing is hidden and
 * nothing is said twice.
 */
const ROW = 'grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-5 py-3 sm:table-row sm:p-0';
const CELL = 'sm:table-cell sm:px-3 sm:py-3 sm:align-top first:sm:pl-5 last:sm:pr-5';
const NUMBER = 'tabular-nums sm:text-right';

function HoldingRow({ balance, totalValue }: { balance: BinanceBalance; totalValue: number }) {
  const t = useT();
  const noPrice = <span className="text-muted-foreground">{t('crypto.holdings.noPrice')}</span>;
  return (
    <tr className={ROW}>
      <th scope="row" className={cn(CELL, 'col-start-1 row-start-1 text-left font-semibold sm:text-sm')}>
        {balance.asset}
      </th>
      <td className={cn(CELL, NUMBER, 'col-start-1 row-start-2 text-sm')}>
        <span className="[overflow-wrap:anywhere]">{formatQuantity(balance.total)}</span>
        {hasEarn(balance) ? (
          <span className="block text-xs text-muted-foreground">
            {t('crypto.holdings.earn', { amount: formatQuantity(balance.earn) })}
          </span>
        ) : null}
      </td>
      <td className={cn(CELL, NUMBER, 'col-start-1 row-start-3 text-xs text-muted-foreground sm:text-sm')}>
        {balance.price === null ? (
          noPrice
        ) : (
          <>
            {formatUsdPrice(balance.price)}
            {/* On a phone the price stands without its column's header. */}
            <span className="sm:hidden"> {t('crypto.holdings.perCoin')}</span>
          </>
        )}
      </td>
      <td className={cn(CELL, NUMBER, 'col-start-2 row-start-1 text-right font-medium sm:text-sm')}>
        {balance.value === null ? noPrice : <Money minor={balance.value} currency="USD" />}
      </td>
      <td className={cn(CELL, NUMBER, 'col-start-2 row-start-2 text-right text-sm text-muted-foreground')}>
        {balance.value === null ? '—' : formatShare(balance.value, totalValue)}
      </td>
    </tr>
  );
}

/** Every coin held: how much (and how much of it in Earn), its price, what it is worth, its share. */
export function HoldingsCard({ account }: { account: BinanceAccount }) {
  const t = useT();
  const headers = [
    t('crypto.holdings.asset'),
    t('crypto.holdings.amount'),
    t('crypto.holdings.price'),
    t('crypto.holdings.value'),
    t('crypto.holdings.share'),
  ];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t('crypto.holdings.title')}</CardTitle>
        <CardDescription>{t('crypto.holdings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {account.balances.length === 0 ? (
          <EmptyState
            icon={Coins}
            title={t('crypto.holdings.emptyTitle')}
            description={t('crypto.holdings.emptyDescription')}
          />
        ) : (
          <table className="block w-full sm:table">
            <thead className="sr-only sm:not-sr-only sm:table-header-group">
              <tr className="border-b text-xs text-muted-foreground">
                {headers.map((header, index) => (
                  <th
                    key={header}
                    scope="col"
                    className={cn(CELL, 'font-medium', index === 0 ? 'text-left' : 'text-right')}
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y sm:table-row-group">
              {account.balances.map((balance) => (
                <HoldingRow key={balance.asset} balance={balance} totalValue={account.totalValue} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
