import type { BudgetStats } from '@kopiyka/shared';
import { Money } from '../../components/ui/money.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useT } from '../../lib/i18n.ts';
import { formatShare } from '../../lib/locale.ts';
import { formatMoney, formatSignedMoney } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';
import { budgetAllowance, isOverLimit } from './budget-info.ts';

type BudgetFigures = Pick<BudgetStats, 'spent' | 'limit' | 'carried' | 'remaining'>;

/** The share of what the period allows that is spent, "43%". */
function spentShare(stats: BudgetFigures): string {
  return formatShare(stats.spent, budgetAllowance(stats) ?? 0);
}

/**
 * The bar of what is spent against what the period allows, red once over it. A month that starts
 * overspent (earlier months took more than its limit) allows nothing: its bar is full from the start.
 */
export function BudgetBar({ stats, label }: { stats: BudgetFigures; label: string }) {
  const t = useT();
  const allowance = budgetAllowance(stats) ?? 0;
  const over = isOverLimit(stats);
  return (
    <Progress
      value={allowance > 0 ? stats.spent : 1}
      max={allowance > 0 ? allowance : 1}
      aria-label={label}
      aria-valuetext={t(stats.carried ? 'budget.progress.valueTextCarried' : 'budget.progress.valueText', {
        percent: spentShare(stats),
      })}
      indicatorClassName={over ? 'bg-destructive' : undefined}
    />
  );
}

type BudgetProgressProps = {
  stats: BudgetFigures;
  currency: string;
  /** Names the bar for assistive technology. */
  label: string;
  className?: string;
};

/**
 * What has been spent against what the period allows: a bar (red once over it) and "x of y". A
 * month of a monthly budget also says what is left and what the month before carried over. Without
 * a limit there is nothing to fill, and only the spending is said.
 */
export function BudgetProgress({ stats, currency, label, className }: BudgetProgressProps) {
  const { spent, carried, remaining } = stats;
  const allowance = budgetAllowance(stats);
  const t = useT();
  if (allowance === null) {
    return (
      <p className={cn('text-sm', className)}>
        <Money minor={spent} currency={currency} className="font-semibold" />{' '}
        <span className="text-muted-foreground">{t('budget.progress.noLimit')}</span>
      </p>
    );
  }
  const over = isOverLimit(stats);
  // A month of a monthly budget (its `carried` is a number): what is left, and what came from the month before.
  const monthNotes =
    carried === null || remaining === null
      ? []
      : [
          over ? null : t('budget.progress.left', { amount: formatMoney(remaining, currency) }),
          carried === 0 ? null : t('budget.progress.carried', { amount: formatSignedMoney(carried, currency) }),
        ].filter((note) => note !== null);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span>
          <Money minor={spent} currency={currency} className="font-semibold" />{' '}
          <span className="text-muted-foreground">{t('budget.progress.of')}</span>{' '}
          <Money minor={allowance} currency={currency} />
        </span>
        <span className={cn('text-xs font-medium tabular-nums', over ? 'text-destructive' : 'text-muted-foreground')}>
          {over && remaining !== null ? (
            <>
              {t('budget.progress.overBy')} <Money minor={-remaining} currency={currency} />
            </>
          ) : (
            spentShare(stats)
          )}
        </span>
      </div>
      <BudgetBar stats={stats} label={label} />
      {monthNotes.length > 0 ? <p className="text-xs text-muted-foreground">{monthNotes.join(' · ')}</p> : null}
    </div>
  );
}
