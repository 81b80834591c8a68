import type { ReactNode } from 'react';
import { formatShare } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { ChartTooltipAt, ChartTooltipBox, ChartTooltipRow } from './chart-tooltip.tsx';
import { type BoxPoint, usePointerOver } from './plot.ts';

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

/** The hole's radius, as a share of the ring's. */
const INNER = 0.68;
/** The gap between two slices, in degrees. */
const GAP_DEGREES = 1.5;
const FULL_TURN = 2 * Math.PI;

type Sector = { slice: DonutSlice; start: number; end: number };

/** The ring's sector from `start` to `end` (radians, clockwise from 12 o'clock) as an SVG path. */
function sectorPath(radius: number, start: number, end: number): string {
  const point = (r: number, angle: number) => `${radius + r * Math.sin(angle)},${radius - r * Math.cos(angle)}`;
  const inner = radius * INNER;
  // A whole circle cannot be one arc: it is drawn as two halves, the hole cut out of it.
  if (end - start >= FULL_TURN - 1e-9) {
    const middle = start + Math.PI;
    return [
      `M${point(radius, start)}`,
      `A${radius},${radius} 0 1 1 ${point(radius, middle)}`,
      `A${radius},${radius} 0 1 1 ${point(radius, start)}`,
      `M${point(inner, start)}`,
      `A${inner},${inner} 0 1 0 ${point(inner, middle)}`,
      `A${inner},${inner} 0 1 0 ${point(inner, start)}Z`,
    ].join('');
  }
  const large = end - start > Math.PI ? 1 : 0;
  return [
    `M${point(radius, start)}`,
    `A${radius},${radius} 0 ${large} 1 ${point(radius, end)}`,
    `L${point(inner, end)}`,
    `A${inner},${inner} 0 ${large} 0 ${point(inner, start)}Z`,
  ].join('');
}

/** Each slice's sector, in order from 12 o'clock: its share of the circle, a small gap between neighbours. */
function sectors(slices: readonly DonutSlice[], total: number): Sector[] {
  const shown = slices.filter((slice) => slice.value > 0);
  const gap = shown.length > 1 ? (GAP_DEGREES * Math.PI) / 180 : 0;
  const room = FULL_TURN - gap * shown.length;
  let start = 0;
  return shown.map((slice) => {
    const sweep = (room * slice.value) / total;
    const sector = { slice, start, end: start + sweep };
    start += sweep + gap;
    return sector;
  });
}

/** The sector under `at` in a ring `size` wide, if any: not in the hole, a gap or the corners. */
function sectorAt(ring: readonly Sector[], size: number, at: BoxPoint): Sector | undefined {
  const radius = size / 2;
  const dx = at.x - radius;
  const dy = at.y - radius;
  const distance = Math.hypot(dx, dy);
  if (distance < radius * INNER || distance > radius) return undefined;
  const angle = (Math.atan2(dx, -dy) + FULL_TURN) % FULL_TURN;
  return ring.find((sector) => angle >= sector.start && angle <= sector.end);
}

/**
 * Parts of a whole as a ring, each slice in its own colour, with a figure in the middle; the slice
 * under the pointer says its name, share and amount.
 */
export function DonutChart({ slices, currency, center, label, size }: DonutChartProps) {
  const [pointer, pointerHandlers] = usePointerOver();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const ring = total > 0 ? sectors(slices, total) : [];
  const active = pointer ? sectorAt(ring, size, pointer)?.slice : undefined;
  return (
    <div
      role="img"
      aria-label={label}
      className="relative shrink-0"
      style={{ width: size, height: size }}
      {...pointerHandlers}
    >
      <svg aria-hidden="true" width={size} height={size} className="absolute inset-0">
        {ring.map(({ slice, start, end }) => (
          <path
            key={slice.id}
            data-part="slice"
            d={sectorPath(size / 2, start, end)}
            fill={slice.color}
            fillRule="evenodd"
            stroke="var(--card)"
            strokeWidth={2}
          />
        ))}
      </svg>
      <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center px-3 text-center">
        {center}
      </div>
      {active && pointer ? (
        <ChartTooltipAt at={pointer} width={size} height={size}>
          <ChartTooltipBox title={active.name}>
            <ChartTooltipRow color={active.color} label={formatShare(active.value, total)}>
              {formatMoney(active.value, currency)}
            </ChartTooltipRow>
          </ChartTooltipBox>
        </ChartTooltipAt>
      ) : null}
    </div>
  );
}
