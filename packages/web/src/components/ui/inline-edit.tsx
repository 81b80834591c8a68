import { Check, Pencil, X } from 'lucide-react';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/utils.ts';
import { Button } from './button.tsx';
import { Input } from './input.tsx';
import { Spinner } from './spinner.tsx';

type InlineEditProps = {
  value: string;
  /** Names the field for assistive technology: "Account name". */
  label: string;
  /**
   * Resolves null once saved; otherwise with a message to show, the editor staying open (an empty
   * message when the user has been told already, by a toast).
   */
  onSave: (value: string) => Promise<string | null>;
  /** A message when the text cannot be saved as it is; checked before `onSave`. */
  validate?: (value: string) => string | null;
  /** Applied to the text when it is shown, so a heading can stay a heading. */
  textClassName?: string;
  className?: string;
};

/**
 * Text that turns into a field when clicked: Enter (or leaving the field) saves, Escape cancels.
 * The check and cross buttons do the same for touch screens.
 */
export function InlineEdit({ value, label, onSave, validate, textClassName, className }: InlineEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const textRef = useRef<HTMLButtonElement>(null);
  // Set while the field is in use, so focus goes back to the text when the editing ends there.
  const focusBack = useRef(false);

  useEffect(() => {
    if (draft !== null || !focusBack.current) return;
    focusBack.current = false;
    textRef.current?.focus();
  }, [draft]);

  function cancel() {
    setDraft(null);
    setError(null);
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (draft === null || saving) return;
    const next = draft.trim();
    if (next === value) {
      cancel();
      return;
    }
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    const refusal = await onSave(next);
    setSaving(false);
    if (refusal === null) cancel();
    else setError(refusal || null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    // Escape here ends the edit, not a dialog or menu around it.
    event.stopPropagation();
    cancel();
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    // Moving between the field and its own buttons is not leaving.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    focusBack.current = false;
    void save();
  }

  if (draft === null) {
    return (
      <button
        ref={textRef}
        type="button"
        onClick={() => {
          focusBack.current = true;
          setDraft(value);
        }}
        aria-label={`${label}: ${value}. Rename`}
        className={cn(
          'group flex min-w-0 max-w-full cursor-pointer items-center gap-2 rounded-md text-left',
          className,
        )}
      >
        <span className={cn('min-w-0 truncate', textClassName)}>{value}</span>
        <Pencil
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground opacity-60 transition-opacity group-hover:opacity-100"
        />
      </button>
    );
  }

  return (
    <form onSubmit={save} onBlur={onBlur} noValidate className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <div className="flex items-center gap-1.5">
        <Input
          // The field appears because the user asked to edit: focus belongs in it.
          autoFocus
          aria-label={label}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          disabled={saving}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1"
        />
        {/* Pressing these must not blur the field first: leaving it would save. */}
        <Button
          size="icon"
          variant="ghost"
          type="submit"
          onMouseDown={(event) => event.preventDefault()}
          disabled={saving}
          aria-label="Save"
        >
          {saving ? <Spinner /> : <Check aria-hidden="true" className="size-4" />}
        </Button>
        <Button
          size="icon"
          variant="ghost"
          onMouseDown={(event) => event.preventDefault()}
          onClick={cancel}
          disabled={saving}
          aria-label="Cancel"
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
