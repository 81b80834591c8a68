import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useId, useState } from 'react';

type DraftEditorOptions<T> = {
  /** The saved value. */
  value: T;
  /** A message when `next` cannot be saved as it is; checked before `onSave`. */
  validate?: (next: T) => string | null;
  /** Resolves null once saved, else with a message to show ('' when a toast has said it already). */
  onSave: (next: T) => Promise<string | null>;
};

/**
 * A value edited in place as text: the draft while editing (null when not), the message about it,
 * and the steps from opening the field to saving or cancelling.
 */
export function useDraftEditor<T>({ value, validate, onSave }: DraftEditorOptions<T>) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  function cancel() {
    setDraft(null);
    setError(null);
  }

  /** Saves `next`, read from the draft; the field closes once saved, or at once when nothing changed. */
  async function commit(next: T) {
    if (saving) return;
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

  /** For the text field, besides its label and description. */
  const fieldProps = {
    value: draft ?? '',
    disabled: saving,
    'aria-invalid': Boolean(error),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setDraft(event.target.value);
      setError(null);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Escape') return;
      // Escape here ends the edit, not a dialog or menu around it.
      event.stopPropagation();
      cancel();
    },
    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
  };

  return {
    draft,
    /** Opens the field with `text` in it. */
    open: setDraft,
    error,
    errorId,
    /** Shows a message about the draft. */
    reject: setError,
    saving,
    cancel,
    commit,
    fieldProps,
  };
}
