import { Check } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export type ToggleChoice<T> = {
  value: T;
  label: string;
  /** A dot of this colour before the label while it is off (a tag's colour). */
  color?: string;
};

type ToggleChipsProps<T> = {
  choices: ReadonlyArray<ToggleChoice<T>>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** The id of the text naming the group (a field's label). */
  labelledBy?: string;
  invalid?: boolean;
  className?: string;
};

/** Several of a few choices, each a pill that is on (ticked) or off: tags on a transaction, accounts a rule looks at. */
export function ToggleChips<T>({ choices, value, onChange, labelledBy, invalid, className }: ToggleChipsProps<T>) {
  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      className={cn('m-0 flex min-w-0 flex-wrap gap-1.5 border-0 p-0', className)}
    >
      {choices.map((choice) => {
        const on = value.includes(choice.value);
        return (
          <button
            key={String(choice.value)}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((one) => one !== choice.value) : [...value, choice.value])}
            className={cn(
              'inline-flex h-8 max-w-full min-w-0 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
              'focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
              on ? 'border-primary bg-primary/12 text-foreground' : 'border-input hover:bg-accent',
            )}
          >
            {on ? (
              <Check aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
            ) : choice.color ? (
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: choice.color }}
              />
            ) : null}
            <span className="truncate">{choice.label}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
