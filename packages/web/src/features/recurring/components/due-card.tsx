import type { Account, Recurring, UpcomingOccurrence } from '@kopiyka/shared';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useSkipOccurrence } from '../../../api/recurring.ts';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { OccurrenceRow } from '../../../entities/recurring/occurrence-row.tsx';
import { ConfirmDialogContent } from '../../../entities/requests/confirm-dialog.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';
import { ConfirmOccurrenceDialog } from './confirm-occurrence.tsx';

const occurrenceKey = (occurrence: UpcomingOccurrence) => `${occurrence.recurringId}:${occurrence.date}`;

type DueCardProps = {
  due: readonly UpcomingOccurrence[];
  schedules: readonly Recurring[];
  accounts: readonly Account[];
};

/** The occurrences whose day has come and that wait for the person: each is confirmed (recorded) or skipped. */
export function DueCard({ due, schedules, accounts }: DueCardProps) {
  const [confirming, setConfirming] = useState<UpcomingOccurrence | null>(null);
  const [skipping, setSkipping] = useState<UpcomingOccurrence | null>(null);
  const skip = useSkipOccurrence();
  const t = useT();
  const scheduleOf = (occurrence: UpcomingOccurrence | null) =>
    schedules.find((recurring) => recurring.id === occurrence?.recurringId);
  return (
    <Card aria-labelledby="due-title">
      <CardHeader>
        <CardTitle id="due-title">{t('recurring.due.title')}</CardTitle>
        <CardDescription>{t('recurring.due.description')}</CardDescription>
      </CardHeader>
      <ul aria-labelledby="due-title" className="mt-3 divide-y border-t">
        {due.map((occurrence) => (
          <li key={occurrenceKey(occurrence)}>
            <OccurrenceRow
              occurrence={occurrence}
              actions={
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setSkipping(occurrence)}
                    aria-label={t('recurring.skip.label', { name: occurrence.name, date: formatDay(occurrence.date) })}
                  >
                    {t('recurring.skip.button')}
                  </Button>
                  <Button
                    size="sm"
                    onClick={() => setConfirming(occurrence)}
                    aria-label={t('recurring.confirm.label', {
                      name: occurrence.name,
                      date: formatDay(occurrence.date),
                    })}
                  >
                    <Check aria-hidden="true" className="size-4" />
                    {t('recurring.confirm.button')}
                  </Button>
                </>
              }
            />
          </li>
        ))}
      </ul>
      <ConfirmOccurrenceDialog
        occurrence={confirming}
        recurring={scheduleOf(confirming)}
        accounts={accounts}
        onClose={() => setConfirming(null)}
      />
      <AlertDialog open={skipping !== null} onOpenChange={(open) => !open && setSkipping(null)}>
        {skipping ? (
          <ConfirmDialogContent
            title={t('recurring.skip.title', { name: skipping.name, date: formatDay(skipping.date) })}
            description={t('recurring.skip.description')}
            confirmLabel={t('recurring.skip.button')}
            confirm={() => skip.mutateAsync({ id: skipping.recurringId, date: skipping.date })}
            pending={skip.isPending}
            onConfirmed={() => {
              notify('success', t('recurring.skip.done', { name: skipping.name, date: formatDay(skipping.date) }));
              setSkipping(null);
            }}
          />
        ) : null}
      </AlertDialog>
    </Card>
  );
}
