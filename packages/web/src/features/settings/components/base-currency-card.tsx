import type { BaseCurrencyChange, UserCurrency } from '@kopiyka/shared';
import { type FormEvent, useId, useState } from 'react';
import { useBaseCurrencyChange, useChangeBaseCurrency, useDismissBaseChange } from '../../../api/currencies.ts';
import { inlineErrorMessage } from '../../../api/errors.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currencyName } from '../../../entities/currencies/currency-name.ts';
import { storedIssueText, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

type BaseCurrencyCardProps = {
  baseCurrency: UserCurrency;
  userCurrencies: readonly UserCurrency[];
};

/**
 * The base currency, the way to change it, and the progress of a recomputation under way: after a
 * base change, or after a custom rate changed (a revaluation in the same base).
 */
export function BaseCurrencyCard({ baseCurrency, userCurrencies }: BaseCurrencyCardProps) {
  const change = useBaseCurrencyChange().data;
  const running = change?.state === 'running';
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('currencies.base.title')}</CardTitle>
        <CardDescription>{t('currencies.base.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <span className="font-mono text-2xl font-semibold tracking-tight">{baseCurrency.currency.code}</span>
          <span className="min-w-0 truncate text-muted-foreground">{currencyName(baseCurrency.currency)}</span>
          <Badge variant="primary">{t('currencies.base.badge')}</Badge>
        </div>
        {running ? <ChangeProgress change={change} /> : null}
        {change?.state === 'failed' ? <ChangeFailure change={change} /> : null}
        <ChangeBaseForm baseCurrency={baseCurrency} userCurrencies={userCurrencies} disabled={running} />
      </CardContent>
    </Card>
  );
}

function ChangeProgress({ change }: { change: BaseCurrencyChange }) {
  const labelId = useId();
  const t = useT();
  const counted = change.total > 0 ? t('currencies.base.counted', { done: change.done, total: change.total }) : '';
  const revaluation = change.kind === 'revaluation';
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3.5">
      <p id={labelId} className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
        <Spinner className="text-primary" />
        {revaluation
          ? t('currencies.base.revaluing', { counted })
          : t('currencies.base.recalculating', { from: change.fromCode ?? '', to: change.toCode ?? '', counted })}
      </p>
      <Progress aria-labelledby={labelId} value={change.done} max={change.total} />
      <p className="text-xs text-muted-foreground">
        {revaluation
          ? t('currencies.base.revaluingNote')
          : t('currencies.base.recalculatingNote', { from: change.fromCode ?? '' })}
      </p>
    </div>
  );
}

/** A failed recomputation changed nothing; its banner stays, across reloads, until the person puts it aside. */
function ChangeFailure({ change }: { change: BaseCurrencyChange }) {
  const dismiss = useDismissBaseChange();
  const t = useT();
  const dismissal = useSubmission({
    send: () => dismiss.mutateAsync(),
    failureMessage: (failure) => inlineErrorMessage(failure) ?? t('currencies.base.dismissFailed'),
  });
  // The server's reason is a sentence of its own, with or without a full stop.
  const reason = change.error ? `: ${storedIssueText(change.error, change.errorIssue).replace(/\.+$/, '')}` : '';
  return (
    <div className="flex flex-col gap-2">
      <ErrorAlert>
        {change.kind === 'revaluation'
          ? t('currencies.base.revaluationFailed', { reason })
          : t('currencies.base.changeFailed', { to: change.toCode ?? '', from: change.fromCode ?? '', reason })}
      </ErrorAlert>
      <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
        {dismissal.error ? (
          <span role="alert" className="text-sm text-destructive">
            {dismissal.error}
          </span>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => void dismissal.submit()} disabled={dismiss.isPending}>
          {dismiss.isPending ? <Spinner /> : null}
          {t('currencies.base.dismiss')}
        </Button>
      </div>
    </div>
  );
}

type ChangeBaseFormProps = BaseCurrencyCardProps & { disabled: boolean };

function ChangeBaseForm({ baseCurrency, userCurrencies, disabled }: ChangeBaseFormProps) {
  const selectId = useId();
  const t = useT();
  const candidates = userCurrencies.filter((userCurrency) => !userCurrency.isBase);
  const [selectedId, setSelectedId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const target = candidates.find((userCurrency) => String(userCurrency.currencyId) === selectedId);

  if (candidates.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('currencies.base.noCandidates')}</p>;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (target) setConfirming(true);
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      <Label htmlFor={selectId}>{t('currencies.base.change')}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <NativeSelect
          id={selectId}
          value={selectedId}
          onChange={(event) => setSelectedId(event.target.value)}
          disabled={disabled}
          className="sm:w-72"
        >
          <option value="">{t('currencies.base.choose')}</option>
          {candidates.map((userCurrency) => (
            <option key={userCurrency.id} value={userCurrency.currencyId}>
              {`${userCurrency.currency.code} · ${currencyName(userCurrency.currency)}`}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="outline" disabled={disabled || !target}>
          {t('currencies.base.changeButton')}
        </Button>
      </div>
      {target ? (
        <ConfirmBaseChange
          open={confirming}
          onOpenChange={setConfirming}
          from={baseCurrency}
          to={target}
          onStarted={() => setSelectedId('')}
        />
      ) : null}
    </form>
  );
}

type ConfirmBaseChangeProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  from: UserCurrency;
  to: UserCurrency;
  onStarted: () => void;
};

function ConfirmBaseChange({ open, onOpenChange, from, to, onStarted }: ConfirmBaseChangeProps) {
  const changeBase = useChangeBaseCurrency();
  const fromCode = from.currency.code;
  const toCode = to.currency.code;
  const t = useT();
  const submission = useSubmission({
    send: () => changeBase.mutateAsync({ currencyId: to.currencyId }),
    onSuccess: (change) => {
      if (change?.state === 'running') {
        notify('info', t('currencies.base.started', { from: fromCode, to: toCode }));
      }
      onOpenChange(false);
      onStarted();
    },
  });
  const { error } = submission;
  const confirm = () => submission.submit();

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) submission.clearError();
        onOpenChange(next);
      }}
    >
      <AlertDialogContent
        title={t('currencies.base.confirmTitle', { to: toCode })}
        description={t('currencies.base.confirmDescription', { from: fromCode })}
        actions={
          <>
            <AlertDialogCancel asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </AlertDialogCancel>
            <Button onClick={confirm} disabled={changeBase.isPending}>
              {changeBase.isPending ? <Spinner /> : null}
              {t('currencies.base.confirm', { to: toCode })}
            </Button>
          </>
        }
      >
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
