import type { UpcomingOccurrence } from '@kopiyka/shared';
import type { ReactNode } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Money } from '../../components/ui/money.tsx';
import { calendarDate, formatDay } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { calendarFormat } from '../../lib/locale.ts';
import { cn } from '../../lib/utils.ts';

/** The day as a calendar leaf, "5 / Dec": bills are read by their day. Its full date is for assistive technology. */
function DayLeaf({ day, due }: { day: string; due: boolean }) {
  const date = calendarDate(day);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-11 shrink-0 flex-col items-center justify-center rounded-lg border leading-none',
        due ? 'border-warning/50 bg-warning/10' : 'bg-muted/50',
      )}
    >
      <span className="text-base font-semibold tabular-nums">{date.getUTCDate()}</span>
      <span className="text-[0.625rem] text-muted-foreground uppercase">
        {calendarFormat({ month: 'short' }).format(date).replace('.', '')}
      </span>
    </span>
  );
}

type OccurrenceRowProps = {
  occurrence: UpcomingOccurrence;
  /** What can be done with it (confirm, skip): under it on a phone, beside it from 640 px. */
  actions?: ReactNode;
};

/**
 * One occurrence of a schedule: its day, name, account (and where a transfer goes), its place in
 * an instalment plan or a counted rhythm ("2 of 3"), whether it is due, and its amount in the
 * account's currency, with direction.
 */
export function OccurrenceRow({ occurrence, actions }: OccurrenceRowProps) {
  const accounts = useAccounts();
  const t = useT();
  const accountOf = (id: number | null) => accounts.data?.find((account) => account.id === id);
  const account = accountOf(occurrence.accountId);
  const destination = accountOf(occurrence.destinationAccountId);
  const transfer = occurrence.destinationAccountId !== null;
  const due = occurrence.state === 'due';
  const where = [account?.name, destination?.name].filter(Boolean).join(' → ');
  const details = [
    where,
    occurrence.of === null ? null : t('recurring.partOf', { number: occurrence.number, of: occurrence.of }),
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <DayLeaf day={occurrence.date} due={due} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate text-sm font-medium">{occurrence.name}</span>
          <span className="truncate text-xs text-muted-foreground">
            <span className="sr-only">{formatDay(occurrence.date)} · </span>
            {details.join(' · ')}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          {account ? (
            <Money
              minor={occurrence.amount}
              currency={account.currencyCode}
              kind={transfer ? 'balance' : occurrence.transactionType}
              className="text-sm font-semibold"
            />
          ) : null}
          {due ? <Badge variant="warning">{t('recurring.dueBadge')}</Badge> : null}
        </span>
      </div>
      {actions ? <div className="flex justify-end gap-2 sm:shrink-0">{actions}</div> : null}
    </div>
  );
}
