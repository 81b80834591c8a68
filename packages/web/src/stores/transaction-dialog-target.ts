import type { Transaction } from '@kopiyka/shared';
import { create } from 'zustand';
import type { OutboxEntry } from './outbox.ts';

/**
 * What the transaction dialog is open for: a new transaction (on an account, when given; or one
 * kept on this device that the server refused, to fix: issue 39) or an edit.
 */
export type DialogTarget =
  | { mode: 'create'; accountId?: number; queued?: OutboxEntry }
  | { mode: 'edit'; transaction: Transaction };

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
