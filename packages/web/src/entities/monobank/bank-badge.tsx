import { Landmark } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';

/** The name people know the bank by, on everything that comes from it. */
const BANK_NAME = 'Monobank';

/** Marks an account that the bank keeps up to date. */
export function BankBadge({ className }: { className?: string }) {
  return (
    <Badge variant="info" className={cn('gap-1', className)}>
      <Landmark aria-hidden="true" className="size-3" />
      {BANK_NAME}
    </Badge>
  );
}

/** A small mark where a badge has no room (a list row, the sidebar): read out as where it came from. */
export function BankMark({ label, className }: { label?: string; className?: string }) {
  const t = useT();
  label ??= t('bank.from', { bank: BANK_NAME });
  return (
    <span title={label} className={cn('inline-flex shrink-0 items-center text-info', className)}>
      <Landmark aria-hidden="true" className="size-3" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
