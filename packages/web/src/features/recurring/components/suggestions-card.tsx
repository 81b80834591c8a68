import type { Account, RecurringSuggestion } from '@kopiyka/shared';
import { Sparkles } from 'lucide-react';
import { useDismissSuggestion } from '../../../api/recurring.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';
import { openRecurringDialog } from '../../../stores/recurring-dialog-target.ts';

function SuggestionRow({ suggestion, account }: { suggestion: RecurringSuggestion; account: Account | undefined }) {
  const dismiss = useDismissSuggestion();
  const t = useT();
  const submission = useSubmission({
    send: () => dismiss.mutateAsync({ name: suggestion.name, accountId: suggestion.accountId }),
    onSuccess: () => notify('success', t('recurring.suggestion.dismissed', { name: suggestion.name })),
  });
  const details = [
    t(`recurring.rhythm.${suggestion.frequency}`, { interval: 1 }),
    account?.name,
    t('recurring.suggestion.inARow', { count: suggestion.occurrences }),
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-3 px-4 py-3">
      <div className="flex flex-col gap-0.5">
        <span className="flex items-baseline gap-3">
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{suggestion.name}</span>
          {account ? (
            <Money
              minor={suggestion.amount}
              currency={account.currencyCode}
              kind={suggestion.transactionType}
              className="shrink-0 text-sm font-semibold"
            />
          ) : null}
        </span>
        <span className="text-xs text-muted-foreground">{details.join(' · ')}</span>
        <span className="text-xs text-muted-foreground">
          {t('recurring.suggestion.dates', {
            last: formatDay(suggestion.lastDate),
            next: formatDay(suggestion.nextDate),
          })}
        </span>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void submission.submit()}
          disabled={submission.pending}
          aria-label={t('recurring.suggestion.dismissLabel', { name: suggestion.name })}
        >
          {t('recurring.suggestion.dismiss')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => openRecurringDialog({ mode: 'create', from: { suggestion } })}
          aria-label={t('recurring.suggestion.makeLabel', { name: suggestion.name })}
        >
          {t('recurring.suggestion.make')}
        </Button>
      </div>
      {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
    </div>
  );
}

/** Payees the person pays at a steady rhythm without a schedule yet: each can be made one, or dismissed for good. */
export function SuggestionsCard({
  suggestions,
  accounts,
}: {
  suggestions: readonly RecurringSuggestion[];
  accounts: readonly Account[];
}) {
  const t = useT();
  return (
    <Card aria-labelledby="suggestions-title">
      <CardHeader className="flex-row items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="suggestions-title">{t('recurring.suggestions.title')}</CardTitle>
          <CardDescription>{t('recurring.suggestions.description')}</CardDescription>
        </div>
      </CardHeader>
      <ul aria-labelledby="suggestions-title" className="mt-3 divide-y border-t">
        {suggestions.map((suggestion) => (
          <li key={`${suggestion.accountId}:${suggestion.name}`}>
            <SuggestionRow
              suggestion={suggestion}
              account={accounts.find((account) => account.id === suggestion.accountId)}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
