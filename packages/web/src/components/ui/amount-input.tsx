import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

/** A field for an amount of money, with the currency it is in at its end. */
export function AmountInput({ currency, className, ...props }: ComponentProps<'input'> & { currency?: string }) {
  return (
    <div className={cn('relative', className)}>
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        className={cn('tabular-nums', currency && 'pr-14')}
        {...props}
      />
      {currency ? (
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center font-mono text-xs text-muted-foreground">
          {currency}
        </span>
      ) : null}
    </div>
  );
}
