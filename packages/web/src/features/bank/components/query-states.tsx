import type { UseQueryResult } from '@tanstack/react-query';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';

/** A card's list while it loads: a few rows in its shape. */
export function LoadingRows({ label, rowClassName = 'h-10' }: { label: string; rowClassName?: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className={cn('w-full', rowClassName)} />
      <Skeleton className={cn('w-full', rowClassName)} />
    </div>
  );
}

/** What a card could not load, and a way to try again. */
export function LoadFailed({
  message,
  query,
}: {
  message: string;
  query: Pick<UseQueryResult, 'refetch' | 'isFetching'>;
}) {
  return (
    <div className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
      <p>{message}</p>
      <RetryButton onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </div>
  );
}
