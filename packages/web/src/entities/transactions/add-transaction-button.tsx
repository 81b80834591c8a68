import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { openTransactionDialog } from '../../stores/transaction-dialog-target.ts';

type AddTransactionButtonProps = {
  /** The account the new transaction starts on. */
  accountId?: number;
  label?: string;
  /** Only the icon below 640 px, for the narrow header of phones. */
  compact?: boolean;
};

export function AddTransactionButton({ accountId, label, compact = false }: AddTransactionButtonProps) {
  const t = useT();
  const text = label ?? t('transactions.add');
  return (
    <Button
      onClick={() => openTransactionDialog({ mode: 'create', accountId })}
      aria-label={compact ? text : undefined}
      className={cn(compact && 'w-10 px-0 sm:w-auto sm:px-4')}
    >
      <Plus aria-hidden="true" className="size-4" />
      <span className={cn(compact && 'hidden sm:inline')}>{text}</span>
    </Button>
  );
}
