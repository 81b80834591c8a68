import { CircleAlert, RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

function describe(error: unknown): string {
  if (isApiError(error)) return error.statusText;
  if (isRouteErrorResponse(error)) return error.statusText || `The page answered ${error.status}.`;
  return 'Something went wrong while showing this page.';
}

/** Shown in place of a route whose loader or render failed, with a way to try again. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div role="alert" className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/12 text-destructive">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <div className="flex max-w-md flex-col gap-1">
        <h2 className="text-lg font-semibold">This page could not be loaded</h2>
        <p className="text-sm text-muted-foreground">{describe(error)}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => revalidator.revalidate()} disabled={retrying}>
          {retrying ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
          Try again
        </Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to the start</Link>
        </Button>
      </div>
    </div>
  );
}
