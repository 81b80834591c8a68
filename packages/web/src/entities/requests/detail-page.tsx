import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, type LucideIcon, SearchX } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { hasErrorCode, loadFailureText } from '../../api/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { useDocumentSubject } from '../../hooks/use-document-title.ts';
import { useT } from '../../lib/i18n.ts';

/** The list a detail page belongs to: where its back link and its "not found" lead. */
export type DetailList = { path: string; label: string };

/** The page's `:id`, or null when the link cannot name anything (not a positive whole number). */
export function useDetailId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Takes the button look it is given (`Button asChild`) along with the other props. */
function ListLink({ list, ...props }: { list: DetailList } & Omit<ComponentProps<typeof Link>, 'to'>) {
  return (
    <Link to={list.path} {...props}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {list.label}
    </Link>
  );
}

type DetailNotFoundProps = {
  list: DetailList;
  /** What the page shows, in lower case: "account", "budget" (the catalogue words the page's texts for each). */
  noun: string;
};

export function DetailNotFound({ list, noun }: DetailNotFoundProps) {
  const t = useT();
  return (
    <EmptyCard
      icon={SearchX}
      title={t('detail.notFound.title', { noun })}
      description={t('detail.notFound.description')}
      action={
        <Button asChild variant="outline" size="sm">
          <ListLink list={list} />
        </Button>
      }
    />
  );
}

type DetailPageProps<T> = DetailNotFoundProps & {
  query: UseQueryResult<T>;
  /** Stands for the page when it could not be loaded. */
  icon: LucideIcon;
  /** The cards' stand-ins while the page loads. */
  placeholder: ReactNode;
  /** What the thing is called, first in the browser tab's title: "Cash · Accounts · Kopiyka". */
  name: (data: T) => string;
  children: (data: T) => ReactNode;
};

/** One thing of a list, on a page of its own: a link back to the list, then the thing once loaded. */
export function DetailPage<T>({ query, list, noun, icon, placeholder, name, children }: DetailPageProps<T>) {
  useDocumentSubject(query.data === undefined ? undefined : name(query.data));
  const t = useT();
  if (query.isError && hasErrorCode(query.error, 'NOT_FOUND')) return <DetailNotFound list={list} noun={noun} />;
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div role="status" aria-label={t('detail.loading', { noun })} className="flex flex-col gap-4">
        {placeholder}
      </div>
    );
  } else if (query.isError) {
    content = (
      <EmptyCard
        icon={icon}
        title={t('detail.loadError', { noun })}
        description={loadFailureText(query.error)}
        action={<RetryButton onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      />
    );
  } else {
    content = children(query.data);
  }
  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 self-start text-muted-foreground">
        <ListLink list={list} />
      </Button>
      {content}
    </div>
  );
}

/** The card of what cannot be undone, last on a detail page. */
export function DangerZoneCard({ description, children }: { description: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t('detail.dangerZone')}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
