import type { BudgetStats } from '@kopiyka/shared';
import { Money } from '../../components/ui/money.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useT } from '../../lib/i18n.ts';
import { numberFormat } from '../../lib/locale.ts';
import { cn } from '../../lib/utils.ts';
import { isOverLimit } from './budget-info.ts';

type BudgetProgressProps = {
  stats: Pick<BudgetStats, 'spent' | 'limit' | 'utilization'>;
  currency: string;
  /** Names the bar for assistive technology. */
  label: string;
  className?: string;
};

/**
 * What has been spent against the limit: a bar (red once over it) and "x of y". Without a limit
 * there is nothing to fill, and only the spending is said.
 */
export function BudgetProgress({ stats, currency, label, className }: BudgetProgressProps) {
  const { spent, limit, utilization } = stats;
  const t = useT();
  const percent = numberFormat({ style: 'percent' }).format((utilization ?? 0) / 100);
  if (limit === null) {
    return (
      <p className={cn('text-sm', className)}>
        <Money minor={spent} currency={currency} className="font-semibold" />{' '}
        <span className="text-muted-foreground">{t('budget.progress.noLimit')}</span>
      </p>
    );
  }
  const over = isOverLimit(stats);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span>
          <Money minor={spent} currency={currency} className="font-semibold" />{' '}
          <span className="text-muted-foreground">{t('budget.progress.of')}</span>{' '}
          <Money minor={limit} currency={currency} />
        </span>
        <span className={cn('text-xs font-medium tabular-nums', over ? 'text-destructive' : 'text-muted-foreground')}>
          {over ? (
            <>
              {t('budget.progress.overBy')} <Money minor={spent - limit} currency={currency} />
            </>
          ) : (
            percent
          )}
        </span>
      </div>
      <Progress
        value={spent}
        max={limit}
        aria-label={label}
        aria-valuetext={t('budget.progress.valueText', { percent })}
        indicatorClassName={over ? 'bg-destructive' : undefined}
      />
    </div>
  );
}
