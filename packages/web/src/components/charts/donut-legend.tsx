import { formatShare } from '../../lib/locale.ts';
import { Money } from '../ui/money.tsx';
import type { DonutSlice } from './donut-chart.tsx';

/** The figures beside a donut: each slice's colour, name, share of the whole and amount. */
export function DonutLegend({
  slices,
  currency,
  label,
}: {
  slices: readonly DonutSlice[];
  currency: string;
  label: string;
}) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <ul aria-label={label} className="flex min-w-0 flex-1 flex-col gap-2 self-stretch">
      {slices.map((slice) => (
        <li key={slice.id} className="flex items-center gap-2 text-sm">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: slice.color }}
          />
          <span className="min-w-0 flex-1 truncate">{slice.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatShare(slice.value, total)}</span>
          <Money minor={slice.value} currency={currency} className="shrink-0 font-medium" />
        </li>
      ))}
    </ul>
  );
}
