import type { UserCurrency } from '@kopiyka/shared';
import { ArrowLeftRight, Coins, Plus, RotateCw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useRates } from '../../../api/currencies.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EditRateDialog } from '../../../entities/currencies/edit-rate-dialog.tsx';
import type { DayKey } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { AddCurrencyDialog } from './add-currency-dialog.tsx';
import { CurrencyRow } from './currency-row.tsx';
import { RateProvidersStatus } from './rate-providers-status.tsx';
import { RemoveCurrencyDialog } from './remove-currency-dialog.tsx';

type CurrencyListCardProps = {
  userCurrencies: readonly UserCurrency[];
  baseCode: string;
};

/** The user's currencies with their rates against the base on a chosen day (today by default). */
export function CurrencyListCard({ userCurrencies, baseCode }: CurrencyListCardProps) {
  const dateId = useId();
  const t = useT();
  const [date, setDate] = useState<DayKey>('');
  const rates = useRates(date || undefined);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserCurrency | null>(null);
  const [settingPair, setSettingPair] = useState(false);
  const [removing, setRemoving] = useState<UserCurrency | null>(null);
  const rateByCode = useMemo(() => new Map(rates.data?.map((rate) => [rate.baseCode, rate])), [rates.data]);
  const existingIds = useMemo(() => userCurrencies.map((userCurrency) => userCurrency.currencyId), [userCurrencies]);
  const editingRate = editing ? rateByCode.get(editing.currency.code) : undefined;
  // The pair dialog starts from the first other currency in the base.
  const firstOther = userCurrencies.find((userCurrency) => !userCurrency.isBase);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <CardTitle>{t('currencies.list.title')}</CardTitle>
          <CardDescription>{t('currencies.list.description', { code: baseCode })}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {firstOther ? (
            <Button size="sm" variant="outline" onClick={() => setSettingPair(true)}>
              <ArrowLeftRight aria-hidden="true" className="size-4" />
              {t('accounts.total.setRate')}
            </Button>
          ) : null}
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('currencies.list.add')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <RateProvidersStatus />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Label htmlFor={dateId} className="text-muted-foreground">
            {t('currencies.list.ratesOn')}
          </Label>
          <Input
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className="h-9 w-auto"
          />
          {date ? (
            <Button variant="ghost" size="sm" onClick={() => setDate('')}>
              {t('currencies.list.backToToday')}
            </Button>
          ) : (
            <span className="text-sm text-muted-foreground">{t('currencies.list.today')}</span>
          )}
        </div>
        {rates.isError ? (
          <ErrorAlert>
            {t('currencies.list.ratesLoadError')}{' '}
            <Button variant="link" className="text-sm" onClick={() => rates.refetch()} disabled={rates.isFetching}>
              <RotateCw aria-hidden="true" className="size-3.5" />
              {t('shell.tryAgain')}
            </Button>
          </ErrorAlert>
        ) : null}
        {userCurrencies.length === 0 ? (
          <EmptyState
            icon={Coins}
            title={t('currencies.list.empty.title')}
            description={t('currencies.list.empty.description')}
          />
        ) : (
          <ul aria-label={t('currencies.list.title')} className="divide-y">
            {userCurrencies.map((userCurrency) => (
              <CurrencyRow
                key={userCurrency.id}
                userCurrency={userCurrency}
                baseCode={baseCode}
                rate={rateByCode.get(userCurrency.currency.code)}
                ratesStatus={rates.status}
                onEditRate={() => setEditing(userCurrency)}
                onRemove={() => setRemoving(userCurrency)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <AddCurrencyDialog open={adding} onOpenChange={setAdding} existingCurrencyIds={existingIds} />
      {editing ? (
        <EditRateDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          currencyCode={editing.currency.code}
          baseCode={baseCode}
          rate={editingRate}
          hasCustomRate={!editing.liveRateUpdate || editingRate?.custom === true}
        />
      ) : null}
      {firstOther ? (
        <EditRateDialog
          open={settingPair}
          onOpenChange={setSettingPair}
          choosePair
          currencyCode={firstOther.currency.code}
          baseCode={baseCode}
          rate={rateByCode.get(firstOther.currency.code)}
          hasCustomRate={!firstOther.liveRateUpdate}
        />
      ) : null}
      <RemoveCurrencyDialog userCurrency={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
