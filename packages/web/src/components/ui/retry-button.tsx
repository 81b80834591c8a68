import { RotateCw } from 'lucide-react';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** "Try again" for something that failed to load. */
export function RetryButton({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
      {retrying ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
      Try again
    </Button>
  );
}
