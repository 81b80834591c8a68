import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../../components/ui/dialog.tsx';
import { focusMarkedField } from '../../../components/ui/dialog-focus.ts';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';

type MoveDialogProps = {
  title: string;
  description: ReactNode;
  label: string;
  /** The current place, as an option value ('' for the top level). */
  initialValue: string;
  /** The <option>s to choose from. */
  options: ReactNode;
  /** Resolves null once moved, else with the reason to show ('' when a toast has said it). */
  onMove: (value: string) => Promise<string | null>;
  onClose: () => void;
};

/**
 * "Move to…": one choice of a new place, open while mounted. A refusal (a cycle the list could not
 * foresee, say) stays in the dialog, in the server's words.
 */
export function MoveDialog({ title, description, onClose, ...props }: MoveDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onOpenAutoFocus={focusMarkedField}>
        <DialogHeader title={title} description={description} />
        <MoveForm {...props} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ label, initialValue, options, onMove, onClose }: Omit<MoveDialogProps, 'title' | 'description'>) {
  const [value, setValue] = useState(initialValue);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const t = useT();
  const selectId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (value === initialValue) {
      onClose();
      return;
    }
    setRefusal(null);
    setMoving(true);
    const reason = await onMove(value);
    setMoving(false);
    if (reason === null) onClose();
    else setRefusal(reason || null);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <div className="flex flex-col gap-2">
          <Label htmlFor={selectId}>{label}</Label>
          <NativeSelect
            data-autofocus
            id={selectId}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setRefusal(null);
            }}
          >
            {options}
          </NativeSelect>
        </div>
        {refusal ? <ErrorAlert>{refusal}</ErrorAlert> : null}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={moving}>
          {moving ? <Spinner /> : null}
          {t('groups.move')}
        </Button>
      </DialogFooter>
    </form>
  );
}
