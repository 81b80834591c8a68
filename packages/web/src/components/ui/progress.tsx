import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> & {
  value: number;
  /** Zero while the amount of work is not known yet: the bar then pulses instead of filling. */
  max: number;
  /** The filled part's colour, when it carries a state: `bg-destructive` past a limit, say. */
  indicatorClassName?: string;
};

/** A progress bar; give it an accessible name (aria-label or aria-labelledby). */
export function Progress({ value, max, className, indicatorClassName, ...props }: ProgressProps) {
  const known = max > 0;
  const shown = known ? Math.min(Math.max(value, 0), max) : null;
  return (
    <ProgressPrimitive.Root
      value={shown}
      max={known ? max : 100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full bg-primary transition-[width] duration-500',
          !known && 'w-1/3 animate-pulse',
          indicatorClassName,
        )}
        style={shown === null ? undefined : { width: `${(shown / max) * 100}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
