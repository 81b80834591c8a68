import type { ComponentProps } from 'react';
import { Card } from './card.tsx';
import { EmptyState } from './empty-state.tsx';

/** A whole page's empty state: what the page is for, and what to do first. */
export function EmptyCard(props: ComponentProps<typeof EmptyState>) {
  return (
    <Card>
      <EmptyState {...props} className="py-14" />
    </Card>
  );
}
