/**
 * Web storage that never throws: storage can be disabled or full (private modes, quotas),
 * and the app must keep working without persistence then.
 */
function safeStorage(pick: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        pick().setItem(key, value);
      } catch {
        // Not persisted; the in-memory state still holds the value for this page.
      }
    },
    remove(key: string): void {
      try {
        pick().removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}

export const local = safeStorage(() => window.localStorage);
export const session = safeStorage(() => window.sessionStorage);
