import { RotateCw } from 'lucide-react';
import { useT } from '../../lib/i18n.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** "Try again" for something that failed to load. */
export function RetryButton({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  const t = useT();
  return (
    <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
      {retrying ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
      {t('shell.tryAgain')}
    </Button>
  );
}
