import { create } from 'zustand';

/**
 * What the bank dialog is open for: connecting Monobank (token, cards, how far back to import),
 * an import of older history for a paired client, or a new token after Monobank refused the old one.
 */
export type BankDialogTarget = 'connect' | 'import' | 'replace-token';

type BankDialogState = { target: BankDialogTarget | null };

/**
 * One bank dialog for the whole signed-in app (mounted in the shell): the accounts page, the
 * dashboard, settings, a banner or a toast open it from here without passing callbacks around.
 */
export const useBankDialogStore = create<BankDialogState>()(() => ({ target: null }));

export function openBankDialog(target: BankDialogTarget): void {
  useBankDialogStore.setState({ target });
}

export function closeBankDialog(): void {
  useBankDialogStore.setState({ target: null });
}
