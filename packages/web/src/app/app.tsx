import { QueryClientProvider } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { NotificationCenter } from '../components/notification-center.tsx';

/** Providers around the router; the notification centre sits outside it, so toasts outlive any page. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <NotificationCenter />
    </QueryClientProvider>
  );
}
