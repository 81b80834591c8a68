import type { Transaction } from '@kopiyka/shared';
import { useCallback, useState } from 'react';

/** Transactions ticked in a list, by id. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const onToggle = useCallback((transaction: Transaction) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(transaction.id)) next.add(transaction.id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, onToggle, clear };
}
