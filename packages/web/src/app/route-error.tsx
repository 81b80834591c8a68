import { CircleAlert, RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { errorText, isApiError } from '../api/errors.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { t, useT } from '../lib/i18n.ts';

function describe(error: unknown): string {
  if (isApiError(error)) return errorText(error);
  if (isRouteErrorResponse(error)) return error.statusText || t('shell.routeError.status', { status: error.status });
  return t('shell.routeError.unknown');
}

/** Shown in place of a route whose loader or render failed, with a way to try again. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  useT();
  const retrying = revalidator.state === 'loading';
  return (
    <div role="alert" className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/12 text-destructive">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <div className="flex max-w-md flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('shell.routeError.title')}</h2>
        <p className="text-sm text-muted-foreground">{describe(error)}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => revalidator.revalidate()} disabled={retrying}>
          {retrying ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
          {t('shell.tryAgain')}
        </Button>
        <Button variant="outline" asChild>
          <Link to="/">{t('shell.goToStart')}</Link>
        </Button>
      </div>
    </div>
  );
}
