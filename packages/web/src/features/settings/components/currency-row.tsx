import type { Rate, UserCurrency } from '@kopiyka/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { currencyName } from '../../../entities/currencies/currency-name.ts';
import { useT } from '../../../lib/i18n.ts';
import { NoRateWarning, RateSummary } from './rate-summary.tsx';

type CurrencyRowProps = {
  userCurrency: UserCurrency;
  baseCode: string;
  /** Undefined while rates load, when they failed, or when the server listed none for it. */
  rate: Rate | undefined;
  ratesStatus: 'pending' | 'error' | 'success';
  onEditRate: () => void;
  onRemove: () => void;
};

function RateCell({ userCurrency, baseCode, rate, ratesStatus }: Omit<CurrencyRowProps, 'onEditRate' | 'onRemove'>) {
  const t = useT();
  if (userCurrency.isBase) {
    return (
      <div className="flex flex-col gap-0.5 text-sm text-muted-foreground">
        <p>{t('currencies.row.valuedIn', { code: baseCode })}</p>
        {/* Said instead of offering a Remove the server would refuse. */}
        <p className="text-xs">{t('currencies.row.baseNotRemovable')}</p>
      </div>
    );
  }
  if (rate) return <RateSummary rate={rate} />;
  if (ratesStatus === 'pending') {
    return (
      <div className="flex flex-col gap-1.5" aria-hidden="true">
        <Skeleton className="h-4 w-44" />
        <Skeleton className="h-4 w-36" />
      </div>
    );
  }
  if (ratesStatus === 'error')
    return <p className="text-sm text-muted-foreground">{t('currencies.row.rateNotLoaded')}</p>;
  return <NoRateWarning />;
}

/**
 * One currency: code and name on the left, its rate in the middle, actions on the right; on phones
 * the rate moves under the name.
 */
export function CurrencyRow({ onEditRate, onRemove, ...props }: CurrencyRowProps) {
  const { currency, isBase } = props.userCurrency;
  const t = useT();
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 py-4 sm:grid-cols-[15rem_minmax(0,1fr)_auto]">
      {/* As tall as the action buttons, so the name lines up with them on phones. */}
      <div className="flex min-h-9 min-w-0 items-center gap-3">
        <span className="w-11 shrink-0 font-mono font-semibold">{currency.code}</span>
        <span className="min-w-0 truncate text-sm text-muted-foreground">{currencyName(currency)}</span>
        {isBase ? <Badge variant="primary">{t('currencies.base.badge')}</Badge> : null}
      </div>
      <div className="col-span-2 row-start-2 min-w-0 pl-14 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:pl-0">
        <RateCell {...props} />
      </div>
      <div className="col-start-2 row-start-1 flex items-center justify-end gap-1 sm:col-start-3">
        {isBase ? null : (
          <>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-muted-foreground hover:text-foreground"
              aria-label={t('currencies.row.editRate', { code: currency.code })}
              title={t('currencies.row.editRateTitle')}
              onClick={onEditRate}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-muted-foreground hover:text-destructive"
              aria-label={t('currencies.remove.submit', { code: currency.code })}
              title={t('currencies.row.remove')}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
