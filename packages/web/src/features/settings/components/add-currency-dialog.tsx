import type { Currency } from '@kopiyka/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { useAddUserCurrencies, useSystemCurrencies } from '../../../api/currencies.ts';
import { useSubmission } from '../../../api/submission.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  CurrencyPicker,
  CurrencyPickerError,
  CurrencyPickerSkeleton,
} from '../../../entities/currencies/currency-picker.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

type AddCurrencyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Currencies the user has already: not offered again. */
  existingCurrencyIds: readonly number[];
};

export function AddCurrencyDialog({ open, onOpenChange, existingCurrencyIds }: AddCurrencyDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title={t('currencies.add.title')} description={t('currencies.add.description')} />
        <AddCurrencyForm existingCurrencyIds={existingCurrencyIds} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type AddCurrencyFormProps = { existingCurrencyIds: readonly number[]; onDone: () => void };

function AddCurrencyForm({ existingCurrencyIds, onDone }: AddCurrencyFormProps) {
  const systemCurrencies = useSystemCurrencies();
  const addCurrencies = useAddUserCurrencies();
  const [selected, setSelected] = useState<number | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  const t = useT();
  const available = useMemo(
    () => systemCurrencies.data?.filter((currency) => !existingCurrencyIds.includes(currency.id)) ?? [],
    [systemCurrencies.data, existingCurrencyIds],
  );
  const chosen = available.find((currency) => currency.id === selected);
  const submission = useSubmission({
    send: (currency: Currency) => addCurrencies.mutateAsync({ currencies: [{ currencyId: currency.id }] }),
    onSuccess: (_userCurrencies, currency) => {
      notify('success', t('currencies.add.done', { code: currency.code }));
      onDone();
    },
  });
  const error = unchosen ? t('currencies.add.choose') : submission.error;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setUnchosen(!chosen);
    if (chosen) void submission.submit(chosen);
  }

  if (systemCurrencies.isPending || systemCurrencies.isError) {
    return (
      <DialogBody>
        {systemCurrencies.isPending ? (
          <CurrencyPickerSkeleton />
        ) : (
          <CurrencyPickerError onRetry={() => systemCurrencies.refetch()} retrying={systemCurrencies.isFetching} />
        )}
      </DialogBody>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <CurrencyPicker
          currencies={available}
          value={selected}
          onChange={(currencyId) => {
            setSelected(currencyId);
            setUnchosen(false);
            submission.clearError();
          }}
          error={error}
        />
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={addCurrencies.isPending}>
          {addCurrencies.isPending ? <Spinner /> : null}
          {chosen ? t('currencies.add.submitCode', { code: chosen.code }) : t('currencies.add.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
