import { type FormEvent, useMemo, useState } from 'react';
import { useAddUserCurrencies, useSystemCurrencies } from '../../../api/currencies.ts';
import { inlineErrorMessage } from '../../../api/errors.ts';
import { CurrencyPicker, CurrencyPickerError, CurrencyPickerSkeleton } from '../../../components/currency-picker.tsx';
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
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const available = useMemo(
    () => systemCurrencies.data?.filter((currency) => !existingCurrencyIds.includes(currency.id)) ?? [],
    [systemCurrencies.data, existingCurrencyIds],
  );
  const chosen = available.find((currency) => currency.id === selected);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError(t('currencies.add.choose'));
      return;
    }
    setError(null);
    try {
      await addCurrencies.mutateAsync({ currencies: [{ currencyId: chosen.id }] });
    } catch (failure) {
      setError(inlineErrorMessage(failure));
      return;
    }
    notify('success', t('currencies.add.done', { code: chosen.code }));
    onDone();
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
            setError(null);
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
