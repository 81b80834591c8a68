import { Check, Pencil, X } from 'lucide-react';
import { type FocusEvent, type FormEvent, useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from './button.tsx';
import { useDraftEditor } from './draft-editor.ts';
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
  const t = useT();
  const editor = useDraftEditor({ value, validate, onSave });
  const textRef = useRef<HTMLButtonElement>(null);
  // Set while the field is in use, so focus goes back to the text when the editing ends there.
  const focusBack = useRef(false);

  useEffect(() => {
    if (editor.draft !== null || !focusBack.current) return;
    focusBack.current = false;
    textRef.current?.focus();
  }, [editor.draft]);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (editor.draft === null) return;
    await editor.commit(editor.draft.trim());
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    // Moving between the field and its own buttons is not leaving.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    focusBack.current = false;
    void save();
  }

  if (editor.draft === null) {
    return (
      <button
        ref={textRef}
        type="button"
        onClick={() => {
          focusBack.current = true;
          editor.open(value);
        }}
        aria-label={t('inlineEdit.rename', { label, value })}
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
          aria-describedby={editor.error ? editor.errorId : undefined}
          {...editor.fieldProps}
          className="min-w-0 flex-1"
        />
        {/* Pressing these must not blur the field first: leaving it would save. */}
        <Button
          size="icon"
          variant="ghost"
          type="submit"
          onMouseDown={(event) => event.preventDefault()}
          disabled={editor.saving}
          aria-label={t('common.save')}
        >
          {editor.saving ? <Spinner /> : <Check aria-hidden="true" className="size-4" />}
        </Button>
        <Button
          size="icon"
          variant="ghost"
          onMouseDown={(event) => event.preventDefault()}
          onClick={editor.cancel}
          disabled={editor.saving}
          aria-label={t('common.cancel')}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {editor.error ? (
        <p id={editor.errorId} role="alert" className="text-sm text-destructive">
          {editor.error}
        </p>
      ) : null}
    </form>
  );
}
