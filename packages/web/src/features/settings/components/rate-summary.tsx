import type { Rate, RateSource } from '@kopiyka/shared';
import { TriangleAlert } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { type MessageKey, t, useT } from '../../../lib/i18n.ts';
import { formatRate } from '../../../lib/money.ts';

type SourceLook = {
  label: MessageKey;
  variant: BadgeVariant;
  detail: (rate: Rate) => string | null;
  explanation: MessageKey;
};

const SOURCES: Record<Exclude<RateSource, 'none'>, SourceLook> = {
  live: {
    label: 'rates.source.live',
    variant: 'success',
    detail: (rate) => (rate.rateDate ? t('rates.rateOf', { day: formatDay(rate.rateDate) }) : null),
    explanation: 'rates.source.liveExplanation',
  },
  approximate: {
    label: 'rates.source.approximate',
    variant: 'warning',
    detail: (rate) => (rate.rateDate ? t('rates.rateOf', { day: formatDay(rate.rateDate) }) : null),
    explanation: 'rates.source.approximateExplanation',
  },
  custom: {
    label: 'rates.source.custom',
    variant: 'info',
    detail: (rate) =>
      rate.effectiveFrom ? t('rates.from', { day: formatDay(rate.effectiveFrom) }) : t('rates.allDates'),
    explanation: 'rates.source.customExplanation',
  },
};

/** Amounts in a currency without a rate cannot be converted: the user has to give one. */
export function NoRateWarning() {
  const t = useT();
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-warning">
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      {t('rates.noRate')}
    </p>
  );
}

/**
 * A currency's rate against the base both ways ("1 USD = 41.7625 UAH", "1 UAH = 0.023945 USD") and
 * where it comes from.
 */
export function RateSummary({ rate }: { rate: Rate }) {
  const t = useT();
  if (rate.rate === null || rate.source === 'none') return <NoRateWarning />;
  const source = SOURCES[rate.source];
  const detail = source.detail(rate);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-col text-sm tabular-nums">
        <span className="font-medium">{`1 ${rate.baseCode} = ${formatRate(rate.rate)} ${rate.quoteCode}`}</span>
        <span className="text-muted-foreground">{`1 ${rate.quoteCode} = ${formatRate(1 / rate.rate)} ${rate.baseCode}`}</span>
      </div>
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground" title={t(source.explanation)}>
        <Badge variant={source.variant}>{t(source.label)}</Badge>
        {detail ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{detail}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
