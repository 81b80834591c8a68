import { NOTE_MAX } from '@kopiyka/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useT } from '../../lib/i18n.ts';

type NoteFieldProps = {
  id: string;
  placeholder: string;
  error?: string;
  /** What the form's register('note') gives. */
  registration: UseFormRegisterReturn;
  /** The note's length so far, shown against the limit; left out, no count is shown. */
  length?: number;
};

/** A transaction's note (or the note a schedule gives its transactions), up to the length the server takes. */
export function NoteField({ id, placeholder, error, registration, length }: NoteFieldProps) {
  const t = useT();
  return (
    <FormField id={id} label={t('transaction.field.note')} error={error}>
      {(control) => {
        const textarea = (
          <Textarea {...control} rows={2} maxLength={NOTE_MAX} placeholder={placeholder} {...registration} />
        );
        if (length === undefined) return textarea;
        return (
          <div className="flex flex-col gap-1">
            {textarea}
            <span className="self-end text-xs text-muted-foreground tabular-nums" aria-live="polite">
              {length}/{NOTE_MAX}
            </span>
          </div>
        );
      }}
    </FormField>
  );
}
