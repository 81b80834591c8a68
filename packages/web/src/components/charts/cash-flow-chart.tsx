import type { CashFlowPoint } from '@kopiyka/shared';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { calendarDate, type DayKey, formatMonth } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { calendarFormat } from '../../lib/locale.ts';
import { formatMoney, formatSignedMoney } from '../../lib/money.ts';
import { moneyAxis } from './axis.ts';
import { ChartTooltipBox, ChartTooltipRow } from './chart-tooltip.tsx';
import { EXPENSE_COLOR, INCOME_COLOR } from './colors.ts';

export type CashFlowChartProps = {
  data: readonly CashFlowPoint[];
  currency: string;
  label: string;
  height: number;
};

const monthOf = (period: DayKey) => period.slice(0, 7);
const monthTick = () => calendarFormat({ month: 'short' });
const tickLabel = (period: DayKey) => monthTick().format(calendarDate(`${monthOf(period)}-01`));

/** Income beside expenses, a pair of bars a month. */
export default function CashFlowChart({ data, currency, label, height }: CashFlowChartProps) {
  const t = useT();
  return (
    <div role="img" aria-label={label} style={{ height }}>
      <BarChart
        responsive
        data={data as CashFlowPoint[]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        barGap={2}
        barCategoryGap="24%"
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis
          dataKey="period"
          tickFormatter={tickLabel}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          tickMargin={8}
        />
        <YAxis
          // Bars stand on zero.
          {...moneyAxis([0, ...data.flatMap((point) => [point.income, point.expense])], currency)}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          // As wide as its labels; its few round ticks all show.
          width="auto"
          interval={0}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as CashFlowPoint | undefined;
            if (!active || !point) return null;
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
          }}
        />
        <Bar
          dataKey="income"
          name={t('charts.income')}
          fill={INCOME_COLOR}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey="expense"
          name={t('charts.expenses')}
          fill={EXPENSE_COLOR}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </div>
  );
}
