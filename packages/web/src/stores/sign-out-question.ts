import { create } from 'zustand';

/**
 * Whether the app asks before signing out (issue 39): transactions kept on this device wait to be
 * sent, and signing out deletes them. Asked by the shell's dialog, whichever button asked for it.
 */
export const useSignOutQuestionStore = create<{ open: boolean }>()(() => ({ open: false }));

export function closeSignOutQuestion(): void {
  useSignOutQuestionStore.setState({ open: false });
}
