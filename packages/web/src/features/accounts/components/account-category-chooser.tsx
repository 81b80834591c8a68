import { ACCOUNT_CATEGORIES } from '@kopiyka/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_CATEGORY_INFO } from '../../../entities/accounts/account-categories.ts';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';

/** The twelve account categories as tiles with their icons: a radio group under the hood. */
export function AccountCategoryChooser({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{t('account.category')}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {ACCOUNT_CATEGORIES.map((category) => {
          const { label, icon: Icon } = ACCOUNT_CATEGORY_INFO[category];
          return (
            <label key={category} className="relative cursor-pointer">
              <input type="radio" value={category} className="peer sr-only" {...registration} />
              <span
                className={cn(
                  'flex h-full flex-col items-center gap-1.5 rounded-lg border px-1.5 py-3 text-center text-xs font-medium text-muted-foreground transition-colors',
                  'hover:bg-accent hover:text-foreground',
                  'peer-checked:border-primary peer-checked:bg-primary/10 peer-checked:text-primary',
                  'peer-focus-visible:ring-3 peer-focus-visible:ring-ring',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {t(label)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
