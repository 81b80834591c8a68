import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from './button.tsx';

/** An inline error message, announced as soon as it appears; `action` (a button) sits under the words. */
export function ErrorAlert({
  children,
  action,
  className,
  ref,
}: {
  children: ReactNode;
  action?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm text-destructive',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-col items-start gap-2">
        <span>{children}</span>
        {action}
      </div>
    </div>
  );
}

/**
 * Why a form was not sent, in place. When the server could not be reached, "Try again" sends the
 * form once more, as it stands: what was typed is still in it; `otherwise` offers another way
 * beside it (a new transaction kept on the device to send later).
 */
export function FormFailure({
  message,
  unreachable,
  otherwise,
  ref,
}: {
  message: string;
  unreachable: boolean;
  otherwise?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  return (
    <ErrorAlert
      ref={ref}
      action={
        unreachable ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" size="sm">
              <RotateCw aria-hidden="true" className="size-4" />
              {t('shell.tryAgain')}
            </Button>
            {otherwise}
          </div>
        ) : null
      }
    >
      {message}
    </ErrorAlert>
  );
}
