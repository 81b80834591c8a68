import type { Account, Recurring } from '@kopiyka/shared';
import { ArrowLeftRight, CalendarClock, Repeat } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { t, useT } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { dayKey } from '../../../lib/periods.ts';
import { openRecurringDialog } from '../../../stores/recurring-dialog-target.ts';

/** How often it comes, in words: "Every month", "Every 2 weeks"; an instalment plan's "3 monthly parts". */
export function rhythmText(recurring: Pick<Recurring, 'kind' | 'schedule'>): string {
  const { frequency, interval, count } = recurring.schedule;
  if (recurring.kind === 'instalments') return t('recurring.rhythm.instalments', { count: count ?? 0 });
  return t(`recurring.rhythm.${frequency}`, { interval });
}

/** When it comes next: a day passed and not yet confirmed or skipped waits since then. */
function nextText(nextDate: string | null, today: string): string {
  if (nextDate === null) return t('recurring.finished');
  return t(nextDate < today ? 'recurring.waitingSince' : 'recurring.next', { date: formatDay(nextDate) });
}

/**
 * A schedule or instalment plan in the list: what it is, how often and on which account, its
 * amount, when it comes next, and for a counted one how many are recorded of how many. The whole
 * row opens it for editing.
 */
export function ScheduleRow({ recurring, accounts }: { recurring: Recurring; accounts: readonly Account[] }) {
  const t = useT();
  const { template, schedule } = recurring;
  const accountOf = (id: number | null) => accounts.find((account) => account.id === id);
  const account = accountOf(template.accountId);
  const transfer = template.destinationAccountId !== null;
  const where = [account?.name, accountOf(template.destinationAccountId)?.name].filter(Boolean).join(' → ');
  const Icon = transfer ? ArrowLeftRight : recurring.kind === 'instalments' ? CalendarClock : Repeat;
  return (
    <button
      type="button"
      onClick={() => openRecurringDialog({ mode: 'edit', recurring })}
      className="flex w-full cursor-pointer items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
      >
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-baseline gap-3">
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{recurring.name}</span>
          {account ? (
            <Money
              minor={template.amount}
              currency={account.currencyCode}
              kind={transfer ? 'balance' : template.transactionType}
              className="shrink-0 text-sm font-semibold"
            />
          ) : null}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {rhythmText(recurring)}
          {where ? ` · ${where}` : ''}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>{nextText(recurring.nextDate, dayKey(new Date()))}</span>
          {recurring.mode === 'confirm' ? <Badge variant="info">{t('recurring.mode.confirmBadge')}</Badge> : null}
          {recurring.archived ? <Badge>{t('recurring.pausedBadge')}</Badge> : null}
        </span>
        {schedule.count === null ? null : (
          <span className="mt-1 flex max-w-md items-center gap-3">
            <Progress
              value={recurring.recordedCount}
              max={schedule.count}
              aria-label={t('recurring.progressLabel', { name: recurring.name })}
              className="h-1.5"
            />
            <span className="shrink-0 text-xs font-medium tabular-nums">
              {t('recurring.partOf', { number: recurring.recordedCount, of: schedule.count })}
            </span>
          </span>
        )}
        {recurring.kind === 'instalments' && recurring.total !== null && account ? (
          <span className="text-xs text-muted-foreground">
            {t('recurring.ofTotal', { total: formatMoney(recurring.total, account.currencyCode) })}
          </span>
        ) : null}
      </span>
    </button>
  );
}
