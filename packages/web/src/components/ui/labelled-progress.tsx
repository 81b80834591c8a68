import type { ReactNode } from 'react';
import { numberFormat } from '../../lib/locale.ts';
import { Progress } from './progress.tsx';

type LabelledProgressProps = {
  /** What is done of what: "3 of 12 requests". */
  title: ReactNode;
  done: number;
  /** Zero while unknown: no share is shown and the bar pulses. */
  total: number;
  /** The bar's accessible name. */
  label: string;
  /** Under the bar, read out as it changes: what the work has brought so far. */
  details: ReactNode;
};

/** A progress bar with what it counts above it, the share done beside that, and the news below. */
export function LabelledProgress({ title, done, total, label, details }: LabelledProgressProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{title}</span>
        {total > 0 ? (
          <span className="text-muted-foreground tabular-nums">
            {numberFormat({ style: 'percent' }).format(Math.floor((done / total) * 100) / 100)}
          </span>
        ) : null}
      </div>
      <Progress value={done} max={total} aria-label={label} />
      <div className="text-xs text-muted-foreground" aria-live="polite">
        {details}
      </div>
    </div>
  );
}
