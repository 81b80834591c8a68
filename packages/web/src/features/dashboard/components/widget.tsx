import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { loadFailureText } from '../../../api/errors.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';

/** What a widget needs to know of each query it shows. */
export type WidgetQuery = Pick<
  UseQueryResult,
  'isPending' | 'isError' | 'error' | 'isFetching' | 'isPlaceholderData' | 'refetch'
>;

type WidgetProps = {
  title: string;
  description: string;
  /** Beside the title: a link, say. */
  aside?: ReactNode;
  /** Everything the content is made of; the widget waits for all of them. */
  queries: readonly WidgetQuery[];
  /** Stands in for the content while it loads, in its shape. */
  skeleton: ReactNode;
  /** When set, shown instead of the content: what is missing and what to do about it. */
  empty?: ReactNode;
  /** Called once every query has its data. */
  children: () => ReactNode;
  className?: string;
};

/**
 * A dashboard card in one of four states: failed (with a retry), empty (saying what to do),
 * loading (a skeleton), or showing its figures — dimmed while the next month's are on their way.
 */
export function Widget({ title, description, aside, queries, skeleton, empty, children, className }: WidgetProps) {
  const t = useT();
  const failed = queries.filter((query) => query.isError);
  const pending = queries.some((query) => query.isPending);
  const refreshing = queries.some((query) => query.isPlaceholderData);
  let content: ReactNode;
  if (failed.length > 0) {
    content = (
      <EmptyState
        className="my-auto"
        icon={CircleAlert}
        title={t('dashboard.widget.loadError', { title })}
        description={loadFailureText(failed[0]?.error)}
        action={
          <RetryButton
            onRetry={() => failed.forEach((query) => void query.refetch())}
            retrying={failed.some((query) => query.isFetching)}
          />
        }
      />
    );
  } else if (empty) {
    // Messages sit in the middle of a card stretched by its row; figures start at the top.
    content = <div className="my-auto">{empty}</div>;
  } else if (pending) {
    content = (
      <div role="status" aria-label={t('dashboard.widget.loading', { title: title.toLowerCase() })}>
        {skeleton}
      </div>
    );
  } else {
    content = (
      <div aria-busy={refreshing} className={cn('transition-opacity', refreshing && 'opacity-60')}>
        {children()}
      </div>
    );
  }
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {aside}
      </CardHeader>
      <CardContent className="flex flex-col">{content}</CardContent>
    </Card>
  );
}
