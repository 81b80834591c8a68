import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../stores/notifications.ts';
import { ConfirmDialogContent } from './confirm-dialog.tsx';

type DisconnectButtonProps = {
  /** The button's and the confirming button's words: "Disconnect". */
  label: string;
  title: string;
  /** What is forgotten, and what stays. */
  description: string;
  /** Forgets the connection; a failure is said in the dialog. */
  disconnect: () => Promise<unknown>;
  pending: boolean;
  /** The toast once it is done. */
  done: string;
};

/** Ends a connection to a bank or an exchange, once the user has confirmed it. */
export function DisconnectButton({ label, title, description, disconnect, pending, done }: DisconnectButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        <Unplug aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {open ? (
        <ConfirmDialogContent
          title={title}
          description={description}
          confirmLabel={label}
          confirmVariant="destructive"
          confirm={disconnect}
          pending={pending}
          onConfirmed={() => notify('success', done)}
        />
      ) : null}
    </AlertDialog>
  );
}
