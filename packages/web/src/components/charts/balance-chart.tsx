import { useId } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceLine,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { calendarDate, type DayKey, formatDay } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { calendarFormat } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { moneyAxis } from './axis.ts';
import { ChartTooltipBox, ChartTooltipRow } from './chart-tooltip.tsx';
import type { TrendPoint } from './series.ts';

export type BalanceChartProps = {
  data: readonly TrendPoint[];
  /** The currency of `value`. */
  currency: string;
  /** The currency of `refValue`, shown on hover beside the figure when the chart is in another one. */
  refCurrency?: string;
  /** What the chart shows, for assistive technology: "Balance trend". */
  label: string;
  height: number;
};

/** Past this many days the axis names months rather than days. */
const DAY_TICKS_MAX_SPAN = 92;

const dayTick = () => calendarFormat({ day: 'numeric', month: 'short' });
const monthTick = () => calendarFormat({ month: 'short', year: '2-digit' });

// Not one Pick joined to another: the catalogue check would take the words between them for a text.
type BalanceTooltipProps = Pick<TooltipContentProps, 'active' | 'payload'> & {
  currency: BalanceChartProps['currency'];
  refCurrency?: BalanceChartProps['refCurrency'];
};

function BalanceTooltip({ active, payload, currency, refCurrency }: BalanceTooltipProps) {
  const point = payload?.[0]?.payload as TrendPoint | undefined;
  const t = useT();
  if (!active || !point) return null;
  const { refValue } = point;
  return (
    <ChartTooltipBox title={formatDay(point.date)}>
      <ChartTooltipRow>{formatMoney(point.value, currency)}</ChartTooltipRow>
      {refCurrency !== undefined && refCurrency !== currency && refValue !== undefined ? (
        <p className="text-xs text-muted-foreground tabular-nums">
          {refValue === null ? t('charts.noRate', { currency: refCurrency }) : formatMoney(refValue, refCurrency)}
        </p>
      ) : null}
      {point.unvaluedAccountIds.length > 0 ? (
        <p className="max-w-52 text-xs text-muted-foreground">
          {t('charts.unvalued', { count: point.unvaluedAccountIds.length })}
        </p>
      ) : null}
    </ChartTooltipBox>
  );
}

/**
 * A balance over time as a filled line, in the theme's primary colour, drawn in steps: a balance
 * holds from one day's end to the next change, so a payment is a drop on its day, not a ramp
 * across the days before it.
 */
export default function BalanceChart({ data, currency, refCurrency, label, height }: BalanceChartProps) {
  // Gradient ids are document-wide: each chart needs its own, and an id usable in url(#…).
  const gradientId = `balance-fill-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const first = data[0];
  const last = data.at(-1);
  const span =
    first && last ? (calendarDate(last.date).getTime() - calendarDate(first.date).getTime()) / 86_400_000 : 0;
  const tickFormat = span > DAY_TICKS_MAX_SPAN ? monthTick() : dayTick();
  const t = useT();
  const dayValue = (point: TrendPoint) =>
    t('charts.dayValue', { amount: formatMoney(point.value, currency), day: formatDay(point.date) });
  let summary = label;
  if (first && last) summary += `: ${dayValue(first)}${first === last ? '' : `, ${dayValue(last)}`}`;
  // One day is no line: its balance runs across the chart, as it holds until a change.
  const single = data.length === 1 ? first : undefined;
  return (
    <div role="img" aria-label={summary} style={{ height }}>
      <AreaChart
        responsive
        data={data as TrendPoint[]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        style={{ width: '100%', height: '100%' }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--primary)" stopOpacity={0.35} />
            <stop offset="100%" stopColor="var(--primary)" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis
          dataKey="date"
          tickFormatter={(day: DayKey) => tickFormat.format(calendarDate(day))}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          minTickGap={24}
          tickMargin={8}
        />
        <YAxis
          {...moneyAxis(
            data.map((point) => point.value),
            currency,
          )}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          // As wide as its labels; its few round ticks all show.
          width="auto"
          interval={0}
        />
        <Tooltip
          cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '3 3' }}
          content={({ active, payload }) => (
            <BalanceTooltip active={active} payload={payload} currency={currency} refCurrency={refCurrency} />
          )}
        />
        {single ? <ReferenceLine y={single.value} stroke="var(--primary)" strokeWidth={2} /> : null}
        <Area
          type="stepAfter"
          dataKey="value"
          stroke="var(--primary)"
          strokeWidth={2}
          fill={`url(#${gradientId})`}
          dot={single ? { r: 4, fill: 'var(--primary)', stroke: 'var(--card)', strokeWidth: 2 } : false}
          activeDot={{ r: 4, fill: 'var(--primary)', stroke: 'var(--card)', strokeWidth: 2 }}
          isAnimationActive={false}
        />
      </AreaChart>
    </div>
  );
}
