import type { CashFlowPoint } from '@kopiyka/shared';
import { calendarDate, type DayKey, formatMonth } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { calendarFormat } from '../../lib/locale.ts';
import { formatMoney, formatSignedMoney } from '../../lib/money.ts';
import { moneyAxis } from './axis.ts';
import { CategoryAxis, ChartBox, type Drawing, ValueAxis } from './cartesian.tsx';
import { ChartTooltipBox, ChartTooltipRow } from './chart-tooltip.tsx';
import { EXPENSE_COLOR, INCOME_COLOR } from './colors.ts';
import { everyNthLabel, linearScale, plotArea } from './plot.ts';

export type CashFlowChartProps = {
  data: readonly CashFlowPoint[];
  currency: string;
  label: string;
  height: number;
};

/** The share of a month's width its pair of bars takes, centred. */
const PAIR_SHARE = 0.52;
/** Between the two bars of a month, in pixels. */
const BAR_GAP = 2;
/** The rounding of a bar's top corners, in pixels. */
const BAR_RADIUS = 4;
/** Least room between two month names, in pixels. */
const MONTH_LABEL_GAP = 5;

const monthOf = (period: DayKey) => period.slice(0, 7);
const monthTick = () => calendarFormat({ month: 'short' });

/** A bar standing on `bottom` up to `top`, its top corners rounded. */
function barPath(left: number, width: number, top: number, bottom: number): string {
  const radius = Math.min(BAR_RADIUS, width / 2, bottom - top);
  return [
    `M${left},${bottom}`,
    `V${top + radius}`,
    `A${radius},${radius} 0 0 1 ${left + radius},${top}`,
    `H${left + width - radius}`,
    `A${radius},${radius} 0 0 1 ${left + width},${top + radius}`,
    `V${bottom}Z`,
  ].join('');
}

function CashFlowTooltip({ point, currency }: { point: CashFlowPoint; currency: string }) {
  const t = useT();
  return (
    <ChartTooltipBox title={formatMonth(monthOf(point.period))}>
      <ChartTooltipRow color={INCOME_COLOR} label={t('charts.income')}>
        {formatMoney(point.income, currency)}
      </ChartTooltipRow>
      <ChartTooltipRow color={EXPENSE_COLOR} label={t('charts.expenses')}>
        {formatMoney(point.expense, currency)}
      </ChartTooltipRow>
      <ChartTooltipRow label={t('charts.net')}>{formatSignedMoney(point.net, currency)}</ChartTooltipRow>
    </ChartTooltipBox>
  );
}

/** Income beside expenses, a pair of bars a month. */
export function CashFlowChart({ data, currency, label, height }: CashFlowChartProps) {
  const draw = (width: number): Drawing => {
    // Bars stand on zero.
    const axis = moneyAxis([0, ...data.flatMap((point) => [point.income, point.expense])], currency);
    const valueLabels = axis.ticks.map(axis.tickFormatter);
    const plot = plotArea(width, height, valueLabels);
    const y = linearScale(axis.domain, [plot.bottom, plot.top]);
    const monthWidth = (plot.right - plot.left) / Math.max(1, data.length);
    const barWidth = Math.max(1, (monthWidth * PAIR_SHARE - BAR_GAP) / 2);
    const monthLeft = (index: number) => plot.left + index * monthWidth;
    const format = monthTick();
    const monthLabels = everyNthLabel(
      data.map((point, index) => ({
        at: monthLeft(index) + monthWidth / 2,
        text: format.format(calendarDate(`${monthOf(point.period)}-01`)),
      })),
      MONTH_LABEL_GAP,
      [0, width],
    );
    return {
      content: (
        <>
          <ValueAxis ticks={axis.ticks} labels={valueLabels} y={y} plot={plot} />
          <CategoryAxis labels={monthLabels} plot={plot} />
          {data.map((point, index) => {
            const pairLeft = monthLeft(index) + (monthWidth - (2 * barWidth + BAR_GAP)) / 2;
            return (
              <g key={point.period} data-part="month-bars">
                {point.income > 0 ? (
                  <path d={barPath(pairLeft, barWidth, y(point.income), y(0))} fill={INCOME_COLOR} />
                ) : null}
                {point.expense > 0 ? (
                  <path
                    d={barPath(pairLeft + barWidth + BAR_GAP, barWidth, y(point.expense), y(0))}
                    fill={EXPENSE_COLOR}
                  />
                ) : null}
              </g>
            );
          })}
        </>
      ),
      plot,
      stops: data.map((_, index) => monthLeft(index) + monthWidth / 2),
      pick: (index) => ({
        behind: (
          <rect
            x={monthLeft(index)}
            y={plot.top}
            width={monthWidth}
            height={plot.bottom - plot.top}
            fill="var(--muted)"
            opacity={0.6}
          />
        ),
        tooltip: <CashFlowTooltip point={data[index]!} currency={currency} />,
      }),
    };
  };

  return <ChartBox label={label} height={height} draw={draw} />;
}
