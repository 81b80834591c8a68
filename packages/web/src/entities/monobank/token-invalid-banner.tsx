import { TriangleAlert } from 'lucide-react';
import { useBankUser } from '../../api/monobank.ts';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { openBankDialog } from '../../stores/bank-dialog-target.ts';

/** While Monobank refuses the stored token nothing syncs: this says so and leads to pasting a new one. */
export function TokenInvalidBanner({ className }: { className?: string }) {
  const bankUser = useBankUser().data;
  const t = useT();
  if (bankUser?.tokenState !== 'invalid') return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm sm:flex-row sm:items-center',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="hidden size-5 shrink-0 text-warning sm:block" />
      <p className="flex-1">
        <span className="font-semibold">{t('bank.tokenInvalid.title')}</span>{' '}
        <span className="text-muted-foreground">{t('bank.tokenInvalid.description')}</span>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="self-start sm:self-auto"
        onClick={() => openBankDialog('replace-token')}
      >
        {t('bank.tokenInvalid.paste')}
      </Button>
    </div>
  );
}
