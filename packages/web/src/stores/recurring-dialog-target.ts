import type { Recurring, RecurringKind, RecurringSuggestion, Transaction } from '@kopiyka/shared';
import { create } from 'zustand';

/**
 * What the schedule dialog is open for: a new schedule (blank, or made from a transaction or from
 * a rhythm found in the history), or an edit of one. A transaction is made a schedule unless
 * `kind` says an instalment plan (a purchase in parts).
 */
export type RecurringDialogTarget =
  | {
      mode: 'create';
      from?: { transaction: Transaction; kind?: RecurringKind } | { suggestion: RecurringSuggestion };
    }
  | { mode: 'edit'; recurring: Recurring };

type RecurringDialogState = { target: RecurringDialogTarget | null };

/**
 * One schedule dialog for the whole signed-in app (mounted in the shell): the regular payments
 * page and the transaction dialog ("Make this regular") open it from here.
 */
export const useRecurringDialogStore = create<RecurringDialogState>()(() => ({ target: null }));

export function openRecurringDialog(target: RecurringDialogTarget): void {
  useRecurringDialogStore.setState({ target });
}

export function closeRecurringDialog(): void {
  useRecurringDialogStore.setState({ target: null });
}
