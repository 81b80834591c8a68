import type { BankUser } from '@kopiyka/shared';
import { History, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAccounts } from '../../../api/accounts.ts';
import { useDisconnectMonobank, useRecentJobs } from '../../../api/monobank.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { lastSyncedAt } from '../../../entities/monobank/job-progress.ts';
import { DisconnectButton } from '../../../entities/requests/disconnect-button.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { formatTimeAgo } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { openBankDialog } from '../../../stores/bank-dialog-target.ts';

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

function DisconnectMonobankButton() {
  const disconnect = useDisconnectMonobank();
  const accounts = useAccounts().data;
  const t = useT();
  const bankAccounts = accounts?.filter((account) => account.type === 'monobank').length ?? 0;
  return (
    <DisconnectButton
      label={t('bank.disconnect.button')}
      title={t('bank.disconnect.title')}
      description={t('bank.disconnect.description', { count: bankAccounts })}
      disconnect={() => disconnect.mutateAsync()}
      pending={disconnect.isPending}
      done={t('bank.disconnect.done')}
    />
  );
}

/** Who is connected, how the token stands, when the bank was last read, and what can be done about it. */
export function ConnectionCard({ bankUser }: { bankUser: BankUser }) {
  const recentJobs = useRecentJobs().data;
  const now = useNow(AGO_REFRESH_MS);
  const valid = bankUser.tokenState === 'valid';
  const lastSync = lastSyncedAt(bankUser, recentJobs);
  const t = useT();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Monobank</CardTitle>
          <CardDescription>{t('bank.connection.description')}</CardDescription>
        </div>
        {valid ? (
          <Badge variant="success">{t('bank.connection.connected')}</Badge>
        ) : (
          <Badge variant="warning">{t('bank.connection.refused')}</Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label={t('bank.connection.client')}>{bankUser.name}</Fact>
          <Fact label={t('bank.connection.token')}>
            {valid ? t('bank.connection.accepted') : t('bank.connection.refusedPaste')}
          </Fact>
          <Fact label={t('bank.connection.lastSync')}>
            {lastSync ? formatTimeAgo(lastSync, now) : t('bank.connection.notYet')}
          </Fact>
        </dl>
        <div className="flex flex-wrap gap-2">
          {valid ? (
            <Button variant="outline" onClick={() => openBankDialog('import')}>
              <History aria-hidden="true" className="size-4" />
              {t('bank.dialog.importOlder')}
            </Button>
          ) : null}
          <Button variant={valid ? 'outline' : 'primary'} onClick={() => openBankDialog('replace-token')}>
            <KeyRound aria-hidden="true" className="size-4" />
            {valid ? t('bank.connection.replace') : t('bank.tokenInvalid.paste')}
          </Button>
          <DisconnectMonobankButton />
        </div>
      </CardContent>
    </Card>
  );
}
