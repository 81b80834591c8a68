import { type ComponentProps, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { type AmountRules, amountPlaceholder, formatMoney, readAmount } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

/** How the typed text is taken: "= UAH 1,500.00", or why it cannot be; null for an empty field. */
function understood(text: string, currency: string, rules: AmountRules): { text: string; problem: boolean } | null {
  const { minor, problem } = readAmount(text, rules);
  if (problem !== null) return { text: problem, problem: true };
  return minor === null ? null : { text: `= ${formatMoney(minor, currency)}`, problem: false };
}

/**
 * A field for an amount of money, with the currency it is in at its end. With a currency it says
 * under the field how the amount is read ("= UAH 1,500.00") or why it cannot be ("Is this 1,500
 * or 1.5?…", a minus where the amount must be `positive`), unless an error the field already shows
 * says so. Its placeholder and the amounts it reads are in the language's decimal mark.
 */
export function AmountInput({
  currency,
  positive = false,
  className,
  ref,
  onChange,
  ...props
}: ComponentProps<'input'> & { currency?: string; positive?: boolean }) {
  const input = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  // A form may set the value through the element (defaults, reset, a worked-out amount): read it back.
  useLayoutEffect(() => {
    const value = input.current?.value ?? '';
    if (value !== text) setText(value);
  });
  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === 'function') return ref(element);
      if (ref) ref.current = element;
    },
    [ref],
  );
  const readingId = useId();
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  const reading = currency ? understood(text, currency, { positive }) : null;
  const shown = reading && !(reading.problem && invalid) ? reading : null;
  const describedBy = [props['aria-describedby'], shown ? readingId : undefined].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="relative">
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={amountPlaceholder()}
          className={cn('tabular-nums', currency && 'pr-14')}
          {...props}
          ref={setRefs}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            setText(event.target.value);
            onChange?.(event);
          }}
        />
        {currency ? (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center font-mono text-xs text-muted-foreground">
            {currency}
          </span>
        ) : null}
      </div>
      {shown ? (
        <p
          id={readingId}
          className={cn('text-xs tabular-nums', shown.problem ? 'text-destructive' : 'text-muted-foreground')}
        >
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
