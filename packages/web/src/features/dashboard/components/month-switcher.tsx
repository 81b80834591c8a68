import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { formatMonth, type MonthKey, monthKey, shiftMonth } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';

type MonthSwitcherProps = {
  month: MonthKey;
  onChange: (month: MonthKey) => void;
};

/** Previous and next month around the shown one; the future is out of reach. */
export function MonthSwitcher({ month, onChange }: MonthSwitcherProps) {
  const t = useT();
  const isCurrent = month >= monthKey(new Date());
  return (
    <div className="flex items-center gap-1 rounded-lg border bg-card p-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={t('dashboard.previousMonth')}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <span aria-live="polite" className="min-w-32 text-center text-sm font-medium">
        {formatMonth(month)}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={t('dashboard.nextMonth')}
        disabled={isCurrent}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
