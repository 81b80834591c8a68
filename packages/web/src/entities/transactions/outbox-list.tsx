import { CloudUpload, Pencil, Trash2 } from 'lucide-react';
import { useCallback } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { useCategoryById } from '../../api/categories.ts';
import { dropFromOutbox, refusalText } from '../../api/outbox.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Money } from '../../components/ui/money.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { type OutboxEntry, useOutboxStore } from '../../stores/outbox.ts';
import { useSessionStore } from '../../stores/session.ts';
import { openTransactionDialog } from '../../stores/transaction-dialog-target.ts';
import { formatDateTime, transferTitle } from './describe.ts';

/** The signed-in person's entries kept on this device (issue 39), in the order they go out. */
function useOutboxEntries(): OutboxEntry[] {
  const owner = useSessionStore((state) => state.user?.id ?? null);
  const stored = useOutboxStore((state) => state.entries);
  const storedOwner = useOutboxStore((state) => state.owner);
  return owner !== null && storedOwner === owner ? stored : [];
}

/** What an entry is, as a list row names a transaction: its category, or where a transfer goes. */
function useEntryTitle() {
  const t = useT();
  const accounts = useAccounts().data;
  const categoryById = useCategoryById();
  const accountName = useCallback((id: number) => accounts?.find((account) => account.id === id)?.name, [accounts]);
  const categoryName = (id: number | null | undefined) =>
    typeof id === 'number' ? categoryById.get(id)?.name : undefined;
  return {
    accountName,
    title: ({ body }: OutboxEntry) =>
      transferTitle(
        {
          transferNature: body.transferNature ?? 'not_transfer',
          transactionType: body.transactionType,
          destinationAccountId: body.destinationAccountId ?? null,
        },
        accountName,
      ) ??
      categoryName(body.categoryId ?? body.splits?.[0]?.categoryId) ??
      t('transactions.row.uncategorised'),
    currency: ({ body }: OutboxEntry) => accounts?.find((account) => account.id === body.accountId)?.currencyCode,
  };
}

/** Drops an entry (with an undo), from its row or from the dialog it was opened in. */
export function DropQueuedButton({
  entry,
  label,
  onDone,
  className,
}: {
  entry: OutboxEntry;
  /** Names what is dropped for assistive technology, where the row does not say it. */
  label?: string;
  onDone?: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      className={className}
      onClick={() => {
        dropFromOutbox(entry);
        onDone?.();
      }}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      {t('outbox.drop')}
    </Button>
  );
}

function EntryRow({ entry, sending }: { entry: OutboxEntry; sending: boolean }) {
  const t = useT();
  const { title, accountName, currency } = useEntryTitle();
  const name = title(entry);
  const code = currency(entry);
  const transfer = (entry.body.transferNature ?? 'not_transfer') !== 'not_transfer';
  const account = accountName(entry.body.accountId) ?? t('transactions.row.unknownAccount');
  const note = typeof entry.body.note === 'string' && entry.body.note ? entry.body.note : null;
  const refusal = entry.refusal;
  let state = (
    <Badge variant="warning" className="gap-1">
      {t('outbox.state.waiting')}
    </Badge>
  );
  if (sending) {
    state = (
      <Badge variant="info" className="gap-1.5">
        <Spinner className="size-3" />
        {t('outbox.state.sending')}
      </Badge>
    );
  } else if (refusal) state = <Badge variant="destructive">{t('outbox.state.refused')}</Badge>;
  return (
    <li className={cn('flex flex-col gap-2 border-b px-4 py-3 last:border-b-0', refusal && 'bg-destructive/5')}>
      <div className="flex items-start gap-3">
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="text-xs break-words text-muted-foreground">
            {note ? <span className="text-foreground/80">{note} · </span> : null}
            {account} · {formatDateTime(entry.body.time ?? entry.queuedAt)}
          </span>
        </span>
        {code ? (
          <Money
            minor={entry.body.amount}
            currency={code}
            kind={entry.body.transactionType}
            className={cn('shrink-0 text-sm font-semibold', transfer && 'text-foreground')}
          />
        ) : null}
      </div>
      {refusal ? (
        <p className="text-sm text-destructive">{t('outbox.refusedBecause', { reason: refusalText(refusal) })}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {state}
        {sending ? null : (
          <span className="flex gap-2">
            {refusal ? (
              <Button size="sm" onClick={() => openTransactionDialog({ mode: 'create', queued: entry })}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('outbox.fix')}
              </Button>
            ) : null}
            <DropQueuedButton entry={entry} label={t('outbox.dropLabel', { what: name })} />
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * The transactions entered without a connection and kept on this device (issue 39), each with
 * whether it waits, is being sent or was refused (with why, and Fix and Drop). Nothing when none
 * wait. They are not in any balance or list of the server's until they are sent.
 */
export function OutboxCard({ className }: { className?: string }) {
  const t = useT();
  const entries = useOutboxEntries();
  const sending = useOutboxStore((state) => state.sending);
  if (entries.length === 0) return null;
  return (
    <Card aria-labelledby="outbox-title" className={cn('overflow-hidden', className)}>
      <header className="flex flex-col gap-1 border-b px-4 py-3">
        <h2 id="outbox-title" className="flex items-center gap-2 text-base font-semibold">
          <CloudUpload aria-hidden="true" className="size-4 text-warning" />
          {t('outbox.title')}
          <Badge variant="warning">{entries.length}</Badge>
        </h2>
        <p className="text-sm text-muted-foreground">{t('outbox.description')}</p>
      </header>
      <ul aria-label={t('outbox.title')}>
        {entries.map((entry) => (
          <EntryRow key={entry.key} entry={entry} sending={sending === entry.key} />
        ))}
      </ul>
    </Card>
  );
}
