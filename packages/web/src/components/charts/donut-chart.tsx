import type { ReactNode } from 'react';
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { formatShare } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { ChartTooltipBox, ChartTooltipRow } from './chart-tooltip.tsx';

export type DonutSlice = { id: number; name: string; color: string; value: number };

export type DonutChartProps = {
  slices: readonly DonutSlice[];
  currency: string;
  /** Said in the hole: the total, say. */
  center: ReactNode;
  /** What the chart shows, for assistive technology; the legend beside it lists the figures. */
  label: string;
  size: number;
};

/** Parts of a whole as a ring, each slice in its own colour, with a figure in the middle. */
export default function DonutChart({ slices, currency, center, label, size }: DonutChartProps) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <div role="img" aria-label={label} className="relative shrink-0" style={{ width: size, height: size }}>
      {/* First, so the chart (and its tooltip) stacks above it; the ring's hole shows it through. */}
      <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center px-3 text-center">
        {center}
      </div>
      <PieChart width={size} height={size}>
        <Pie
          data={slices as DonutSlice[]}
          dataKey="value"
          nameKey="name"
          innerRadius="68%"
          outerRadius="100%"
          paddingAngle={slices.length > 1 ? 1.5 : 0}
          stroke="var(--card)"
          strokeWidth={2}
          isAnimationActive={false}
        >
          {slices.map((slice) => (
            <Cell key={slice.id} fill={slice.color} />
          ))}
        </Pie>
        <Tooltip
          content={({ active, payload }) => {
            const slice = payload?.[0]?.payload as DonutSlice | undefined;
            if (!active || !slice) return null;
            return (
              <ChartTooltipBox title={slice.name}>
                <ChartTooltipRow color={slice.color} label={formatShare(slice.value, total)}>
                  {formatMoney(slice.value, currency)}
                </ChartTooltipRow>
              </ChartTooltipBox>
            );
          }}
        />
      </PieChart>
    </div>
  );
}
