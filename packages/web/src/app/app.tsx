import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { watchServerReturn } from '../api/reachability.ts';
import { ConnectionNotice } from '../components/connection-notice.tsx';
import { NotificationCenter } from '../components/notification-center.tsx';
import { useLocale } from '../lib/i18n.ts';
import { useDisplayTimeZone } from '../lib/locale.ts';

/**
 * Providers around the router; the notification centre sits outside it, so toasts outlive any page,
 * and so does the notice that there is no connection (issue 39), above every page.
 * A change of language or time zone renders the pages anew, so every text, formatted figure, time
 * and day follows it.
 */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const locale = useLocale();
  const timeZone = useDisplayTimeZone();
  useEffect(watchServerReturn, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionNotice />
      <RouterProvider key={`${locale} ${timeZone}`} router={router} />
      <NotificationCenter />
    </QueryClientProvider>
  );
}
