import type { AccountCategory } from '@kopiyka/shared';
import { cn } from '../../lib/utils.ts';
import { ACCOUNT_CATEGORY_INFO } from './account-categories.ts';

/** The icon of an account's category on a tinted tile. */
export function AccountIcon({ category, className }: { category: AccountCategory; className?: string }) {
  const Icon = ACCOUNT_CATEGORY_INFO[category].icon;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
