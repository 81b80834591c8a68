import {
  type Account,
  type BankUser,
  type PairMonobankBody,
  type PairMonobankResponse,
  pairMonobankBodySchema,
  type ReplaceMonobankTokenBody,
  replaceMonobankTokenBodySchema,
} from '@kopiyka/shared';
import { Landmark } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { loadFailureText } from '../../api/errors.ts';
import { useBankUser, usePairMonobank, useReplaceMonobankToken } from '../../api/monobank.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogHeader } from '../../components/ui/dialog.tsx';
import { focusMarkedField } from '../../components/ui/dialog-focus.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type MessageKey, useT } from '../../lib/i18n.ts';
import type { BankDialogTarget } from '../../stores/bank-dialog-target.ts';
import { notify } from '../../stores/notifications.ts';
import { FoundCards } from './components/found-cards.tsx';
import { ImportJobPanel } from './components/import-job-panel.tsx';
import { ImportPeriodForm } from './components/import-period-form.tsx';
import { LiveUpdatesNote } from './components/live-updates-note.tsx';
import { TokenForm, TokenInstructions } from './components/token-form.tsx';

/** Where the connect flow is: paste the token, see the cards, choose how far back, watch it import. */
type Step =
  | { name: 'token' }
  | { name: 'cards'; user: BankUser; accounts: Account[] }
  | { name: 'period' }
  | { name: 'progress'; jobId: number };

const CONNECT_STEPS = 4;
const STEP_NUMBER: Record<Step['name'], number> = { token: 1, cards: 2, period: 3, progress: 4 };

const STEP_TITLES: Record<Step['name'], MessageKey> = {
  token: 'bank.connect',
  cards: 'bank.dialog.cardsTitle',
  period: 'bank.dialog.periodTitle',
  progress: 'bank.progress.importing',
};

type BankDialogProps = { target: BankDialogTarget; onClose: () => void };

/** The bank dialog of the shell: the connect flow, an import of older history, or a new token. */
export function BankDialog({ target, onClose }: BankDialogProps) {
  const [step, setStep] = useState<Step>(target === 'import' ? { name: 'period' } : { name: 'token' });
  const t = useT();
  let title: string;
  let description: ReactNode;
  let content: ReactNode;
  if (target === 'replace-token') {
    title = t('bank.dialog.replaceTitle');
    description = t('bank.dialog.replaceDescription');
    content = <ReplaceTokenContent onClose={onClose} />;
  } else {
    title = target === 'import' && step.name === 'period' ? t('bank.dialog.importOlder') : t(STEP_TITLES[step.name]);
    description =
      target === 'connect' ? t('bank.dialog.step', { step: STEP_NUMBER[step.name], steps: CONNECT_STEPS }) : undefined;
    content = (
      <ConnectContent
        step={step}
        setStep={setStep}
        dismissLabel={target === 'connect' ? t('bank.dialog.notNow') : t('common.cancel')}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" onOpenAutoFocus={focusMarkedField}>
        <DialogHeader title={title} description={description} />
        {content}
      </DialogContent>
    </Dialog>
  );
}

type ConnectContentProps = {
  step: Step;
  setStep: (step: Step) => void;
  dismissLabel: string;
  onClose: () => void;
};

function ConnectContent({ step, setStep, dismissLabel, onClose }: ConnectContentProps) {
  const pair = usePairMonobank();
  const t = useT();
  switch (step.name) {
    case 'token':
      return (
        <TokenForm<PairMonobankBody, PairMonobankResponse>
          schema={pairMonobankBodySchema}
          field="token"
          label={t('bank.dialog.token')}
          submitLabel={t('bank.dialog.connectSubmit')}
          send={(body) => pair.mutateAsync(body)}
          onSuccess={({ user, accounts }) => {
            notify('success', t('bank.dialog.connected', { count: accounts.length }));
            setStep({ name: 'cards', user, accounts });
          }}
        >
          <TokenInstructions />
        </TokenForm>
      );
    case 'cards':
      return (
        <>
          <DialogBody>
            <p className="text-sm text-muted-foreground">
              {t('bank.dialog.found', { count: step.accounts.length, name: step.user.name })}
            </p>
            <FoundCards accounts={step.accounts} />
            <LiveUpdatesNote bankUser={step.user} />
          </DialogBody>
          <DialogFooter>
            <Button onClick={() => setStep({ name: 'period' })}>{t('bank.dialog.chooseImport')}</Button>
          </DialogFooter>
        </>
      );
    case 'period':
      return (
        <PeriodContent
          dismissLabel={dismissLabel}
          onStarted={(jobId) => setStep({ name: 'progress', jobId })}
          onClose={onClose}
        />
      );
    case 'progress':
      return <ProgressContent jobId={step.jobId} onClose={onClose} />;
  }
}

/** The period form for the enabled bank accounts, once the connection and the accounts are known. */
function PeriodContent({
  dismissLabel,
  onStarted,
  onClose,
}: {
  dismissLabel: string;
  onStarted: (jobId: number) => void;
  onClose: () => void;
}) {
  const bankUser = useBankUser();
  const accounts = useAccounts();
  const t = useT();
  if (bankUser.isError || accounts.isError) {
    return (
      <DialogBody>
        <EmptyState
          icon={Landmark}
          title={t('bank.dialog.accountsLoadError')}
          description={loadFailureText(bankUser.error ?? accounts.error)}
          action={
            <RetryButton
              onRetry={() => {
                if (bankUser.isError) void bankUser.refetch();
                if (accounts.isError) void accounts.refetch();
              }}
              retrying={bankUser.isFetching || accounts.isFetching}
            />
          }
        />
      </DialogBody>
    );
  }
  if (bankUser.data === undefined || accounts.data === undefined) {
    return (
      <DialogBody role="status" aria-label={t('bank.dialog.accountsLoading')}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-20 w-full" />
      </DialogBody>
    );
  }
  const enabled = accounts.data.filter((account) => account.type === 'monobank' && account.isEnabled);
  if (bankUser.data === null || enabled.length === 0) {
    return (
      <DialogBody>
        <EmptyState
          icon={Landmark}
          title={bankUser.data === null ? t('error.code.MONOBANK_USER_NOT_PAIRED') : t('bank.dialog.noneEnabled')}
          description={bankUser.data === null ? t('bank.dialog.connectFirst') : t('bank.dialog.showAgain')}
          action={<Button onClick={onClose}>{t('common.close')}</Button>}
        />
      </DialogBody>
    );
  }
  return (
    <ImportPeriodForm
      accountCount={enabled.length}
      requestIntervalMs={bankUser.data.requestIntervalMs}
      dismissLabel={dismissLabel}
      onStarted={(load) => onStarted(load.jobId)}
    />
  );
}

function ProgressContent({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const requestIntervalMs = useBankUser().data?.requestIntervalMs;
  return <ImportJobPanel jobId={jobId} requestIntervalMs={requestIntervalMs} onClose={onClose} />;
}

function ReplaceTokenContent({ onClose }: { onClose: () => void }) {
  const replaceToken = useReplaceMonobankToken();
  const t = useT();
  return (
    <TokenForm<ReplaceMonobankTokenBody, BankUser>
      schema={replaceMonobankTokenBodySchema}
      field="apiToken"
      label={t('bank.dialog.newToken')}
      submitLabel={t('bank.dialog.saveToken')}
      send={(body) => replaceToken.mutateAsync({ apiToken: body.apiToken })}
      onSuccess={() => {
        notify('success', t('bank.dialog.tokenSaved'));
        onClose();
      }}
    >
      <TokenInstructions />
    </TokenForm>
  );
}
