import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

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
