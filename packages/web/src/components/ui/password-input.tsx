import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

/** A password field with a button that shows or hides what was typed; `revealLabel` names what it shows. */
export function PasswordInput({
  className,
  revealLabel,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { revealLabel?: string }) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={revealLabel ?? t('common.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}
