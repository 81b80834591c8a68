import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { useT } from '../../../lib/i18n.ts';
import { formatSignedMoney } from '../../../lib/money.ts';
import { cn } from '../../../lib/utils.ts';
import { type Change, formatPercent } from './change.ts';

type ChangeLineProps = {
  change: Change;
  currency: string;
  /** What it is compared with: "since the end of October 2026". */
  against: string;
  /** Which way is good news: up for a balance, down for spending. */
  goodWhen: 'up' | 'down';
};

/** "↗ +UAH 1,200.00 (+4.2%) since the end of October 2026", green when the news is good. */
export function ChangeLine({ change, currency, against, goodWhen }: ChangeLineProps) {
  const { amount, percent } = change;
  const t = useT();
  if (amount === 0) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Minus aria-hidden="true" className="size-4" />
        {t('dashboard.change.none', { against })}
      </p>
    );
  }
  const good = amount > 0 === (goodWhen === 'up');
  const Icon = amount > 0 ? TrendingUp : TrendingDown;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
      <span className={cn('flex items-center gap-1.5 font-medium', good ? 'text-success' : 'text-destructive')}>
        <Icon aria-hidden="true" className="size-4" />
        <span className="tabular-nums">{formatSignedMoney(amount, currency)}</span>
        {percent === null ? null : <span className="tabular-nums">({formatPercent(percent)})</span>}
      </span>
      {against}
    </p>
  );
}
