import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatMonthTitle, type MonthKey, monthKey, shiftMonth } from '../lib/dates.ts';
import { useT } from '../lib/i18n.ts';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';

type MonthSwitcherProps = {
  month: MonthKey;
  onChange: (month: MonthKey) => void;
  /** The first month it goes back to; none: any. */
  earliest?: MonthKey;
  /** The last month it goes on to: this month unless told; null: any, the future too. */
  latest?: MonthKey | null;
  className?: string;
};

/**
 * Previous and next month around the shown one, within its bounds (the future out of reach unless
 * `latest` says otherwise). Months are the user's: this month is the one of their time zone.
 */
export function MonthSwitcher({
  month,
  onChange,
  earliest,
  latest = monthKey(new Date()),
  className,
}: MonthSwitcherProps) {
  const t = useT();
  const atStart = earliest !== undefined && month <= earliest;
  const atEnd = latest !== null && month >= latest;
  const step = (delta: -1 | 1, label: string, disabled: boolean, Icon: typeof ChevronLeft) => (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(shiftMonth(month, delta))}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
  return (
    <div className={cn('flex items-center gap-1 rounded-lg border bg-card p-1', className)}>
      {step(-1, t('month.previous'), atStart, ChevronLeft)}
      <span aria-live="polite" className="min-w-32 flex-1 text-center text-sm font-medium">
        {formatMonthTitle(month)}
      </span>
      {step(1, t('month.next'), atEnd, ChevronRight)}
    </div>
  );
}
