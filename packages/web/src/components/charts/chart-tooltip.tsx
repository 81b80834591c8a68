import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

/** Between the pointer and the tooltip beside it, in pixels. */
const TOOLTIP_OFFSET = 10;

/** The box a chart's tooltip draws in: the popover look of the theme. */
export function ChartTooltipBox({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-36 flex-col gap-1 rounded-lg border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-elevated">
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      {children}
    </div>
  );
}

/** One line of a tooltip: a colour key, a name and a figure. */
export function ChartTooltipRow({ color, label, children }: { color?: string; label?: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      {color ? (
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: color }} />
      ) : null}
      {label ? <span className="flex-1 text-muted-foreground">{label}</span> : null}
      <span className={cn('font-medium tabular-nums', label && 'ml-auto')}>{children}</span>
    </div>
  );
}

/**
 * A tooltip beside the pointer at `at` in a chart's box `width` × `height`: towards the middle of
 * the box on each axis, so that it stays over the chart's card.
 */
export function ChartTooltipAt({
  at,
  width,
  height,
  children,
}: {
  at: { x: number; y: number };
  width: number;
  height: number;
  children: ReactNode;
}) {
  const onLeftHalf = at.x <= width / 2;
  const onTopHalf = at.y <= height / 2;
  const horizontal = onLeftHalf ? { left: at.x + TOOLTIP_OFFSET } : { right: width - at.x + TOOLTIP_OFFSET };
  const vertical = onTopHalf ? { top: at.y + TOOLTIP_OFFSET } : { bottom: height - at.y + TOOLTIP_OFFSET };
  return (
    <div className="pointer-events-none absolute z-10" style={{ ...horizontal, ...vertical }}>
      {children}
    </div>
  );
}
