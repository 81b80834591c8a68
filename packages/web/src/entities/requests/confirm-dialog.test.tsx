import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { ConfirmDialogContent } from './confirm-dialog.tsx';

type HarnessProps = { confirm: () => Promise<string>; onConfirmed: (result: string) => void };

function Harness({ confirm, onConfirmed }: HarnessProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      {open ? (
        <ConfirmDialogContent
          title="Remove it?"
          description="It goes for good."
          confirmLabel="Remove it"
          confirm={confirm}
          pending={false}
          onConfirmed={onConfirmed}
        />
      ) : null}
    </AlertDialog>
  );
}

describe('<ConfirmDialogContent>', () => {
  it('runs what follows with the result once the confirmed call has worked', async () => {
    const onConfirmed = vi.fn();
    render(<Harness confirm={async () => 'removed'} onConfirmed={onConfirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('removed'));
  });

  it('says why the call failed in the dialog, and forgets it once the dialog is closed', async () => {
    const onConfirmed = vi.fn();
    const refusal = new ApiError({ code: 'CONFLICT', statusText: 'It is still in use.', status: 409 });
    render(<Harness confirm={() => Promise.reject(refusal)} onConfirmed={onConfirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove it' }));
    expect((await screen.findByRole('alert')).textContent).toBe('It is still in use.');
    expect(screen.getByRole('alertdialog', { name: 'Remove it?' })).toBeTruthy();
    expect(onConfirmed).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('alertdialog', { name: 'Remove it?' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
