import { Landmark } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.ts';
import { openBankDialog } from '../../stores/bank-dialog-target.ts';

type ConnectMonobankButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & { label?: string };

/** Starts the connect flow (the dialog the shell holds): for a user who has not paired Monobank. */
export function ConnectMonobankButton({ label, ...props }: ConnectMonobankButtonProps) {
  const t = useT();
  return (
    <Button {...props} onClick={() => openBankDialog('connect')}>
      <Landmark aria-hidden="true" className="size-4" />
      {label ?? t('bank.connect')}
    </Button>
  );
}
