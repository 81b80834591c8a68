import type { BankUser } from '@kopiyka/shared';
import { History, KeyRound, Unplug } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAccounts } from '../../../api/accounts.ts';
import { useDisconnectMonobank, useRecentJobs } from '../../../api/monobank.ts';
import { ConfirmDialogContent } from '../../../components/confirm-dialog.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { lastSyncedAt } from '../../../entities/monobank/job-progress.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { formatTimeAgo } from '../../../lib/dates.ts';
import { plural } from '../../../lib/utils.ts';
import { openBankDialog } from '../../../stores/bank-dialog.ts';
import { notify } from '../../../stores/notifications.ts';

/** "5 minutes ago" is renewed once a minute. */
const AGO_REFRESH_MS = 60_000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  );
}

function DisconnectButton() {
  const disconnect = useDisconnectMonobank();
  const accounts = useAccounts().data;
  const [open, setOpen] = useState(false);
  const bankAccounts = accounts?.filter((account) => account.type === 'monobank').length ?? 0;
  const cards = bankAccounts > 0 ? plural(bankAccounts, 'bank account') : 'Your bank accounts';
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        <Unplug aria-hidden="true" className="size-4" />
        Disconnect
      </Button>
      {open ? (
        <ConfirmDialogContent
          title="Disconnect Monobank?"
          description={`Kopiyka forgets your token and stops syncing. ${cards} stay as accounts with all their history; they just stop updating. You can connect again at any time.`}
          confirmLabel="Disconnect"
          confirmVariant="destructive"
          confirm={() => disconnect.mutateAsync()}
          pending={disconnect.isPending}
          onConfirmed={() =>
            notify('success', 'Monobank disconnected. Your cards stay as accounts with their history.')
          }
        />
      ) : null}
    </AlertDialog>
  );
}

/** Who is connected, how the token stands, when the bank was last read, and what can be done about it. */
export function ConnectionCard({ bankUser }: { bankUser: BankUser }) {
  const recentJobs = useRecentJobs().data;
  const now = useNow(AGO_REFRESH_MS);
  const valid = bankUser.tokenState === 'valid';
  const lastSync = lastSyncedAt(bankUser, recentJobs);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Monobank</CardTitle>
          <CardDescription>Your cards and jars come from here, read with your personal token.</CardDescription>
        </div>
        {valid ? <Badge variant="success">Connected</Badge> : <Badge variant="warning">Token refused</Badge>}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label="Client">{bankUser.name}</Fact>
          <Fact label="Token">{valid ? 'Accepted by Monobank' : 'Refused: paste a new one'}</Fact>
          <Fact label="Last sync">{lastSync ? formatTimeAgo(lastSync, now) : 'Not yet'}</Fact>
        </dl>
        <div className="flex flex-wrap gap-2">
          {valid ? (
            <Button variant="outline" onClick={() => openBankDialog('import')}>
              <History aria-hidden="true" className="size-4" />
              Import older history
            </Button>
          ) : null}
          <Button variant={valid ? 'outline' : 'primary'} onClick={() => openBankDialog('replace-token')}>
            <KeyRound aria-hidden="true" className="size-4" />
            {valid ? 'Replace token' : 'Paste a new token'}
          </Button>
          <DisconnectButton />
        </div>
      </CardContent>
    </Card>
  );
}
