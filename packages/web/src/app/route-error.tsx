import { CircleAlert, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { errorText, isApiError } from '../api/errors.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { t, useT } from '../lib/i18n.ts';

/** How browsers (Chromium, Firefox, Safari) and Vite's preloading say a page's code did not arrive. */
const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** The page's code could not be fetched: the server was not reachable when the page was first opened. */
function isCodeNotLoaded(error: unknown): boolean {
  return error instanceof Error && CODE_NOT_LOADED.test(error.message);
}

function describe(error: unknown): string {
  if (isCodeNotLoaded(error)) return t('error.network');
  if (isApiError(error)) return errorText(error);
  if (isRouteErrorResponse(error)) return error.statusText || t('shell.routeError.status', { status: error.status });
  return t('shell.routeError.unknown');
}

/** Whether the server answers again: the page's own address, which it serves as the app. */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * Shown in place of a route whose loader or render failed, with a way to try again. When the server
 * could not be reached it says so: a loader is run again; a page whose code did not arrive is kept
 * failed by the router, so the app is loaded anew, once the server answers.
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const [reloading, setReloading] = useState(false);
  useT();
  const retrying = revalidator.state === 'loading' || reloading;

  async function retry() {
    if (!isCodeNotLoaded(error)) return revalidator.revalidate();
    setReloading(true);
    if (await serverAnswers()) window.location.reload();
    else setReloading(false);
  }

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
        <Button onClick={() => void retry()} disabled={retrying}>
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
