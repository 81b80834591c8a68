import { lazy, Suspense, useEffect } from 'react';
import { closeBankDialog, useBankDialogStore } from '../../stores/bank-dialog-target.ts';

// Rarely opened: its code is fetched the first time it is.
const BankDialog = lazy(async () => ({ default: (await import('./bank-dialog.tsx')).BankDialog }));

/** Mounted once in the signed-in shell; whatever opened the bank dialog set its target in the store. */
export function BankDialogHost() {
  const target = useBankDialogStore((state) => state.target);
  // Leaving the shell (signing out) must not leave a dialog waiting for the next session.
  useEffect(() => closeBankDialog, []);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <BankDialog key={target} target={target} onClose={closeBankDialog} />
    </Suspense>
  );
}
