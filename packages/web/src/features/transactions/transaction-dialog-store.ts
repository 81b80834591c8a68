import { create } from 'zustand';
import type { DialogTarget } from './transaction-form.ts';

type TransactionDialogState = { target: DialogTarget | null };

/**
 * One add/edit dialog for the whole signed-in app (mounted in the shell): the header's button,
 * any list row and any page open it from here without passing callbacks around.
 */
export const useTransactionDialogStore = create<TransactionDialogState>()(() => ({ target: null }));

/** Adds a transaction (on `accountId` when given) or edits one. */
export function openTransactionDialog(target: DialogTarget): void {
  useTransactionDialogStore.setState({ target });
}

export function closeTransactionDialog(): void {
  useTransactionDialogStore.setState({ target: null });
}
