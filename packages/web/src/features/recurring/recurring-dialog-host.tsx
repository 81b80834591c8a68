import { lazy, Suspense, useEffect } from 'react';
import { closeRecurringDialog, useRecurringDialogStore } from '../../stores/recurring-dialog-target.ts';

// Opened now and then: its code is fetched the first time it is.
const RecurringDialog = lazy(async () => ({ default: (await import('./recurring-dialog.tsx')).RecurringDialog }));

/** Mounted once in the signed-in shell; whatever opened the schedule dialog set its target in the store. */
export function RecurringDialogHost() {
  const target = useRecurringDialogStore((state) => state.target);
  // Leaving the shell (signing out) must not leave a dialog waiting for the next session.
  useEffect(() => closeRecurringDialog, []);
  if (!target) return null;
  const key = target.mode === 'edit' ? `edit-${target.recurring.id}` : 'create';
  return (
    <Suspense fallback={null}>
      <RecurringDialog key={key} target={target} onClose={closeRecurringDialog} />
    </Suspense>
  );
}
