import type { BinanceAccount } from '@kopiyka/shared';
import { DonutChart } from '../../../components/charts/donut-chart.tsx';
import { DonutLegend } from '../../../components/charts/donut-legend.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useT } from '../../../lib/i18n.ts';
import { formatShare } from '../../../lib/locale.ts';
import { allocationSlices } from './holdings.ts';

const DONUT_SIZE = 176;

/** The holdings' value as a ring, the largest first, with a legend of shares. */
export function AllocationCard({ account }: { account: BinanceAccount }) {
  const t = useT();
  const slices = allocationSlices(account.balances, t('crypto.allocation.other'));
  const [top] = slices;
  if (!top) return null;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t('crypto.allocation.title')}</CardTitle>
        <CardDescription>{t('crypto.allocation.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5">
        <DonutChart
          slices={slices}
          currency="USD"
          size={DONUT_SIZE}
          label={t('crypto.allocation.chartLabel')}
          center={
            <>
              <span className="text-2xl font-semibold tabular-nums">{formatShare(top.value, account.totalValue)}</span>
              <span className="line-clamp-2 text-xs text-muted-foreground">{top.name}</span>
            </>
          }
        />
        <DonutLegend slices={slices} currency="USD" label={t('crypto.allocation.legend')} />
      </CardContent>
    </Card>
  );
}
