import { useId } from 'react';
import { calendarDate, formatDay } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { calendarFormat } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { moneyAxis } from './axis.ts';
import { CategoryAxis, ChartBox, type Drawing, ValueAxis } from './cartesian.tsx';
import { ChartTooltipBox, ChartTooltipRow } from './chart-tooltip.tsx';
import { type CategoryLabel, linearScale, plotArea, spacedLabels } from './plot.ts';
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

/** Least room between two labels along the bottom, in pixels. */
const DAY_LABEL_GAP = 24;
const ACTIVE_DOT = { r: 4, fill: 'var(--primary)', stroke: 'var(--card)', strokeWidth: 2 } as const;

type BalanceTooltipProps = { point: TrendPoint; currency: string; refCurrency?: string };

function BalanceTooltip({ point, currency, refCurrency }: BalanceTooltipProps) {
  const t = useT();
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
export function BalanceChart({ data, currency, refCurrency, label, height }: BalanceChartProps) {
  // Gradient ids are document-wide: each chart needs its own, and an id usable in url(#…).
  const gradientId = `balance-fill-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const t = useT();
  const first = data[0];
  const last = data.at(-1);
  const span =
    first && last ? (calendarDate(last.date).getTime() - calendarDate(first.date).getTime()) / 86_400_000 : 0;
  const byMonth = span > DAY_TICKS_MAX_SPAN;
  const tickFormat = byMonth ? monthTick() : dayTick();
  const dayValue = (point: TrendPoint) =>
    t('charts.dayValue', { amount: formatMoney(point.value, currency), day: formatDay(point.date) });
  let summary = label;
  if (first && last) summary += `: ${dayValue(first)}${first === last ? '' : `, ${dayValue(last)}`}`;

  const draw = (width: number): Drawing => {
    const axis = moneyAxis(
      data.map((point) => point.value),
      currency,
    );
    const valueLabels = axis.ticks.map(axis.tickFormatter);
    const plot = plotArea(width, height, valueLabels);
    const y = linearScale(axis.domain, [plot.bottom, plot.top]);
    // The days spread evenly from edge to edge; one day alone stands in the middle.
    const x = (index: number) =>
      data.length > 1
        ? plot.left + (index * (plot.right - plot.left)) / (data.length - 1)
        : (plot.left + plot.right) / 2;
    // Over months, the first day of each names its month; over days, any day may name itself.
    const candidates: CategoryLabel[] = [];
    data.forEach((point, index) => {
      if (!byMonth || (index > 0 && point.date.slice(0, 7) !== data[index - 1]!.date.slice(0, 7))) {
        candidates.push({ at: x(index), text: tickFormat.format(calendarDate(point.date)) });
      }
    });
    const dayLabels = spacedLabels(candidates, DAY_LABEL_GAP, [0, width]);

    // A balance holds from one day's end to the next change: level to the next day, then upright.
    const corners = data.flatMap((point, index) =>
      index === 0
        ? [[x(0), y(point.value)]]
        : [
            [x(index), y(data[index - 1]!.value)],
            [x(index), y(point.value)],
          ],
    );
    const line = corners.length > 1 ? `M${corners.map(([cx, cy]) => `${cx},${cy}`).join('L')}` : '';
    const area = line && `${line}L${x(data.length - 1)},${plot.bottom}L${x(0)},${plot.bottom}Z`;
    // One day is no line: its balance runs across the chart, as it holds until a change.
    const single = data.length === 1 ? first : undefined;

    return {
      content: (
        <>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--primary)" stopOpacity={0.35} />
              <stop offset="100%" stopColor="var(--primary)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <ValueAxis ticks={axis.ticks} labels={valueLabels} y={y} plot={plot} />
          <CategoryAxis labels={dayLabels} plot={plot} />
          {area ? <path d={area} fill={`url(#${gradientId})`} stroke="none" /> : null}
          {line ? <path data-part="balance-line" d={line} fill="none" stroke="var(--primary)" strokeWidth={2} /> : null}
          {single ? (
            <>
              <line
                data-part="single-day-line"
                x1={plot.left}
                x2={plot.right}
                y1={y(single.value)}
                y2={y(single.value)}
                stroke="var(--primary)"
                strokeWidth={2}
              />
              <circle cx={x(0)} cy={y(single.value)} {...ACTIVE_DOT} />
            </>
          ) : null}
        </>
      ),
      plot,
      stops: data.map((_, index) => x(index)),
      pick: (index) => ({
        over: (
          <>
            <line
              x1={x(index)}
              x2={x(index)}
              y1={plot.top}
              y2={plot.bottom}
              stroke="var(--muted-foreground)"
              strokeDasharray="3 3"
            />
            <circle cx={x(index)} cy={y(data[index]!.value)} {...ACTIVE_DOT} />
          </>
        ),
        tooltip: <BalanceTooltip point={data[index]!} currency={currency} refCurrency={refCurrency} />,
      }),
    };
  };

  return <ChartBox label={summary} height={height} draw={draw} />;
}
