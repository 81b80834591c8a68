import { type createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { AccountPage } from '../features/accounts/account-page.tsx';
import { AccountsPage } from '../features/accounts/accounts-page.tsx';
import { CreateAccountPage } from '../features/accounts/create-account-page.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { SignUpPage } from '../features/auth/sign-up-page.tsx';
import { BudgetPage } from '../features/budgets/budget-page.tsx';
import { BudgetsPage } from '../features/budgets/budgets-page.tsx';
import { CryptoPage } from '../features/crypto/crypto-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { AccountGroupsSettings } from '../features/settings/account-groups-settings.tsx';
import { CategoriesSettings } from '../features/settings/categories-settings.tsx';
import { CurrenciesSettings } from '../features/settings/currencies/currencies-settings.tsx';
import { SettingsLayout } from '../features/settings/settings-layout.tsx';
import { UserSettings } from '../features/settings/user-settings.tsx';
import { TransactionsPage } from '../features/transactions/transactions-page.tsx';
import { WelcomePage } from '../features/welcome/welcome-page.tsx';
import { TOKEN_STORAGE_KEY } from '../lib/constants.ts';
import { setNavigator } from '../lib/navigation.ts';
import { local } from '../lib/storage.ts';
import { logout, useSessionStore } from '../stores/session.ts';
import { AppLoading } from './app-loading.tsx';
import { SIGN_IN_PATH } from './guards.ts';
import { AppShell } from './layout/app-shell.tsx';
import type { RouteHandle } from './layout/page-title.ts';
import { forwardTo, guestOnly, requireSession } from './loaders.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

const titled = (title: string): RouteHandle => ({ title });

/** The route table of SPEC §2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      // These only forward (their loaders always redirect), hence no element.
      // The root leads home, or to /welcome while there is no base currency.
      { index: true, loader: requireSession, element: null },
      // Analytics is disabled: straight back to the root.
      { path: 'analytics', loader: () => redirect('/'), element: null },
      { path: 'auth', loader: forwardTo(SIGN_IN_PATH), element: null },
      {
        loader: guestOnly,
        children: [
          { path: 'sign-in', element: <SignInPage /> },
          { path: 'sign-up', element: <SignUpPage /> },
        ],
      },
      { path: 'welcome', loader: requireSession, element: <WelcomePage /> },
      {
        loader: requireSession,
        element: <AppShell />,
        children: [
          {
            // Inside the shell, so a failing page keeps the navigation around its error.
            errorElement: <RouteError />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, handle: titled('Dashboard') },
              { path: 'accounts', element: <AccountsPage />, handle: titled('Accounts') },
              { path: 'account/:id', element: <AccountPage />, handle: titled('Account') },
              { path: 'create-account', element: <CreateAccountPage />, handle: titled('New account') },
              { path: 'crypto', element: <CryptoPage />, handle: titled('Crypto') },
              { path: 'budgets', element: <BudgetsPage />, handle: titled('Budgets') },
              { path: 'budgets/:id', element: <BudgetPage />, handle: titled('Budget') },
              { path: 'transactions', element: <TransactionsPage />, handle: titled('Transactions') },
              {
                path: 'settings',
                element: <SettingsLayout />,
                handle: titled('Settings'),
                children: [
                  { index: true, loader: forwardTo('/settings/categories'), element: null },
                  { path: 'categories', element: <CategoriesSettings /> },
                  { path: 'currencies', element: <CurrenciesSettings /> },
                  { path: 'accounts', element: <AccountGroupsSettings /> },
                  { path: 'user', element: <UserSettings /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Connects the router to the session: code outside React can navigate, a session that ends
 * (true → false) leads to sign-in (SPEC §2), and a sign-out or sign-in in another tab is followed.
 * Returns a function that disconnects it again.
 */
export function wireRouter(router: AppRouter): () => void {
  setNavigator((to) => void router.navigate(to));
  const unsubscribe = useSessionStore.subscribe((state, previous) => {
    if (previous.isLoggedIn && !state.isLoggedIn) void router.navigate(SIGN_IN_PATH);
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    const stored = local.get(TOKEN_STORAGE_KEY);
    if (stored === useSessionStore.getState().token) return;
    if (stored === null) logout();
    else window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
